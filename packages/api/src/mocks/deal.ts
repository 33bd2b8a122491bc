// The safe deal in the mocks, as the server runs it (apps/server/src/modules/deals/): a hold reserves a
// unit; capture by handover code, or a void (cancel, not as described, decline, expiry) that gives the unit back.
import type { components } from '../generated/schema';
import { DEFAULT_HOLD_WINDOW_HOURS, HANDOVER_ATTEMPTS, type DealEnding } from '../deal-rules';
import { sameEmail } from '../rules';
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
  const at = dealNow(store);
  const mobile = mobileOf(store, booking) ?? fail(409, 'This phone is sold out', 'sold_out');
  mobile.stock -= 1;
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
  delete booking.handoverAttemptsLeft;
  delete booking.handoverLocked;
}

/** Ends an unpaid or held booking; a hold is voided and its unit restored. Ending an ended one changes nothing. */
export function end(store: MockStore, booking: StoredBooking, status: DealEnding, by?: 'buyer' | 'listing') {
  if (booking.status !== 'unpaid' && booking.status !== 'held') return;
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
  lowerToListingPrice(store, booking);
  clearHold(booking);
  booking.status = 'completed';
  booking.paid = true;
  booking.completedAt = dealNow(store).toISOString();
  const payment = paymentOf(store, booking);
  if (payment) payment.status = 'captured';
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

/** As the server answers: sold out worked out from stock; the handover code only to the booking's buyer. */
export function view(store: MockStore, booking: StoredBooking, viewer: { email: string }): Booking {
  const { handoverCode, ...rest } = booking;
  const code = sameEmail(booking.email, viewer.email) && !booking.handoverLocked ? { handoverCode } : {};
  const buyer = store.users.find((user) => sameEmail(user.email, booking.email));
  const conversation = store.conversations.find(
    (candidate) => candidate.mobileId === booking.mobileId && candidate.buyerId === buyer?._id,
  );
  return {
    ...rest,
    ...(handoverCode ? code : {}),
    ...(conversation ? { conversationId: conversation._id } : {}),
    soldOut: (mobileOf(store, booking)?.stock ?? 0) === 0,
  };
}
