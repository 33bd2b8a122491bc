// The safe deal's rulebook: the numbers, the transitions and the refusals that the server enforces, the mocks
// copy and the web explains. Changing a rule here changes it for all three (the server's SQL reads these
// constants too; a test holds the migrations' CHECK to them).
import type { components } from './generated/schema';

type DealStatus = components['schemas']['DealStatus'];
type ErrorCode = components['schemas']['ErrorCode'];

/** Wrong handover codes a seller may enter before the handover locks (the code space is 10^6). */
export const HANDOVER_ATTEMPTS = 5;

/** How long a hold waits for the handover: 5 days by default (HOLD_WINDOW_HOURS on the server). */
export const DEFAULT_HOLD_WINDOW_HOURS = 120;
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

/** The sentence a person reads about a locked handover (web and stories). */
export const HANDOVER_LOCKED_TEXT = `Handover locked: ${HANDOVER_ATTEMPTS} wrong codes were entered.`;
