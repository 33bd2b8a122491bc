// The offers' rulebook: the numbers, the transitions and the refusals that the server enforces, the mocks copy
// and the web explains. An offer holds the buyer's card from the start, so an accepted offer is already a held
// deal: nobody accepts a price that is then never paid.
import type { components } from './generated/schema';
import { MAX_HOLD_WINDOW_HOURS } from './deal-rules';
import { toCents } from './money';

type OfferStatus = components['schemas']['OfferStatus'];
type ErrorCode = components['schemas']['ErrorCode'];

export const OFFER_RULES = {
  /** Each offer and each counter is answered within this, or it expires and the card is let go. */
  ttlHours: 24,
  /** Offers one buyer may make on one listing, ever (declined by the floor counts too: no probing the floor). */
  perListing: 3,
  /** An offer under this share of the asking price is refused with its reason. */
  minShare: 0.5,
  /** The voiding job's tick: an ended offer's authorization is let go within this (seconds). */
  voidWithinSeconds: 60,
} as const;

/** Open offers: the card is (or is about to be) authorized and someone is yet to answer. */
export const OPEN_OFFER_STATUSES = [
  'awaiting_card',
  'pending',
  'countered',
] as const satisfies readonly OfferStatus[];

export const isOpenOffer = (status: OfferStatus) =>
  (OPEN_OFFER_STATUSES as readonly OfferStatus[]).includes(status);

/**
 * Where each state may go. awaiting_card: the card authorized (pending), or ends. pending: the seller accepts,
 * counters or declines; the buyer withdraws; it expires, or is voided when the unit goes elsewhere. countered:
 * the buyer accepts by authorizing the counter, or declines; the rest as pending. The last five are final.
 */
export const OFFER_TRANSITIONS = {
  awaiting_card: ['pending', 'declined', 'withdrawn', 'expired', 'voided'],
  pending: ['accepted', 'countered', 'declined', 'withdrawn', 'expired', 'voided'],
  countered: ['accepted', 'declined', 'withdrawn', 'expired', 'voided'],
  accepted: [],
  declined: [],
  withdrawn: [],
  expired: [],
  voided: [],
} as const satisfies Record<OfferStatus, readonly OfferStatus[]>;

export function canOfferMove(from: OfferStatus, to: OfferStatus): boolean {
  return (OFFER_TRANSITIONS[from] as readonly OfferStatus[]).includes(to);
}

/** The states an offer may move to `to` from: the server's SQL writes them into each transition's WHERE. */
export function offerMovesFrom(to: OfferStatus): OfferStatus[] {
  return (Object.keys(OFFER_TRANSITIONS) as OfferStatus[]).filter((from) => canOfferMove(from, to));
}

/** When an offer or counter made at `at` expires unanswered. */
export function offerExpiresAt(at: Date): Date {
  return new Date(at.getTime() + OFFER_RULES.ttlHours * 3_600_000);
}

/**
 * When the held deal of an accepted offer expires: the deal's window from acceptance, but never past the card
 * network's limit counted from when the card was authorized (the offer's age is already spent of it).
 */
export function acceptedHoldExpiresAt(authorizedAt: Date, acceptedAt: Date, windowHours: number): Date {
  const byWindow = acceptedAt.getTime() + windowHours * 3_600_000;
  const byAuthorization = authorizedAt.getTime() + MAX_HOLD_WINDOW_HOURS * 3_600_000;
  return new Date(Math.min(byWindow, byAuthorization));
}

/** The least a buyer may offer, in dollars (cents rounded up: half of $451 is $225.50). */
export function lowestOffer(askingPrice: number): number {
  return Math.ceil(toCents(askingPrice) * OFFER_RULES.minShare) / 100;
}

/** Offers left to a buyer who has made `made` on a listing. */
export const offersLeft = (made: number) => Math.max(0, OFFER_RULES.perListing - made);

/** A refusal of an offer: the contract's Error body, as the server sends it and the mocks copy it. */
export interface OfferRefusal {
  status: 403 | 409 | 422;
  message: string;
  code?: ErrorCode;
}

const dollars = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

/** The words for each refusal, in one place. */
export const offerRefusals = {
  ownListing: (): OfferRefusal => ({ status: 403, message: 'You cannot make an offer on your own listing' }),
  notYours: (): OfferRefusal => ({ status: 403, message: 'This offer is not on your listing' }),
  notYourOffer: (): OfferRefusal => ({ status: 403, message: 'This is not your offer' }),
  tooLow: (askingPrice: number): OfferRefusal => ({
    status: 422,
    message: `An offer must be at least half the asking price (${dollars(lowestOffer(askingPrice))})`,
    code: 'offer_too_low',
  }),
  notBelowPrice: (askingPrice: number): OfferRefusal => ({
    status: 422,
    message: `An offer must be under the asking price (${dollars(askingPrice)}): book it at that price instead`,
    code: 'offer_not_below_price',
  }),
  noneLeft: (): OfferRefusal => ({
    status: 422,
    message: `You have made ${OFFER_RULES.perListing} offers on this phone, the most allowed: book it at its price, or message the seller`,
    code: 'too_many_offers',
  }),
  open: (): OfferRefusal => ({
    status: 409,
    message: 'You already have an open offer on this phone: wait for the answer, or withdraw it first',
    code: 'offer_open',
  }),
  /** The buyer's card is already held for this phone at its price: an offer would hold it twice. */
  dealHeld: (): OfferRefusal => ({
    status: 409,
    message: 'You already hold a deal on this phone: meet the seller, or walk away from that deal first',
    code: 'already_paid',
  }),
  counterOutOfRange: (offer: number, askingPrice: number): OfferRefusal => ({
    status: 422,
    message: `A counter must be above the offer (${dollars(offer)}) and not above the asking price (${dollars(askingPrice)})`,
    code: 'counter_out_of_range',
  }),
  floorNotBelowPrice: (askingPrice: number): OfferRefusal => ({
    status: 422,
    message: `The floor must be under the asking price (${dollars(askingPrice)})`,
    code: 'floor_not_below_price',
  }),
  /** The offer is not (or no longer) open to this answer, told by what it is now. */
  ended: (status: OfferStatus): OfferRefusal => ({
    status: 409,
    message:
      status === 'expired'
        ? 'This offer expired: 24 hours passed without an answer'
        : status === 'accepted'
          ? 'This offer was accepted: it is a held deal now'
          : status === 'awaiting_card'
            ? 'This offer is waiting for the card: the seller has not seen it'
            : `This offer is ${status}`,
    code: 'offer_ended',
  }),
};

/**
 * Checks a new offer of `amount` against the asking price and what the buyer already made; null when it may be
 * made (the floor is not a refusal: under it, the offer is made and declined at once).
 */
export function offerRefusal(amount: number, askingPrice: number, made: number): OfferRefusal | null {
  if (offersLeft(made) === 0) return offerRefusals.noneLeft();
  if (amount >= askingPrice) return offerRefusals.notBelowPrice(askingPrice);
  if (amount < lowestOffer(askingPrice)) return offerRefusals.tooLow(askingPrice);
  return null;
}

/** A counter must sit above the offer and not above the asking price. */
export function counterRefusal(counter: number, offer: number, askingPrice: number): OfferRefusal | null {
  return counter > offer && counter <= askingPrice
    ? null
    : offerRefusals.counterOutOfRange(offer, askingPrice);
}

/** Under the seller's floor: declined at once, without saying the floor. */
export const belowFloor = (amount: number, floor: number | null | undefined) =>
  floor !== null && floor !== undefined && amount < floor;

/** What each side reads about an offer (the web, the bell and the emails). */
export const offerWords = {
  held: (amount: number) => `${dollars(amount)} held on your card`,
  /** Beside the Make an offer button: the protection, where the decision is made. */
  promise: () =>
    `Your card is held for the amount you offer, not charged. If the seller accepts, it is a safe deal at that price; if not, or after ${OFFER_RULES.ttlHours} h, the hold ends with nothing charged.`,
  left: (left: number) =>
    left === 0
      ? 'No offers left on this phone'
      : `${left} ${left === 1 ? 'offer' : 'offers'} left on this phone`,
  /** The offer's state as one side reads it: who is to answer is said from where the reader stands. */
  status: (status: OfferStatus, side: 'buyer' | 'seller' = 'buyer'): string =>
    ({
      awaiting_card: 'Waiting for your card',
      pending: side === 'buyer' ? 'Waiting for the seller' : 'Waiting for your answer',
      countered: side === 'buyer' ? 'Countered: your answer' : 'Countered: waiting for the buyer',
      accepted: 'Accepted: a held deal',
      declined: 'Declined',
      withdrawn: 'Withdrawn',
      expired: 'Expired',
      voided: 'Ended: the phone sold',
    })[status],
  dollars,
};
