// MSW handlers for the whole contract, over an in-memory store seeded from the fixtures.
import { contractGuard } from './contract-guard';
import { bookingHandlers } from './handlers/bookings';
import { catalogueHandlers } from './handlers/catalogue';
import { paymentHandlers } from './handlers/payments';
import { reportHandlers } from './handlers/reports';
import { userHandlers } from './handlers/users';
import { wishlistHandlers } from './handlers/wishlist';
import { createMockStore, type MockStore } from './store';

export { createMockStore, type MockStore } from './store';
export { mockAccessToken, mockIdToken } from './tokens';
export { mockContract } from './contract-guard';

/** Every handler, in order: the contract guard first, then one group per resource. */
export function createHandlers(store: MockStore = createMockStore()) {
  return [
    contractGuard,
    ...catalogueHandlers(store),
    ...bookingHandlers(store),
    ...wishlistHandlers(store),
    ...reportHandlers(store),
    ...userHandlers(store),
    ...paymentHandlers(store),
  ];
}
