// MSW handlers for the whole contract, over an in-memory store seeded from the fixtures.
import { contractGuard } from './contract-guard';
import { bookingHandlers } from './handlers/bookings';
import { catalogueHandlers, uploadedPictures } from './handlers/catalogue';
import { meetupHandlers } from './handlers/meetups';
import { messageHandlers } from './handlers/messages';
import { notificationHandlers } from './handlers/notifications';
import { offerHandlers } from './handlers/offers';
import { paymentHandlers } from './handlers/payments';
import { payoutHandlers } from './handlers/payouts';
import { phoneModelHandlers } from './handlers/phone-models';
import { phoneTruthHandlers } from './handlers/phone-truth';
import { priceHandlers } from './handlers/prices';
import { reportHandlers } from './handlers/reports';
import { reviewHandlers } from './handlers/reviews';
import { sellerPhoneHandlers } from './handlers/seller-phones';
import { userHandlers } from './handlers/users';
import { wishlistHandlers } from './handlers/wishlist';
import { createMockStore, type MockStore } from './store';
import { notTheApi, type OperationHandlers } from './support';

export { createMockStore, type MockStore, type MockTacConfirmation } from './store';
export { MOCK_PHONE_CODE, mockAccessToken, mockIdToken } from './tokens';
export { mockContract } from './contract-guard';
export { notTheApi, type OperationHandlers } from './support';
export { emptyView, hang, SERVER_ERROR, serverError, slow, streamDown } from './scenarios';
// QA mode moves deals through their states the way the handlers do
export { complete, dealNow, end, expireHolds, hold } from './deal';
// and offers through theirs (stories seed an accepted one; QA expires them)
export { acceptOffer, expireOffers, type MockOffer, offerView, settleOffer } from './offers';
// and the sellers' money (stories seed an earning in each state, a claim open or decided)
export {
  decideClaim,
  earn,
  matureEarnings,
  type MockClaim,
  type MockEarning,
  type MockPayout,
  openClaim,
  payOut,
  submitLocalDetails,
} from './payouts';

/** Every handler, in order: what is not the API let through, the contract guard, then one group per resource. */
export function createHandlers(store: MockStore = createMockStore()) {
  return [
    notTheApi,
    contractGuard(store),
    ...Object.values(operationHandlers(store)),
    uploadedPictures(store),
  ];
}

/** One handler per operation of the contract, keyed by its operationId (as the server's routers are). */
export function operationHandlers(store: MockStore): OperationHandlers {
  return {
    ...catalogueHandlers(store),
    ...bookingHandlers(store),
    ...wishlistHandlers(store),
    ...reportHandlers(store),
    ...userHandlers(store),
    ...sellerPhoneHandlers(store),
    ...paymentHandlers(store),
    ...messageHandlers(store),
    ...notificationHandlers(store),
    ...phoneTruthHandlers(store),
    ...phoneModelHandlers(),
    ...priceHandlers(store),
    ...reviewHandlers(store),
    ...meetupHandlers(store),
    ...offerHandlers(store),
    ...payoutHandlers(store),
  };
}
