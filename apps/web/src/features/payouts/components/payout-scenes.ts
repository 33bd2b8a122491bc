// The payouts stories' scenes: the mock store with the demo seller's money in one state, their account in one
// state, and a claim open or decided, made the way the mocks' handlers make them (so the screens read what the
// server would answer).
import { LOCAL_PAYOUT_ACCOUNTS } from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import { decideClaim, earn, openClaim, payOut, submitLocalDetails, type MockStore } from '@recell/api/mocks';

const { seller, buyer } = demoAccounts;
type StoredBooking = MockStore['bookings'][number];

/** A deal of the demo buyer's on the demo seller's iPhone 13 at `price`, its handover `hoursAgo` (deal clock). */
export function completedDeal(store: MockStore, hoursAgo: number, price = 435): StoredBooking {
  const mobile = store.mobiles.find((candidate) => candidate._id === 'm-apple-iphone-13')!;
  const completedAt = new Date(Date.now() + store.clockOffsetMs - hoursAgo * 3_600_000).toISOString();
  const booking: StoredBooking = {
    _id: store.nextId('b'),
    mobileId: mobile._id,
    bookingTime: completedAt,
    MobileName: mobile.title,
    buyer: buyer.name,
    email: buyer.email,
    phone: '+880 1911 222333',
    price,
    location: mobile.location,
    bookingId: mobile.bookingId,
    picture: mobile.picture,
    paid: true,
    cancelled: false,
    status: 'completed',
    completedAt,
  };
  store.bookings.push(booking);
  earn(store, booking);
  return booking;
}

export const claimText = 'After a restart it asked for the previous owner’s Apple ID.';

export const openOn = (store: MockStore, booking: StoredBooking) =>
  openClaim(store, booking, { kind: 'activation_lock', text: claimText });

/** The demo seller's account verified with the local provider's good test number (ending 6789). */
export function verified(store: MockStore) {
  submitLocalDetails(store, seller, {
    holderName: seller.name,
    routingNumber: LOCAL_PAYOUT_ACCOUNTS.routingNumber,
    accountNumber: LOCAL_PAYOUT_ACCOUNTS.verified,
  });
}

/** The demo seller's account in this state (the seed's is restricted). */
export const accountIn =
  (status: 'not_started' | 'pending' | 'verified' | 'restricted') => (store: MockStore) => {
    const account = store.payoutAccounts.find((candidate) => candidate.sellerId === seller._id)!;
    if (status === 'verified') verified(store);
    else if (status === 'pending') Object.assign(account, { status, last4: '3334', requirements: [] });
    else if (status === 'not_started') {
      Object.assign(account, { status, requirements: [] });
      delete account.last4;
      delete account.holderName;
    }
  };

/** Only one earning of the demo seller's, in this state ($435 on the iPhone 13). */
export const earningIn =
  (status: 'pending' | 'on_hold' | 'available' | 'paid_out' | 'refunded') => (store: MockStore) => {
    store.earnings = [];
    const recent = status === 'available' || status === 'paid_out' ? 60 : 2;
    const booking = completedDeal(store, recent);
    if (status === 'available') store.earnings[0]!.status = 'available';
    if (status === 'on_hold') openOn(store, booking);
    if (status === 'refunded')
      decideClaim(store, openOn(store, booking), 'refund', 'The lock was still on: refunded.');
    if (status === 'paid_out') {
      store.earnings[0]!.status = 'available';
      verified(store);
      payOut(store, seller);
    }
  };

/** Three payouts already made: the history is full. */
export function paidThrice(store: MockStore) {
  verified(store);
  for (const price of [120, 250, 435]) {
    completedDeal(store, 60, price);
    store.earnings.forEach((earning) => {
      if (earning.status === 'pending') earning.status = 'available';
    });
    payOut(store, seller);
  }
}

export const decisionReasons = {
  refunded: 'The lock was still on: refunded.',
  released: 'The seller showed the lock was removed.',
} as const;

/** A claim `cl-story` on a fresh deal of the demo buyer's with the demo seller: open, or decided one way. */
export const claimIs = (status: 'open' | 'refunded' | 'released') => (store: MockStore) => {
  const claim = openOn(store, completedDeal(store, 3));
  // a known id for the story's route
  claim._id = 'cl-story';
  store.earnings.find((earning) => earning._id === claim.earningId)!.claimId = claim._id;
  if (status !== 'open')
    decideClaim(store, claim, status === 'refunded' ? 'refund' : 'release', decisionReasons[status]);
};
