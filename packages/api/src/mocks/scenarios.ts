// The mocked API's scenarios, one module for Storybook, the QA build and tests: server errors, calls that hang
// or are slow, and a store with every list empty. Each is an MSW handler (or a store view) put in front of the
// contract's mocks.
import { delay, http, HttpResponse } from 'msw';
import type { MockStore } from './store';

/** Every failing call's answer, in the contract's Error shape. */
export const SERVER_ERROR = {
  message: 'The server had a problem (mocked server error)',
  code: 'mock_server_error',
} as const;

/** Every call to this API path (`/*`: all of them) fails with a 500. */
export const serverError = (path = '/*') =>
  http.all(`*/api${path}`, () => HttpResponse.json(SERVER_ERROR, { status: 500 }));

/** Every call to this API path never answers, so the screen stays in its loading state. */
export const hang = (path = '/*') =>
  http.all(`*/api${path}`, async () => {
    await delay('infinite');
    return HttpResponse.json(SERVER_ERROR, { status: 500 });
  });

/**
 * The live event stream is refused (as a proxy that cannot hold it would), so the app polls and says it is
 * reconnecting; everything else answers as usual.
 */
export const streamDown = () =>
  http.get('*/api/events', () =>
    HttpResponse.json({ message: 'The live updates are unavailable (mocked)' }, { status: 503 }),
  );

/** Every API call waits this long, then falls through to the handlers behind it. */
export const slow = (ms: number) => http.all('*/api/*', () => delay(ms));

/**
 * The same accounts (personas still sign in; users who sign up are kept, the array is the store's own) with no
 * listings, orders, cart items, reports, audit entries, posts, payments, notifications or caught mail.
 */
export function emptyView(store: MockStore): MockStore {
  return {
    ...store,
    mobiles: [],
    blogs: [],
    bookings: [],
    wishlist: [],
    reports: [],
    audit: [],
    payments: [],
    conversations: [],
    messages: [],
    blocks: [],
    notifications: [],
    caughtMail: [],
    meetupSpots: [],
    intents: new Map(),
    uploads: new Map(),
    uploadOwners: new Map(),
    offers: [],
    offerAuthorizations: [],
    offerFloors: new Map(),
    earnings: [],
    payouts: [],
    claims: [],
  };
}
