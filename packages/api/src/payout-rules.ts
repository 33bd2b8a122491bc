// The seller's money after the handover, and the buyer's claim window: the numbers, the transitions and the
// refusals the server enforces, the mocks copy and the web explains. A local deal cannot show everything at the
// meetup (a lock switched back on remotely, an IMEI blocked a day later), so the money waits a short window
// before it can leave, and a claim in that window holds it until an admin decides.
import type { components } from './generated/schema';

type EarningStatus = components['schemas']['EarningStatus'];
type ClaimKind = components['schemas']['ClaimKind'];
type PayoutAccountStatus = components['schemas']['PayoutAccountStatus'];
type ErrorCode = components['schemas']['ErrorCode'];

export const CLAIM_RULES = {
  /** Hours after the handover in which the buyer may open a claim; the earning is pending until then. */
  windowHours: 48,
  /** The device status is checked again at these hours after the handover; `blocked` opens a claim by itself. */
  recheckAtHours: [24, 47],
  /** Pictures a claim may carry. */
  maxPictures: 4,
} as const;

export const PAYOUT_RULES = {
  /** The smallest payout: an available balance under it waits for more. */
  minimumCents: 1000,
  /** The payout run pays every verified seller's available balance this often (the seller may also ask now). */
  runEveryHours: 24,
  /** A payout whose provider call this process started longer ago than this is retried with its same key. */
  retryAfterSeconds: 300,
} as const;

/**
 * The local payout provider's test accounts (after Stripe's test bank numbers): verified and restricted; any
 * other valid pair is pending until the provider's review, which passes on the next read of the account.
 */
export const LOCAL_PAYOUT_ACCOUNTS = {
  routingNumber: '110000000',
  verified: '000123456789',
  restricted: '000111111116',
} as const;

/** When a deal completed at `completedAt` leaves its claim window. */
export function claimWindowEnds(completedAt: Date | string): Date {
  return new Date(new Date(completedAt).getTime() + CLAIM_RULES.windowHours * 3_600_000);
}

/**
 * Where each state may go. pending: a claim holds it, or the window closes (available). on_hold: the admin
 * refunds, or releases it (back to pending inside the window, available after). available: a payout takes it
 * (paying). paying: paid out, or the payout failed (available again). paid_out and refunded are final: nothing
 * (moderation, account deletion, a claim) erases or doubles an amount.
 */
export const EARNING_TRANSITIONS = {
  pending: ['on_hold', 'available'],
  on_hold: ['pending', 'available', 'refunded'],
  available: ['paying'],
  paying: ['paid_out', 'available'],
  paid_out: [],
  refunded: [],
} as const satisfies Record<EarningStatus, readonly EarningStatus[]>;

export function canEarningMove(from: EarningStatus, to: EarningStatus): boolean {
  return (EARNING_TRANSITIONS[from] as readonly EarningStatus[]).includes(to);
}

/** The states an earning may move to `to` from: the server's SQL writes them into each move's WHERE. */
export function earningMovesFrom(to: EarningStatus): EarningStatus[] {
  return (Object.keys(EARNING_TRANSITIONS) as EarningStatus[]).filter((from) => canEarningMove(from, to));
}

/** The hidden failures, in words (the claim form's choices, the admin's queue, the emails). */
export const claimKindWords: Record<ClaimKind, string> = {
  activation_lock: 'An activation or account lock came back',
  imei_blocked: 'The IMEI was reported blocked or lost',
  network_locked: 'It is locked to a network',
  no_power: 'It does not power on',
};

/** What the buyer is told where they decide to open a claim (and the seller where they see it). */
export const claimWindowWords = (until: string) =>
  `Until ${until}, report a hidden problem the meetup could not show: a lock that came back, a blocked IMEI, ` +
  "a network lock, or a phone that does not power on. The seller's money waits until an admin decides.";

/** An earning's state in words; `date` and `last4` as the caller formats them. */
export const earningWords = {
  status(
    status: EarningStatus,
    facts: { availableOn?: string; paidOn?: string; last4?: string } = {},
  ): string {
    switch (status) {
      case 'pending':
        return facts.availableOn ? `Available on ${facts.availableOn}` : 'Pending';
      case 'on_hold':
        return 'On hold: the buyer reported a problem';
      case 'available':
        return 'Available';
      case 'paying':
        return 'Paying out';
      case 'paid_out':
        return `Paid out${facts.paidOn ? ` ${facts.paidOn}` : ''}${facts.last4 ? ` to the account ending ${facts.last4}` : ''}`;
      case 'refunded':
        return 'Refunded to the buyer after a claim';
    }
  },
};

/** The payout account's state in words, for the seller's settings page. */
export const payoutAccountWords: Record<PayoutAccountStatus, string> = {
  not_started: 'Add a bank account to be paid out.',
  pending: 'Your bank details are being verified.',
  verified: 'Payouts are on.',
  restricted: 'Payouts are paused: the provider needs something from you.',
};

/** A refusal of a claim or a payout: the contract's Error body, as the server sends it and the mocks copy it. */
export interface PayoutRefusal {
  status: 409 | 422;
  message: string;
  code: ErrorCode;
}

export const claimRefusals = {
  notCompleted: (): PayoutRefusal => ({
    status: 409,
    message: 'A claim can be opened only after the handover',
    code: 'not_completed',
  }),
  windowClosed: (): PayoutRefusal => ({
    status: 422,
    message: `The ${CLAIM_RULES.windowHours}-hour window for reporting a hidden problem has closed`,
    code: 'claim_window_closed',
  }),
  open: (): PayoutRefusal => ({
    status: 409,
    message: 'This deal already has a claim',
    code: 'claim_open',
  }),
  decided: (status: 'refunded' | 'released'): PayoutRefusal => ({
    status: 409,
    message: `This claim was already ${status}`,
    code: 'claim_decided',
  }),
};

export const payoutRefusals = {
  notEnabled: (status: PayoutAccountStatus): PayoutRefusal => ({
    status: 409,
    message:
      status === 'restricted'
        ? 'Payouts are paused on your account: see what the provider needs'
        : status === 'pending'
          ? 'Your bank details are still being verified'
          : 'Add your bank account before paying out',
    code: 'payouts_not_enabled',
  }),
  belowMinimum: (availableCents: number): PayoutRefusal => ({
    status: 422,
    message: `Payouts start at $${(PAYOUT_RULES.minimumCents / 100).toFixed(2)}; $${(availableCents / 100).toFixed(2)} is available`,
    code: 'below_payout_minimum',
  }),
};
