// The fixtures' deals in a given state, for tests and stories. The held deal's window is set from now: the mocks
// expire holds by the real clock, so the fixture's fixed date would turn it expired one day.
import { bookings } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';

type StoredBooking = MockStore['bookings'][number];

/** The demo buyer's held deal (of a demo seller's listing); its code is the fixture's. */
export const heldDeal = bookings.find((booking) => booking.status === 'held')!;
export const HANDOVER_CODE = heldDeal.handoverCode!;

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Changes one booking of the store in place. */
export function seedBooking(store: MockStore, id: string, changes: Partial<StoredBooking>) {
  store.bookings = store.bookings.map((booking) =>
    booking._id === id ? { ...booking, ...changes } : booking,
  );
}

/** The held deal, 3 days (and a half hour, so the words do not depend on the test's speed) from its expiry. */
export function freshHold(store: MockStore, changes: Partial<StoredBooking> = {}) {
  seedBooking(store, heldDeal._id, { holdExpiresAt: hoursFromNow(72.5), ...changes });
}

/** The held deal after 5 wrong codes: the buyer no longer sees the code, the seller can no longer enter one. */
export const lockedHold = (store: MockStore) =>
  freshHold(store, { handoverLocked: true, handoverAttemptsLeft: 0 });

/** The held deal ended another way (the hold's fields gone, as the mocks' `end` and `complete` leave it). */
export function endedHold(store: MockStore, status: 'declined' | 'expired' | 'cancelled' | 'completed') {
  const ended: StoredBooking = {
    ...heldDeal,
    status,
    paid: status === 'completed',
    cancelled: status !== 'completed',
    ...(status === 'cancelled' ? { cancelledBy: 'buyer' as const } : {}),
    ...(status === 'completed' ? { completedAt: hoursFromNow(-1) } : { endedAt: hoursFromNow(-1) }),
  };
  delete ended.handoverCode;
  delete ended.holdExpiresAt;
  delete ended.handoverAttemptsLeft;
  delete ended.handoverLocked;
  store.bookings = store.bookings.map((booking) => (booking._id === heldDeal._id ? ended : booking));
}
