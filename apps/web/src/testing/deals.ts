// The fixtures' deals in a given state, for tests and stories. The held deal's window is set from now: the mocks
// expire holds by the real clock, so the fixture's fixed date would turn it expired one day.
import { IMEI_CHECK_ATTEMPTS, type BuyerCheck } from '@recell/api';
import { bookings, seedImeis } from '@recell/api/fixtures';
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

/** The phone's IMEI as *#06# shows it (the seed's; the buyer never sees it in the app). */
export const HELD_IMEI = seedImeis.get(heldDeal.mobileId)!;

const buyerCheck = (changes: Partial<BuyerCheck>): BuyerCheck => ({
  state: 'not_started',
  imeiListed: true,
  imeiAttemptsLeft: IMEI_CHECK_ATTEMPTS,
  conditionMatched: false,
  signedOut: false,
  ...changes,
});

/** The held deal after the buyer's check: the IMEI matched and both boxes ticked; the code shows. */
export const checkedHold = (store: MockStore) =>
  freshHold(store, {
    buyerCheck: buyerCheck({ state: 'checked', conditionMatched: true, signedOut: true }),
  });

/** The buyer's IMEI matched; the two boxes are next. */
export const matchedHold = (store: MockStore) =>
  freshHold(store, { buyerCheck: buyerCheck({ state: 'matched' }) });

/** The buyer typed a wrong IMEI (`left` tries left). */
export const notMatchedHold = (store: MockStore, left = IMEI_CHECK_ATTEMPTS - 1) =>
  freshHold(store, { buyerCheck: buyerCheck({ state: 'not_matched', imeiAttemptsLeft: left }) });

/** 5 wrong IMEIs: the buyer's check is locked; they walk away, nothing charged. */
export const imeiLockedHold = (store: MockStore) =>
  freshHold(store, { buyerCheck: buyerCheck({ state: 'locked', imeiAttemptsLeft: 0 }) });

/** The buyer skipped the check: the code shows, the deal is not a verified handover. */
export const skippedHold = (store: MockStore) =>
  freshHold(store, { buyerCheck: buyerCheck({ state: 'skipped' }) });

/** The held deal after 5 wrong codes: the buyer no longer sees the code, the seller can no longer enter one. */
export const lockedHold = (store: MockStore) =>
  freshHold(store, {
    handoverLocked: true,
    handoverAttemptsLeft: 0,
    buyerCheck: buyerCheck({ state: 'checked', conditionMatched: true, signedOut: true }),
  });

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
