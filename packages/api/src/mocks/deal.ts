// The safe deal in the mocks, as the server runs it (apps/server/src/modules/deals/): a hold reserves a
// unit; capture by handover code, or a void (cancel, not as described, decline, expiry) that gives the unit back.
import type { components } from '../generated/schema';
import {
  buyerCheckOf,
  canMove,
  codeShown,
  DEFAULT_HOLD_WINDOW_HOURS,
  HANDOVER_ATTEMPTS,
  IMEI_CHECK_ATTEMPTS,
  type BuyerCheckFacts,
  type DealEnding,
} from '../deal-rules';
import { sameEmail } from '../rules';
import { voidOpenOffers } from './offer-ending';
import { claimOf, claimUntil, earn, isClaimParty } from './payouts';
import type { MockStore } from './store';
import { fail } from './support';

type Booking = components['schemas']['Booking'];
type StoredBooking = MockStore['bookings'][number];

/** The server's default hold window (HOLD_WINDOW_HOURS). */
export const HOLD_WINDOW_MS = DEFAULT_HOLD_WINDOW_HOURS * 60 * 60 * 1000;

/** The deal clock: the real one, moved forward by QA's advanceDemoClock. */
export const dealNow = (store: MockStore) => new Date(Date.now() + store.clockOffsetMs);

const mobileOf = (store: MockStore, booking: StoredBooking) =>
  store.mobiles.find((mobile) => mobile._id === booking.mobileId);

/** Authorized: the booking is held and one unit reserved (the caller checked that one is left). */
export function hold(store: MockStore, booking: StoredBooking, transaction: string) {
  if (!canMove(booking.status, 'held')) fail(409, 'This booking is already paid', 'already_paid');
  const at = dealNow(store);
  const mobile = mobileOf(store, booking) ?? fail(409, 'This phone is sold out', 'sold_out');
  mobile.stock -= 1;
  // the last unit went: every open offer on the listing ends, its card let go (the design's money flow, 6)
  if (mobile.stock === 0) voidOpenOffers(store, mobile._id, 'sold_elsewhere');
  Object.assign(booking, {
    status: 'held',
    transaction,
    heldAt: at.toISOString(),
    holdExpiresAt: new Date(at.getTime() + HOLD_WINDOW_MS).toISOString(),
    handoverCode: String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0'),
    handoverAttemptsLeft: HANDOVER_ATTEMPTS,
    handoverLocked: false,
  } satisfies Partial<Booking>);
  store.payments.push({
    _id: store.nextId('p'),
    bookingId: booking._id,
    transaction,
    price: booking.price,
    email: booking.email,
    status: 'held',
  });
}

const paymentOf = (store: MockStore, booking: StoredBooking) =>
  store.payments.find((payment) => payment.bookingId === booking._id);

function clearHold(booking: StoredBooking) {
  delete booking.holdExpiresAt;
  delete booking.handoverCode;
  delete booking.buyerCheck;
  delete booking.handoverAttemptsLeft;
  delete booking.handoverLocked;
}

/** Ends an unpaid or held booking; a hold is voided and its unit restored. Ending an ended one changes nothing. */
export function end(store: MockStore, booking: StoredBooking, status: DealEnding, by?: 'buyer' | 'listing') {
  if (!canMove(booking.status, status)) return;
  if (booking.status === 'held') {
    const mobile = mobileOf(store, booking);
    if (mobile) mobile.stock += 1;
    const payment = paymentOf(store, booking);
    if (payment) payment.status = 'voided';
  }
  clearHold(booking);
  booking.status = status;
  booking.cancelled = true;
  if (status === 'cancelled') booking.cancelledBy = by ?? 'buyer';
  booking.endedAt = dealNow(store).toISOString();
}

/**
 * The listing's price went below the booking's since it was booked: the buyer pays the lower (before paying, or
 * at the handover); a raise never reaches a booking. As the server's `lowerToListingPrice`.
 */
export function lowerToListingPrice(store: MockStore, booking: StoredBooking) {
  const now = mobileOf(store, booking)?.resale_price;
  if (now === undefined || now >= booking.price) return;
  if (booking.status !== 'unpaid' && booking.status !== 'held') return;
  booking.bookedPrice ??= booking.price;
  booking.price = now;
}

export function complete(store: MockStore, booking: StoredBooking) {
  // as the server's conditional UPDATE: a move the rulebook does not have changes nothing
  if (!canMove(booking.status, 'completed')) return;
  lowerToListingPrice(store, booking);
  clearHold(booking);
  booking.status = 'completed';
  booking.paid = true;
  booking.completedAt = dealNow(store).toISOString();
  const payment = paymentOf(store, booking);
  if (payment) payment.status = 'captured';
  // in the completing transaction, as the server's `earned` port: the seller's earning, pending its window
  earn(store, booking);
}

/** The expiry job: every hold past its window is voided. Returns how many. */
export function expireHolds(store: MockStore): number {
  const at = dealNow(store).toISOString();
  const due = store.bookings.filter(
    (booking) => booking.status === 'held' && (booking.holdExpiresAt ?? '') <= at,
  );
  for (const booking of due) end(store, booking, 'expired');
  return due.length;
}

/**
 * The buyer's check as kept on a stored booking (`buyerCheck`, absent until they start): the server keeps its
 * facts in columns; the mocks read them back from the contract's shape (a skip after a match forgets the match).
 */
export function buyerCheckFactsOf(store: MockStore, booking: StoredBooking): BuyerCheckFacts {
  const check = booking.buyerCheck;
  const imeiListed = store.imeis.has(booking.mobileId);
  return {
    imeiListed,
    wrongImeis: IMEI_CHECK_ATTEMPTS - (check?.imeiAttemptsLeft ?? IMEI_CHECK_ATTEMPTS),
    imeiMatched: check?.state === 'matched' || (check?.state === 'checked' && imeiListed),
    conditionMatched: check?.conditionMatched === true,
    signedOut: check?.signedOut === true,
    skipped: check?.state === 'skipped',
  };
}

/**
 * As the server answers: sold out worked out from stock; the buyer's check and the handover code only to the
 * booking's buyer while held, the code once their check is done or skipped.
 */
export function view(store: MockStore, booking: StoredBooking, viewer: { email: string }): Booking {
  const { handoverCode, buyerCheck: _kept, ...rest } = booking;
  const buyers = sameEmail(booking.email, viewer.email) && booking.status === 'held';
  const buyerCheck = buyers ? buyerCheckOf(buyerCheckFactsOf(store, booking)) : undefined;
  const code =
    buyerCheck && codeShown(buyerCheck) && !booking.handoverLocked
      ? { handoverCode, buyerCheck }
      : { buyerCheck };
  const buyer = store.users.find((user) => sameEmail(user.email, booking.email));
  const conversation = store.conversations.find(
    (candidate) => candidate.mobileId === booking.mobileId && candidate.buyerId === buyer?._id,
  );
  // the claim window to the buyer (while open, none yet); the claim itself to the buyer and the seller
  const until = sameEmail(booking.email, viewer.email) ? claimUntil(store, booking) : undefined;
  const claim = claimOf(store, booking._id);
  return {
    ...rest,
    ...(buyerCheck ? code : {}),
    ...(conversation ? { conversationId: conversation._id } : {}),
    ...(until ? { claimUntil: until } : {}),
    ...(claim && isClaimParty(claim, viewer)
      ? { claim: { _id: claim._id, kind: claim.kind, status: claim.status } }
      : {}),
    soldOut: (mobileOf(store, booking)?.stock ?? 0) === 0,
  };
}
