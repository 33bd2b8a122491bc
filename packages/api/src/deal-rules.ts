// The safe deal's rulebook: the numbers, the transitions and the refusals that the server enforces, the mocks
// copy and the web explains. Changing a rule here changes it for all three (the server's SQL reads these
// constants too; a test holds the migrations' CHECK to them).
import type { components } from './generated/schema';

type DealStatus = components['schemas']['DealStatus'];
type ErrorCode = components['schemas']['ErrorCode'];
type BuyerCheck = components['schemas']['BuyerCheck'];

/** Wrong handover codes a seller may enter before the handover locks (the code space is 10^6). */
export const HANDOVER_ATTEMPTS = 5;

/**
 * Wrong IMEIs the buyer may type at the meetup before their check locks (an IMEI is never shown to them, so
 * the tries are few: 15 digits cannot be guessed in 5, and nobody probes the listing's IMEI).
 */
export const IMEI_CHECK_ATTEMPTS = 5;

/** How long a hold waits for the handover: 5 days by default (HOLD_WINDOW_HOURS on the server). */
export const DEFAULT_HOLD_WINDOW_HOURS = 120;
/**
 * The safe deal's promise with its numbers, wherever it is said: how long the card is held, what pays
 * the seller, what ends it with nothing charged. `short` beside Book and Pay, `whole` on the receipt.
 */
export const safeDealWords = {
  short: (hours = DEFAULT_HOLD_WINDOW_HOURS) =>
    `Your card is held, not charged, for up to ${hours} h; the seller is paid only with your code at the meetup.`,
  whole: (hours = DEFAULT_HOLD_WINDOW_HOURS) =>
    `Your card is held, not charged, for up to ${hours} hours (${hours / 24} days). The seller is paid only ` +
    `when you give your handover code at the meetup; walk away, or let the ${hours} hours pass, and the hold ` +
    'ends with nothing charged.',
};

/** A hold never outlives the card network's 7-day authorization: 6 days at most. */
export const MAX_HOLD_WINDOW_HOURS = 144;

/** How a deal ends without a sale. */
export type DealEnding = 'cancelled' | 'declined' | 'expired';

/**
 * Where each state may go. Unpaid: paid (held), or called off. Held: the right code (completed), walked away
 * from, declined, or expired. The last four are final.
 */
export const DEAL_TRANSITIONS = {
  unpaid: ['held', 'cancelled', 'declined'],
  held: ['completed', 'cancelled', 'declined', 'expired'],
  completed: [],
  cancelled: [],
  declined: [],
  expired: [],
} as const satisfies Record<DealStatus, readonly DealStatus[]>;

export function canMove(from: DealStatus, to: DealStatus): boolean {
  return (DEAL_TRANSITIONS[from] as readonly DealStatus[]).includes(to);
}

/**
 * The states a deal may move to `to` from, read off DEAL_TRANSITIONS: the server's repository writes them into
 * each transition's WHERE clause and the mocks check them, so the table is the rule, not a description of it.
 */
export function movesFrom(to: DealStatus): DealStatus[] {
  return (Object.keys(DEAL_TRANSITIONS) as DealStatus[]).filter((from) => canMove(from, to));
}

/** A refusal of the deal: the contract's Error body, as the server sends it and the mocks copy it. */
export interface DealRefusal {
  status: 409 | 422;
  message: string;
  code: ErrorCode;
  details?: { attemptsLeft: number };
}

/** The words for each refusal, in one place. */
export const dealRefusals = {
  /** The deal is not (or no longer) held, told by what it is now. */
  notHeld(status: DealStatus): DealRefusal {
    if (status === 'completed')
      return { status: 409, message: 'This deal is complete', code: 'already_paid' };
    if (status === 'expired') {
      return { status: 409, message: 'The hold expired before the handover', code: 'expired' };
    }
    return { status: 409, message: `This deal is ${status}, not held`, code: 'not_held' };
  },
  /** A move the deal's table (DEAL_TRANSITIONS) does not have from where the deal is. */
  cannotMove: (from: DealStatus, to: DealStatus): DealRefusal => ({
    status: 409,
    message: `A ${from} deal cannot become ${to}`,
    code: 'not_held',
  }),
  handoverLocked: (): DealRefusal => ({
    status: 409,
    message: 'Too many wrong codes: the handover is locked',
    code: 'handover_locked',
    details: { attemptsLeft: 0 },
  }),
  wrongCode: (attemptsLeft: number): DealRefusal => ({
    status: 422,
    message:
      attemptsLeft === 0
        ? 'That code is not right: the handover is now locked'
        : `That code is not right: ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left`,
    code: 'wrong_code',
    details: { attemptsLeft },
  }),
  paidNotCancellable: (): DealRefusal => ({
    status: 409,
    message: 'A paid booking cannot be cancelled',
    code: 'already_paid',
  }),
};

/** What the buyer does after their IMEI check locked: said by the server, the mocks and the web alike. */
export const IMEI_CHECK_LOCKED_TEXT = `${IMEI_CHECK_ATTEMPTS} wrong IMEIs: this phone's check is locked. Do not give your code: walk away from the deal, and nothing is charged to your card.`;

/** The refusals of the buyer's check at the meetup, in one place. */
export const buyerCheckRefusals = {
  locked: (): DealRefusal => ({
    status: 409,
    message: IMEI_CHECK_LOCKED_TEXT,
    code: 'imei_check_locked',
    details: { attemptsLeft: 0 },
  }),
  skipped: (): DealRefusal => ({
    status: 409,
    message: 'You skipped the check: your handover code is already shown',
    code: 'check_skipped',
  }),
  done: (): DealRefusal => ({
    status: 409,
    message: 'Your check is done: your handover code is already shown',
    code: 'check_done',
  }),
  imeiFirst: (): DealRefusal => ({
    status: 409,
    message: 'Check the IMEI first: dial *#06# on the phone and type the 15 digits it shows.',
    code: 'imei_not_checked',
  }),
  noImei: (): DealRefusal => ({
    status: 409,
    message: 'This listing has no IMEI to check against: tick what you saw, or skip the check',
    code: 'no_imei',
  }),
};

/** The sentence the buyer reads after a wrong IMEI (web and stories). */
export const imeiNotMatchedText = (attemptsLeft: number) =>
  attemptsLeft === 0
    ? IMEI_CHECK_LOCKED_TEXT
    : `That is not the IMEI of the phone you booked: ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left. Dial *#06# again and type the 15 digits it shows.`;

/** The sentence a person reads about a locked handover (web and stories). */
export const HANDOVER_LOCKED_TEXT = `Handover locked: ${HANDOVER_ATTEMPTS} wrong codes were entered.`;

/** What is kept of the buyer's check (the server's columns, the mocks' store). */
export interface BuyerCheckFacts {
  /** the listing has an IMEI to check against */
  imeiListed: boolean;
  wrongImeis: number;
  imeiMatched: boolean;
  conditionMatched: boolean;
  signedOut: boolean;
  skipped: boolean;
}

/** The buyer's check as the booking view tells it; the handover code shows only when `checked` or `skipped`. */
export function buyerCheckOf(facts: BuyerCheckFacts): BuyerCheck {
  const imeiDone = facts.imeiMatched || !facts.imeiListed;
  const state: BuyerCheck['state'] = facts.skipped
    ? 'skipped'
    : imeiDone && facts.conditionMatched && facts.signedOut
      ? 'checked'
      : facts.imeiMatched
        ? 'matched'
        : facts.wrongImeis >= IMEI_CHECK_ATTEMPTS
          ? 'locked'
          : facts.wrongImeis > 0
            ? 'not_matched'
            : 'not_started';
  return {
    state,
    imeiListed: facts.imeiListed,
    imeiAttemptsLeft: Math.max(0, IMEI_CHECK_ATTEMPTS - facts.wrongImeis),
    conditionMatched: facts.conditionMatched,
    signedOut: facts.signedOut,
  };
}

/** The buyer may see their handover code: their check is done, or they chose to skip it. */
export const codeShown = (check: BuyerCheck) => check.state === 'checked' || check.state === 'skipped';
