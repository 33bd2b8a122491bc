// The mocks are the contract's: every answer they give for the fixtures is validated against openapi.yaml's
// response schemas (Ajv), every operation is exercised, and they enforce the rules a screen can show.
import { getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, unwrap } from '../src/client';
import { contractValidator } from '../src/contract';
import { withCheckDigit } from '../src/test-cards';
import {
  demoAccounts,
  demoSellerPhones,
  mobiles,
  otherSeller,
  REFUSED_ACCOUNT_REQUIREMENT,
} from '../src/fixtures';
import { HANDOVER_ATTEMPTS } from '../src/deal-rules';
import { webLinks } from '../src/links';
import { claimRefusals, claimWindowEnds, LOCAL_PAYOUT_ACCOUNTS, payoutRefusals } from '../src/payout-rules';
import { REVIEW_WINDOW_MS } from '../src/reviews';
import { SECOND_FACTOR_REQUIRED, type NotificationPreferencesUpdate } from '../src/index';
import {
  createHandlers,
  createMockStore,
  dealNow,
  earn,
  MOCK_PHONE_CODE,
  type MockStore,
  mockAccessToken,
  mockIdToken,
  operationHandlers,
} from '../src/mocks';

const BASE = 'http://recell.test/api';
const store = createMockStore();
const server = setupServer(...createHandlers(store));
const contract = contractValidator();

const { buyer, seller, admin } = demoAccounts;
const otherBuyer = {
  _id: 'u-other-buyer',
  name: 'Other Buyer',
  email: 'other@recell.test',
  role: 'buyer' as const,
  verified: false,
};
store.users.push(otherBuyer);

type Persona = { _id: string; email: string; role: 'buyer' | 'seller' | 'admin' } | null;
const as = (persona: Persona) =>
  createApiClient({ baseUrl: BASE, getToken: () => (persona ? mockAccessToken(persona) : null) });
const withIdToken = (email: string, name?: string) => ({
  headers: { authorization: `Bearer ${mockIdToken({ email, ...(name ? { name } : {}) })}` },
});

// Every mocked answer, checked against the contract once the body is read.
const checked: Promise<{ operationId: string; status: number; problems: unknown[] }>[] = [];
server.events.on('response:mocked', ({ request, response }) => {
  const found = contract.findOperation(request.method, new URL(request.url).pathname);
  if (!found) return;
  // an event stream never ends: its events are checked one by one where it is read
  // an event stream never ends, and a calendar is text: neither is a JSON body
  const type = response.headers.get('content-type') ?? '';
  if (type === 'text/event-stream' || type.startsWith('text/calendar')) {
    checked.push(
      Promise.resolve({ operationId: found.operation.operationId, status: response.status, problems: [] }),
    );
    return;
  }
  checked.push(
    response
      .clone()
      .json()
      .then((body) => ({
        operationId: found.operation.operationId,
        status: response.status,
        problems: contract.validateResponse(found.operation, response.status, body),
      })),
  );
});

async function expectStatus(call: Promise<unknown>, status: number, message?: string | RegExp) {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  if (message) expect((error as ApiError).message).toMatch(message);
}

/** A seller's new listing with this picture. */
const newListing = (picture: string) => ({
  category_id: '03' as const,
  title: 'Apple iPhone 15',
  picture,
  location: 'Dhaka, Banani',
  resale_price: 700,
  buying_price: 999,
  Year_of_purchase: 2024,
  Year_of_uses: 1,
  Seller_name: seller.name,
  condition: 'Excellent' as const,
  details: 'Like new',
  bookingId: 'IP15-1',
  stock: 1,
});

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('mock handlers, for the fixtures', () => {
  it('serve the public catalogue', async () => {
    const visitor = as(null);
    expect((await unwrap(visitor.GET('/health'))).status).toBe('ok');
    const blogs = await unwrap(visitor.GET('/blogs'));
    expect(blogs.items.length).toBeGreaterThan(0);
    const categories = await unwrap(visitor.GET('/categorymobiles'));
    expect(categories.items.map((category) => category.category_name)).toEqual([
      'Xiaomi',
      'Samsung',
      'Apple',
    ]);
    const advertised = await unwrap(visitor.GET('/advertise'));
    expect(advertised.items.every((item) => item.stock > 0)).toBe(true);
    expect(advertised.items.length).toBe(
      mobiles.filter((mobile) => mobile.advertised && mobile.stock > 0).length,
    );
  });

  it('list, filter and page a category for signed-in users only', async () => {
    await expectStatus(as(null).GET('/mobiles/{id}', { params: { path: { id: '02' } } }), 401);
    const samsung = await unwrap(as(buyer).GET('/mobiles/{id}', { params: { path: { id: '02' } } }));
    expect(samsung.items.map((mobile) => mobile.category_name)).toEqual(['Samsung', 'Samsung', 'Samsung']);
    const cheap = await unwrap(
      as(buyer).GET('/mobiles/{id}', {
        params: { path: { id: '02' }, query: { maxPrice: 300, sort: 'price_asc', pageSize: 1 } },
      }),
    );
    expect(cheap).toMatchObject({ total: 1, page: 1, pageSize: 1 });
    expect(cheap.items[0]?.title).toBe('Samsung Galaxy A54');
    const one = await unwrap(
      as(buyer).GET('/mobile/{id}', { params: { path: { id: 'm-apple-iphone-13' } } }),
    );
    expect(one.resale_price).toBe(610);
  });

  it('search every brand as the server does: each word starts a word of the title or details', async () => {
    await expectStatus(as(null).GET('/mobiles', { params: { query: { q: 'galaxy' } } }), 401);
    const galaxy = await unwrap(as(buyer).GET('/mobiles', { params: { query: { q: 'GALAX s2' } } }));
    expect(galaxy.items.map((mobile) => mobile.title)).toEqual(['Samsung Galaxy S21']);
    const none = await unwrap(as(buyer).GET('/mobiles', { params: { query: { q: 'alaxy' } } }));
    expect(none).toMatchObject({ items: [], total: 0 });
    const all = await unwrap(as(buyer).GET('/mobiles', { params: { query: { sort: 'price_desc' } } }));
    expect(all.total).toBe(mobiles.length);
    expect(all.items.map((mobile) => mobile.resale_price)).toEqual(
      [...all.items.map((mobile) => mobile.resale_price)].sort((a, b) => b - a),
    );
  });

  it('carry the seller\'s rating on each card, and keep "4 stars and up" to sellers with 3 reviews or more', async () => {
    const rated = async (query: { minRating?: number }) =>
      (await unwrap(as(buyer).GET('/mobiles', { params: { query: { pageSize: 100, ...query } } }))).items;
    const sellers = (items: { email?: string }[]) => [...new Set(items.map((item) => item.email))];
    // the seed: the demo seller has one review (5 stars): "New seller", not in the filter
    const before = await rated({});
    expect(before.find((item) => item.email === seller.email)?.sellerRating).toEqual({
      average: 5,
      count: 1,
    });
    expect(await rated({ minRating: 4 })).toEqual([]);
    const extra = [3, 4].map((stars, index) => ({
      _id: `rv-mock-rating-${index}`,
      bookingId: 'b-demo-paid',
      authorId: otherBuyer._id,
      subjectId: seller._id,
      about: 'seller' as const,
      stars,
      createdAt: '2026-11-14T09:00:00.000Z',
      publishedAt: '2026-11-14T09:00:00.000Z',
    }));
    store.reviews.push(...extra);
    try {
      // 5, 3 and 4: 4.0 from 3 reviews, in at 4 and out at 5
      const four = await rated({ minRating: 4 });
      expect(sellers(four)).toEqual([seller.email]);
      expect(four[0]?.sellerRating).toEqual({ average: 4, count: 3 });
      expect(await rated({ minRating: 5 })).toEqual([]);
    } finally {
      store.reviews.splice(store.reviews.length - extra.length, extra.length);
    }
  });

  it("show a listing to a visitor without the seller's phone number and email", async () => {
    const path = { params: { path: { id: 'm-apple-iphone-13' } } };
    const seen = await unwrap(as(null).GET('/mobile/{id}', path));
    expect(seen).toMatchObject({ _id: 'm-apple-iphone-13', resale_price: 610 });
    expect(seen).not.toHaveProperty('number_of_seller');
    expect(seen).not.toHaveProperty('email');
    // Signed in, the seller's number only to the parties (docs/decisions.md), as the server answers.
    expect(await unwrap(as(buyer).GET('/mobile/{id}', path))).not.toHaveProperty('number_of_seller');
    expect(await unwrap(as(seller).GET('/mobile/{id}', path))).toHaveProperty('number_of_seller');
    expect(await unwrap(as(admin).GET('/mobile/{id}', path))).toHaveProperty('number_of_seller');
    const held = { params: { path: { id: 'm-apple-iphone-14-pro' } } };
    expect(await unwrap(as(buyer).GET('/mobile/{id}', held))).toHaveProperty('number_of_seller');
    const results = await unwrap(as(buyer).GET('/mobiles', { params: { query: { pageSize: 100 } } }));
    expect(results.items.length).toBeGreaterThan(0);
    for (const item of results.items) expect(item).not.toHaveProperty('number_of_seller');
    // A token that is sent must be good: a bad one is a 401, not a visitor's view.
    await expectStatus(
      as(null).GET('/mobile/{id}', { ...path, headers: { authorization: 'Bearer not-a-token' } }),
      401,
    );
  });

  it('let a seller upload a picture, list a phone, edit, advertise and delete it', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'phone.png');
    const uploaded = await unwrap(
      as(seller).POST('/images', {
        body: form as never,
        bodySerializer: (body: unknown) => body as FormData,
      }),
    );
    expect(uploaded.success).toBe(true);
    // buyers upload too (a claim's pictures); admins do not
    await expectStatus(
      as(admin).POST('/images', { body: form as never, bodySerializer: (body: unknown) => body as FormData }),
      403,
    );

    const listing = { ...newListing(uploaded.data.url), imei: '490154203237518' };
    await expectStatus(as(buyer).POST('/mobiles', { body: listing }), 403);
    // as the server: an IMEI whose last digit is not its Luhn check digit is refused, and nothing is added
    await expectStatus(
      as(seller).POST('/mobiles', { body: { ...listing, imei: '490154203237519' } }),
      400,
      /check digit/,
    );
    const created = await unwrap(as(seller).POST('/mobiles', { body: listing }));
    const mine = await unwrap(
      as(seller).GET('/addedbyseller', { params: { query: { email: seller.email } } }),
    );
    const added = mine.items.find((mobile) => mobile._id === created.insertedId);
    expect(added).toMatchObject({
      email: seller.email,
      category_name: 'Apple',
      Verified: true,
      imeiMasked: '***********7518',
    });
    await expectStatus(
      as(seller).GET('/addedbyseller', { params: { query: { email: otherSeller.email } } }),
      403,
    );

    const id = created.insertedId;
    const edited = await unwrap(
      as(seller).PATCH('/mobile/{id}', { params: { path: { id } }, body: { resale_price: 650 } }),
    );
    expect(edited.resale_price).toBe(650);
    await expectStatus(
      as(otherSeller).PATCH('/mobile/{id}', { params: { path: { id } }, body: { stock: 0 } }),
      403,
    );
    await expectStatus(as(otherSeller).POST('/advertise', { body: { mobileId: id } }), 403);
    await unwrap(as(seller).POST('/advertise', { body: { mobileId: id } }));
    const home = await unwrap(as(null).GET('/advertise', { params: { query: { pageSize: 100 } } }));
    expect(home.items.map((item) => item._id)).toContain(id);
    await expectStatus(
      as(seller).POST('/advertise', { body: { mobileId: 'm-xiaomi-poco-x5' } }),
      409,
      /sold-out/,
    );
    const booked = await unwrap(as(buyer).POST('/bookings', { body: { mobileId: id } }));
    const intent = await unwrap(
      as(buyer).POST('/create-payment-intent', { body: { bookingId: booked.insertedId } }),
    );
    // Sold out (stock 0) reads on the booking, and goes when the seller restocks.
    const readBooking = () =>
      unwrap(as(buyer).GET('/bookings/{id}', { params: { path: { id: booked.insertedId } } }));
    expect((await readBooking()).soldOut).toBe(false);
    await unwrap(as(seller).PATCH('/mobile/{id}', { params: { path: { id } }, body: { stock: 0 } }));
    expect((await readBooking()).soldOut).toBe(true);
    await unwrap(as(seller).PATCH('/mobile/{id}', { params: { path: { id } }, body: { stock: 1 } }));
    expect((await readBooking()).soldOut).toBe(false);
    await expectStatus(as(admin).DELETE('/mobile/{id}', { params: { path: { id } } }), 403);
    expect(await unwrap(as(seller).DELETE('/mobile/{id}', { params: { path: { id } } }))).toEqual({
      deletedCount: 1,
    });
    // The buyer's unpaid booking stays, cancelled, and cannot be paid.
    const cancelled = await unwrap(
      as(buyer).GET('/bookings/{id}', { params: { path: { id: booked.insertedId } } }),
    );
    expect(cancelled).toMatchObject({ paid: false, cancelled: true });
    await expectStatus(
      as(buyer).POST('/create-payment-intent', { body: { bookingId: booked.insertedId } }),
      409,
      'This booking was cancelled: the phone is no longer listed',
    );
    // An intent made before the listing went down is not charged either.
    await expectStatus(
      as(buyer).POST('/test-processor/payment-intents/{id}/confirm', {
        params: { path: { id: intent.id } },
        body: {
          clientSecret: intent.clientSecret,
          card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' },
          billing_details: { name: buyer.name, email: buyer.email },
        },
      }),
      409,
      'This booking was cancelled: the phone is no longer listed',
    );
  });

  it('let a buyer cancel an unpaid booking, as the server does', async () => {
    const { insertedId } = await unwrap(
      as(buyer).POST('/bookings', { body: { mobileId: 'm-apple-iphone-13', phone: '+880 1911 222333' } }),
    );
    const path = { params: { path: { id: insertedId } } };
    await expectStatus(as(otherBuyer).POST('/bookings/{id}/cancel', path), 403);
    await expectStatus(as(seller).POST('/bookings/{id}/cancel', path), 403);
    const cancelled = await unwrap(as(buyer).POST('/bookings/{id}/cancel', path));
    expect(cancelled).toMatchObject({ _id: insertedId, cancelled: true, cancelledBy: 'buyer', paid: false });
    await expectStatus(
      as(buyer).POST('/create-payment-intent', { body: { bookingId: insertedId } }),
      409,
      'You cancelled this booking',
    );
  });

  it('book, cart, report, and refuse what a screen shows as refused', async () => {
    await expectStatus(as(null).POST('/bookings', { body: { mobileId: 'm-apple-iphone-13' } }), 401);
    await expectStatus(as(seller).POST('/bookings', { body: { mobileId: 'm-apple-iphone-13' } }), 403);
    await expectStatus(
      as(buyer).POST('/bookings', { body: { mobileId: 'm-xiaomi-poco-x5' } }),
      409,
      'This phone is sold out',
    );
    const booked = await unwrap(
      as(buyer).POST('/bookings', {
        body: { mobileId: 'm-apple-iphone-13', phone: '+880 1911 222333', location: 'Banani' },
      }),
    );
    const booking = await unwrap(
      as(buyer).GET('/bookings/{id}', { params: { path: { id: booked.insertedId } } }),
    );
    expect(booking).toMatchObject({
      price: 610,
      MobileName: 'Apple iPhone 13',
      email: buyer.email,
      paid: false,
    });
    await expectStatus(
      as(otherBuyer).GET('/bookings/{id}', { params: { path: { id: booked.insertedId } } }),
      403,
    );
    const orders = await unwrap(as(buyer).GET('/bookings', { params: { query: { email: buyer.email } } }));
    expect(orders.items.map((order) => order._id)).toContain(booked.insertedId);
    await expectStatus(as(otherBuyer).GET('/bookings', { params: { query: { email: buyer.email } } }), 403);
    const buyers = await unwrap(as(seller).GET('/mybuyers', { params: { query: { email: seller.email } } }));
    expect(buyers.items.some((item) => item.email === buyer.email)).toBe(true);

    await unwrap(as(buyer).POST('/wishlist', { body: { wishlistedID: 'm-samsung-a54' } }));
    await expectStatus(
      as(buyer).POST('/wishlist', { body: { wishlistedID: 'm-samsung-a54' } }),
      409,
      /already in your cart/,
    );
    const cart = await unwrap(as(buyer).GET('/wishlist', { params: { query: { email: buyer.email } } }));
    expect(cart.items.find((item) => item.wishlistedID === 'm-samsung-a54')).toMatchObject({ price: 210 });
    await expectStatus(as(otherBuyer).GET('/wishlist', { params: { query: { email: buyer.email } } }), 403);

    await unwrap(as(buyer).POST('/report', { body: { mobileId: 'm-samsung-a54', Report: 'This is fake' } }));
    await expectStatus(
      as(seller).POST('/report', { body: { mobileId: 'm-samsung-a54', Report: 'This is fake' } }),
      403,
    );
  });

  it('take a payment only after the test card succeeds, once', async () => {
    const bookingId = 'b-demo-unpaid';
    await expectStatus(as(otherBuyer).POST('/create-payment-intent', { body: { bookingId } }), 403);
    const intent = await unwrap(as(buyer).POST('/create-payment-intent', { body: { bookingId } }));
    expect(intent).toMatchObject({ amount: 32000, currency: 'usd', provider: 'test' });
    const confirm = (number: string) =>
      as(buyer).POST('/test-processor/payment-intents/{id}/confirm', {
        params: { path: { id: intent.id } },
        body: {
          clientSecret: intent.clientSecret,
          card: { number, exp_month: 12, exp_year: 2099, cvc: '123' },
          billing_details: { name: buyer.name, email: buyer.email },
        },
      });
    await expectStatus(as(buyer).POST('/payments', { body: { bookingId, transaction: intent.id } }), 402);
    await expectStatus(confirm('4000 0000 0000 0002'), 402, 'Your card was declined.');
    await expectStatus(confirm('4000 0000 0000 9995'), 402, 'Your card has insufficient funds.');
    expect((await unwrap(confirm('4242 4242 4242 4242'))).status).toBe('requires_capture');
    const first = await unwrap(as(buyer).POST('/payments', { body: { bookingId, transaction: intent.id } }));
    const again = await unwrap(as(buyer).POST('/payments', { body: { bookingId, transaction: intent.id } }));
    expect(again.insertedId).toBe(first.insertedId);
    const held = await unwrap(as(buyer).GET('/bookings/{id}', { params: { path: { id: bookingId } } }));
    expect(held).toMatchObject({ status: 'held', paid: false, handoverAttemptsLeft: HANDOVER_ATTEMPTS });
    // the code waits for the buyer's check: skipping it shows the code
    expect(held.buyerCheck).toMatchObject({ state: 'not_started' });
    expect(held).not.toHaveProperty('handoverCode');
    const skipped = await unwrap(
      as(buyer).POST('/bookings/{id}/buyer-check/skip', { params: { path: { id: bookingId } } }),
    );
    expect(skipped.handoverCode).toMatch(/^[0-9]{6}$/);
    expect(store.mobiles.find((mobile) => mobile._id === 'm-samsung-s21')?.stock).toBe(0);
    await expectStatus(
      as(otherBuyer).POST('/bookings', { body: { mobileId: 'm-samsung-s21' } }),
      409,
      'This phone is sold out',
    );
    await expectStatus(
      as(buyer).POST('/webhooks/stripe', {
        params: { header: { 'stripe-signature': 't=1,v1=x' } },
        body: { id: 'evt_1', type: 'x' },
      }),
      404,
    );
  });

  it('charge the lower of the booked and the current price, and never a raise', async () => {
    const redmi = () => store.mobiles.find((mobile) => mobile._id === 'm-xiaomi-redmi-note-12')!;
    const booked = redmi().resale_price;
    const { insertedId } = await unwrap(as(buyer).POST('/bookings', { body: { mobileId: redmi()._id } }));
    const setPrice = (resale_price: number) =>
      unwrap(
        as(seller).PATCH('/mobile/{id}', { params: { path: { id: redmi()._id } }, body: { resale_price } }),
      );
    await setPrice(booked + 100);
    const raised = await unwrap(
      as(buyer).POST('/create-payment-intent', { body: { bookingId: insertedId } }),
    );
    expect(raised.amount).toBe(booked * 100);
    await setPrice(booked - 40);
    const lowered = await unwrap(
      as(buyer).POST('/create-payment-intent', { body: { bookingId: insertedId } }),
    );
    expect(lowered.amount).toBe((booked - 40) * 100);
    const read = await unwrap(as(buyer).GET('/bookings/{id}', { params: { path: { id: insertedId } } }));
    expect(read).toMatchObject({ price: booked - 40, bookedPrice: booked });
  });

  it('run the safe deal: the code only to the buyer, wrong codes counted, capture once, walk away, expiry', async () => {
    const path = (id: string) => ({ params: { path: { id } } });
    // The fixture's held deal: its code goes to the buyer once they checked the phone, never to the seller.
    const unchecked = await unwrap(as(buyer).GET('/bookings/{id}', path('b-demo-held')));
    expect(unchecked).toMatchObject({
      status: 'held',
      buyerCheck: { state: 'not_started', imeiListed: true },
    });
    expect(unchecked).not.toHaveProperty('handoverCode');
    const imei = store.imeis.get('m-apple-iphone-14-pro')!;
    const wrongImei = withCheckDigit(`${imei.slice(0, 13)}${(Number(imei[13]) + 1) % 10}`);
    await expectStatus(
      as(seller).POST('/bookings/{id}/buyer-check/imei', { ...path('b-demo-held'), body: { imei } }),
      403,
    );
    await expectStatus(
      as(buyer).POST('/bookings/{id}/buyer-check/checks', {
        ...path('b-demo-held'),
        body: { conditionMatched: true, signedOut: true },
      }),
      409,
      'Check the IMEI first',
    );
    await expectStatus(
      as(buyer).POST('/bookings/{id}/buyer-check/imei', {
        ...path('b-demo-held'),
        body: { imei: `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}` },
      }),
      400,
      'check digit',
    );
    expect(
      await unwrap(
        as(buyer).POST('/bookings/{id}/buyer-check/imei', {
          ...path('b-demo-held'),
          body: { imei: wrongImei },
        }),
      ),
    ).toMatchObject({ matched: false, attemptsLeft: 4, buyerCheck: { state: 'not_matched' } });
    expect(
      await unwrap(
        as(buyer).POST('/bookings/{id}/buyer-check/imei', { ...path('b-demo-held'), body: { imei } }),
      ),
    ).toMatchObject({ matched: true, buyerCheck: { state: 'matched' } });
    const mine = await unwrap(
      as(buyer).POST('/bookings/{id}/buyer-check/checks', {
        ...path('b-demo-held'),
        body: { conditionMatched: true, signedOut: true },
      }),
    );
    expect(mine).toMatchObject({ status: 'held', handoverCode: '482915', buyerCheck: { state: 'checked' } });
    await expectStatus(as(buyer).POST('/bookings/{id}/buyer-check/skip', path('b-demo-held')), 409);
    // the seller sends the code alone: the checklist is the buyer's
    await expectStatus(
      as(seller).POST('/bookings/{id}/handover', {
        ...path('b-demo-held'),
        body: { code: '482915', imeiConfirmed: true } as { code: string },
      }),
      400,
    );
    const board = await unwrap(as(seller).GET('/mybuyers', { params: { query: { email: seller.email } } }));
    const onBoard = board.items.find((item) => item._id === 'b-demo-held');
    expect(onBoard?.status).toBe('held');
    expect(onBoard).not.toHaveProperty('handoverCode');
    await expectStatus(
      as(buyer).POST('/bookings/{id}/handover', { ...path('b-demo-held'), body: { code: '482915' } }),
      403,
    );
    await expectStatus(
      as(seller).POST('/bookings/{id}/handover', { ...path('b-demo-held'), body: { code: '000000' } }),
      422,
      '4 tries left',
    );
    const done = await unwrap(
      as(seller).POST('/bookings/{id}/handover', { ...path('b-demo-held'), body: { code: '482915' } }),
    );
    expect(done).toMatchObject({ status: 'completed', paid: true });
    await expectStatus(
      as(seller).POST('/bookings/{id}/handover', { ...path('b-demo-held'), body: { code: '482915' } }),
      409,
    );
    await expectStatus(as(seller).POST('/bookings/{id}/decline', path('b-demo-held')), 409);
    const earnings = await unwrap(
      as(seller).GET('/earnings', { params: { query: { email: seller.email } } }),
    );
    expect(earnings.completedCents).toBeGreaterThanOrEqual(82000);
    await expectStatus(as(buyer).GET('/earnings', { params: { query: { email: seller.email } } }), 403);

    // Not as described: voided, the unit back, a report filed.
    const hold = async (mobileId: string) => {
      const { insertedId } = await unwrap(as(buyer).POST('/bookings', { body: { mobileId } }));
      const intent = await unwrap(
        as(buyer).POST('/create-payment-intent', { body: { bookingId: insertedId } }),
      );
      await unwrap(
        as(buyer).POST('/test-processor/payment-intents/{id}/confirm', {
          params: { path: { id: intent.id } },
          body: {
            clientSecret: intent.clientSecret,
            card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' },
            billing_details: { name: buyer.name, email: buyer.email },
          },
        }),
      );
      return insertedId;
    };
    const redmi = () => store.mobiles.find((mobile) => mobile._id === 'm-xiaomi-redmi-note-12')?.stock;
    const before = redmi();
    const walked = await hold('m-xiaomi-redmi-note-12');
    expect(redmi()).toBe((before ?? 0) - 1);
    const reports = store.reports.length;
    const cancelled = await unwrap(
      as(buyer).POST('/bookings/{id}/not-as-described', { ...path(walked), body: { reason: 'Wrong IMEI' } }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer', notAsDescribed: true });
    expect(redmi()).toBe(before);
    expect(store.reports.length).toBe(reports + 1);

    // Declined by the seller; then a hold the clock lets expire.
    const declined = await hold('m-xiaomi-redmi-note-12');
    expect((await unwrap(as(seller).POST('/bookings/{id}/decline', path(declined)))).status).toBe('declined');
    const lapsing = await hold('m-xiaomi-redmi-note-12');
    await expectStatus(as(seller).POST('/demo/clock', { body: { hours: 121 } }), 403);
    const clock = await unwrap(as(admin).POST('/demo/clock', { body: { hours: 121 } }));
    expect(clock.offsetHours).toBe(121);
    expect(clock.expired).toBeGreaterThanOrEqual(1);
    expect((await unwrap(as(buyer).GET('/bookings/{id}', path(lapsing)))).status).toBe('expired');
    expect(redmi()).toBe(before);
  });

  it('sign a user up and exchange tokens, never as admin', async () => {
    const email = 'new-seller@recell.test';
    const created = await unwrap(
      as(null).POST('/usersall', { body: { name: 'New Seller', role: 'seller' }, ...withIdToken(email) }),
    );
    expect(created).toMatchObject({ email, role: 'seller' });
    await expectStatus(
      as(null).POST('/usersall', { body: { name: 'Again', role: 'buyer' }, ...withIdToken(email) }),
      409,
    );
    const token = await unwrap(as(null).GET('/jwt', { params: { query: { email } }, ...withIdToken(email) }));
    expect(token.role).toBe('seller');
    await expectStatus(
      as(null).GET('/jwt', { params: { query: { email: buyer.email } }, ...withIdToken(email) }),
      403,
    );
    await expectStatus(as(null).GET('/jwt'), 401);
    const fresh = await unwrap(as(null).GET('/jwt', withIdToken('walk-in@recell.test', 'Walk In')));
    expect(fresh.role).toBe('buyer');
    await expectStatus(
      as(null).POST('/usersall', {
        body: { name: 'Sneaky', role: 'admin' as never },
        ...withIdToken('sneaky@recell.test'),
      }),
      400,
    );
  });

  it('keep admin routes for admins, and never delete an admin', async () => {
    const statuses = await Promise.all([
      unwrap(as(admin).GET('/users/admin/{email}', { params: { path: { email: admin.email } } })),
      unwrap(as(seller).GET('/users/seller/{email}', { params: { path: { email: seller.email } } })),
      unwrap(as(buyer).GET('/users/admin/{email}', { params: { path: { email: buyer.email } } })),
    ]);
    expect(statuses).toEqual([{ isAdmin: true }, { isSeller: true }, { isAdmin: false }]);
    await expectStatus(
      as(buyer).GET('/users/admin/{email}', { params: { path: { email: admin.email } } }),
      403,
    );
    for (const persona of [null, buyer, seller] as const) {
      await expectStatus(as(persona).GET('/users'), persona ? 403 : 401);
      await expectStatus(as(persona).GET('/reports'), persona ? 403 : 401);
    }
    const users = await unwrap(as(admin).GET('/users', { params: { query: { pageSize: 100 } } }));
    expect(users.items.map((user) => user.email)).toContain(buyer.email);
    await expectStatus(as(admin).DELETE('/users/{id}', { params: { path: { id: admin._id } } }), 403);
    const verified = await unwrap(
      as(admin).PUT('/sellers/{id}/verified', {
        params: { path: { id: otherSeller._id } },
        body: { verified: true },
      }),
    );
    expect(verified.verified).toBe(true);
    await expectStatus(
      as(admin).PUT('/sellers/{id}/verified', {
        params: { path: { id: buyer._id } },
        body: { verified: true },
      }),
      409,
    );

    const reports = await unwrap(as(admin).GET('/reports', { params: { query: { status: 'open' } } }));
    const report = reports.items.find((item) => item.mobileId === 'm-samsung-a54')!;
    expect(report.Report).toBe('This is fake');
    const resolved = await unwrap(
      as(admin).POST('/reports/{id}/resolve', {
        params: { path: { id: report._id } },
        body: { action: 'dismiss' },
      }),
    );
    expect(resolved.status).toBe('dismissed');
    const audit = await unwrap(as(admin).GET('/audit-log'));
    expect(audit.items[0]).toMatchObject({
      action: 'report.dismiss',
      target: report._id,
      actorEmail: admin.email,
    });

    // removing the listing closes its open reports only, as the server does: the dismissed one stays dismissed
    const second = await unwrap(
      as(otherBuyer).POST('/report', { body: { mobileId: 'm-samsung-a54', Report: 'Wrong price' } }),
    );
    await unwrap(
      as(admin).POST('/reports/{id}/resolve', {
        params: { path: { id: second.insertedId } },
        body: { action: 'remove-listing' },
      }),
    );
    const onA54 = (await unwrap(as(admin).GET('/reports'))).items.filter(
      (item) => item.mobileId === 'm-samsung-a54',
    );
    expect(Object.fromEntries(onA54.map((item) => [item._id, item.status]))).toEqual({
      [report._id]: 'dismissed',
      [second.insertedId]: 'removed',
    });
    // newest first, even within one millisecond
    const log = await unwrap(as(admin).GET('/audit-log'));
    expect(log.items.slice(0, 2).map((entry) => entry.action)).toEqual([
      'report.remove-listing',
      'report.dismiss',
    ]);

    expect(
      await unwrap(as(admin).DELETE('/users/{id}', { params: { path: { id: otherBuyer._id } } })),
    ).toEqual({ deletedCount: 1 });
  });
});

describe('mock handlers, phone truth', () => {
  /** The TAC and a serial, then the Luhn check digit. */
  const picture = '/uploads/seed/m-apple-iphone-13.svg';

  it('tell the seller what the IMEI says before publishing, and the buyer on the listing', async () => {
    const imei = withCheckDigit('00301301000001');
    const check = (title: string, id = imei) =>
      unwrap(as(seller).POST('/imei-check', { body: { imei: id, category_id: '03', title } }));
    expect((await check('Apple iPhone 13')).model).toEqual({ outcome: 'match', name: 'Apple iPhone 13' });
    expect((await check('Apple iPhone 13 Pro')).model.outcome).toBe('mismatch');
    expect((await check('Apple iPhone 13', withCheckDigit('35999999000001'))).model).toEqual({
      outcome: 'unknown',
    });
    await expectStatus(
      as(buyer).POST('/imei-check', { body: { imei, category_id: '03', title: 'x y' } }),
      403,
    );

    const created = await unwrap(
      as(seller).POST('/mobiles', { body: { ...newListing(picture), title: 'Apple iPhone 13', imei } }),
    );
    const shown = await unwrap(
      as(null).GET('/mobile/{id}', { params: { path: { id: created.insertedId } } }),
    );
    expect(shown.imeiCheck?.model).toEqual({ outcome: 'match', name: 'Apple iPhone 13' });
    expect(shown.imeiCheck?.device).toMatchObject({ status: 'clean', source: 'recell' });
    // one IMEI, one listing
    await expectStatus(
      as(otherSeller).POST('/mobiles', { body: { ...newListing(picture), imei } }),
      409,
      /already on another listing/,
    );
  });

  it('let an admin mark an IMEI, read its page and confirm a model (audited)', async () => {
    const imei = withCheckDigit('35999998000002');
    const created = await unwrap(
      as(seller).POST('/mobiles', { body: { ...newListing(picture), title: 'Apple iPhone 16e', imei } }),
    );
    const params = { params: { path: { imei } } };
    await expectStatus(as(seller).GET('/imeis/{imei}', params), 403);
    const marked = await unwrap(
      as(admin).PUT('/imeis/{imei}/status', {
        ...params,
        body: { status: 'blocked', reason: 'Reported stolen' },
      }),
    );
    expect(marked).toMatchObject({
      device: { status: 'blocked' },
      mark: { status: 'blocked', reason: 'Reported stolen', markedBy: admin.email },
      listings: [{ _id: created.insertedId, active: true }],
    });
    expect((await unwrap(as(admin).GET('/imeis/{imei}', params))).device.status).toBe('blocked');
    const confirmed = await unwrap(
      as(admin).POST('/mobile/{id}/imei-model', { params: { path: { id: created.insertedId } } }),
    );
    expect(confirmed.model).toEqual({ outcome: 'match', name: 'Apple iPhone 16e' });
    await expectStatus(
      as(seller).POST('/mobile/{id}/imei-model', { params: { path: { id: created.insertedId } } }),
      403,
    );
  });

  it("list a TAC whose buyers' confirmations disagree, and let an admin confirm one model (audited)", async () => {
    const tac = '36999997';
    const witness = (model: string, by: { _id: string; email: string }, at: string) => ({
      _id: store.nextId('tc'),
      tac,
      mobileId: 'm-samsung-s21',
      category_id: '02' as const,
      title: `Samsung ${model}`,
      model,
      buyer_id: buyer._id,
      seller_id: by._id,
      buyerEmail: buyer.email,
      sellerEmail: by.email,
      buyer_phone: null,
      seller_phone: null,
      not_counted: null,
      confirmedAt: at,
    });
    store.tacConfirmations.push(
      witness('Galaxy S30', seller, '2026-11-20T09:00:00.000Z'),
      witness('Galaxy S30 Ultra', otherSeller, '2026-11-21T09:00:00.000Z'),
    );
    await expectStatus(as(seller).GET('/tac-conflicts'), 403);
    const [conflict] = (await unwrap(as(admin).GET('/tac-conflicts'))).filter((each) => each.tac === tac);
    expect(conflict?.confirmations.map((each) => each.modelName)).toEqual([
      'Samsung Galaxy S30 Ultra',
      'Samsung Galaxy S30',
    ]);
    const choice = { params: { path: { tac } }, body: { confirmationId: conflict!.confirmations[1]!._id } };
    await expectStatus(as(buyer).PUT('/tacs/{tac}/model', choice), 403);
    const confirmed = await unwrap(as(admin).PUT('/tacs/{tac}/model', choice));
    expect(confirmed).toMatchObject({ tac, modelName: 'Samsung Galaxy S30', source: 'admin' });
    expect((await unwrap(as(admin).GET('/tac-conflicts'))).map((each) => each.tac)).not.toContain(tac);
    expect((await unwrap(as(admin).GET('/audit-log'))).items[0]).toMatchObject({
      action: 'imei.confirm-tac-model',
      target: tac,
    });
  });
});

describe('mock handlers, for input the contract rejects', () => {
  const cases: [string, () => Promise<unknown>][] = [
    [
      'a server-owned price on a booking',
      () => as(buyer).POST('/bookings', { body: { mobileId: 'm-apple-iphone-13', price: 1 } as never }),
    ],
    [
      'a client-set Verified on a listing',
      () => as(seller).POST('/mobiles', { body: { Verified: true } as never }),
    ],
    ['a missing required field', () => as(buyer).POST('/wishlist', { body: {} as never })],
    ['a malformed id', () => as(buyer).GET('/bookings/{id}', { params: { path: { id: 'no spaces!' } } })],
    ['a page size over the maximum', () => as(null).GET('/blogs', { params: { query: { pageSize: 1000 } } })],
    [
      'an unknown category',
      () => as(buyer).GET('/mobiles/{id}', { params: { path: { id: '99' as never } } }),
    ],
    [
      'a query parameter the contract does not know',
      () => as(null).GET('/advertise', { params: { query: { admin: 'yes' } as never } }),
    ],
    ['a bad email', () => as(buyer).GET('/bookings', { params: { query: { email: 'not-an-email' } } })],
  ];

  it.each(cases)('answers %s with 400 and the contract Error', async (_name, call) => {
    const error = (await call().catch((reason: unknown) => reason)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.body.errors?.length).toBeGreaterThan(0);
    expect(error.message).toMatch(/^request\//);
  });
});

describe("mock handlers, for a picture that is not the site's own", () => {
  // The contract's PicturePath: as on the server, a link preview of the listing page must not fetch elsewhere.
  const own = mobiles.find((mobile) => mobile.email === seller.email);
  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    'https://evil.example/x.jpg',
    '/uploads//evil.example/x',
    '/uploads/../x',
    'javascript:alert(1)',
  ])('answers %s with 400 on a new listing and on an edit', async (picture) => {
    const added = await as(seller)
      .POST('/mobiles', { body: newListing(picture) })
      .catch((reason: unknown) => reason);
    const edited = await as(seller)
      .PATCH('/mobile/{id}', { params: { path: { id: own?._id ?? '' } }, body: { picture } })
      .catch((reason: unknown) => reason);
    for (const error of [added, edited]) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).body.errors).toEqual([expect.objectContaining({ path: '/body/picture' })]);
    }
  });
});

describe('mock handlers, for a signed-out caller', () => {
  it('answer 401 before looking at the input, as the server does', async () => {
    const error = (await as(null)
      .POST('/bookings', { body: { mobileId: 'm-apple-iphone-13', price: 1 } as never })
      .catch((reason: unknown) => reason)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Please sign in again');
  });
});

describe('mock handlers, for an admin whose sign-in had no second step', () => {
  // As the server (authenticate.ts, admin-without-second-step.test.ts): every operation that reads the access
  // token refuses them with the one answer, whatever its roles and before looking at the input; public ones and
  // the token exchange answer.
  const bareToken = mockAccessToken(admin, false);
  const send = async (method: string, path: string, body?: unknown, token = bareToken) => {
    const response = await fetch(`${BASE}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const refusal = {
    status: 403,
    body: { message: SECOND_FACTOR_REQUIRED, code: 'second_factor_required' },
  };

  it.each([
    ['an admin operation', 'GET', '/users'],
    ["someone else's bookings (any role)", 'GET', `/bookings?email=${buyer.email}`],
    ['a category (any signed-in role)', 'GET', '/mobiles/03'],
    ['a search (any signed-in role)', 'GET', '/mobiles?q=iphone'],
    ['a listing, whose identity is optional, with the token sent', 'GET', '/mobile/m-apple-iphone-13'],
    ['the shell’s unread count', 'GET', '/conversations/unread'],
    ['input the contract rejects (any signed-in role)', 'POST', '/conversations', {}],
  ])('refuse %s with 403 second_factor_required', async (_name, method, path, body?: unknown) => {
    expect(await send(method, path, body)).toEqual(refusal);
  });

  it('answer what turning the step on takes, the public operations, and the same admin with the step', async () => {
    const exchanged = await fetch(`${BASE}/jwt`, {
      headers: { authorization: `Bearer ${mockIdToken({ email: admin.email, secondFactor: false })}` },
    });
    expect(exchanged.status).toBe(200);
    expect((await send('GET', '/blogs')).status).toBe(200);
    expect((await send('GET', '/demo/sign-in-code?phoneEnding=0100')).status).toBe(200);
    expect((await send('GET', '/users', undefined, mockAccessToken(admin, true))).status).toBe(200);
    expect(
      (await send('GET', '/mobile/m-apple-iphone-13', undefined, mockAccessToken(admin, true))).status,
    ).toBe(200);
  });
});

describe('what is not the API', () => {
  // A dev server's module under packages/api/src/ has `/api/` in its path; the mocks must not answer it.
  it('goes to the network, while an unknown route under /api/ gets the 404 Error', async () => {
    const handlers = createHandlers(createMockStore());
    const module = new Request('http://127.0.0.1:5173/@fs/work/recell/packages/api/src/mocks/index.ts');
    // MSW's passthrough() answer, which its interceptors turn into a real network request
    expect((await getResponse(handlers, module))?.headers.get('x-msw-intention')).toBe('passthrough');
    const unknown = await getResponse(handlers, new Request('http://127.0.0.1:5173/api/no-such-route'));
    expect(unknown?.status).toBe(404);
    expect(await unknown?.json()).toEqual({ message: 'No such API route: GET /api/no-such-route' });
  });
});

describe('operation names', () => {
  it("keys every operation's handler by its operationId, at the contract's method and path", () => {
    const handlers = operationHandlers(createMockStore());
    const wrong = contract.operations.flatMap(({ operationId, method, path }) => {
      const info = (
        handlers[operationId as keyof typeof handlers] as { info?: { method: string; path: string } }
      )?.info;
      const expected = { method: method.toUpperCase(), path: `*/api${path.replace(/\{(\w+)\}/g, ':$1')}` };
      return info?.method === expected.method && info.path === expected.path
        ? []
        : [`${operationId}: ${info?.method} ${info?.path}`];
    });
    expect(wrong).toEqual([]);
    expect(Object.keys(handlers)).toHaveLength(contract.operations.length);
  });
});

describe('mock handlers, for messages', () => {
  const asker = {
    _id: 'u-asker',
    name: 'Asha Asker',
    email: 'asker@recell.test',
    role: 'buyer' as const,
    verified: false,
  };
  const stranger = { ...asker, _id: 'u-stranger', name: 'Stranger', email: 'stranger@recell.test' };
  store.users.push(asker, stranger);
  const conversation = (id: string) => ({ params: { path: { id } } });

  /** Opens the caller's event stream and collects each event's id and data, checked against LiveEvent. */
  async function openStream(persona: Persona & object, lastEventId?: string) {
    const controller = new AbortController();
    const response = await fetch(`${BASE}/events`, {
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${mockAccessToken(persona)}`,
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events: { id?: string; data: { type: string } & Record<string, unknown> }[] = [];
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: '' }));
        if (done) return;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const id = lines
            .find((line) => line.startsWith('id:'))
            ?.slice(3)
            .trim();
          const data = lines
            .find((line) => line.startsWith('data:'))
            ?.slice(5)
            .trim();
          if (!data) continue;
          const parsed = JSON.parse(data);
          expect(contract.validateSchema('LiveEvent', parsed)).toEqual([]);
          events.push({ ...(id ? { id } : {}), data: parsed });
        }
      }
    })();
    return { events, close: () => controller.abort() };
  }

  it('show the seed to its parties only, newest first, with the findings to the recipient only', async () => {
    const inbox = await unwrap(as(buyer).GET('/conversations'));
    expect(inbox.items.map((item) => item._id)).toEqual(['c-demo-13t', 'c-demo-iphone']);
    expect(inbox.items[0]).toMatchObject({ you: 'buyer', other: { name: otherSeller.name }, unread: 1 });
    expect(await unwrap(as(buyer).GET('/conversations/unread'))).toEqual({ unread: 1 });
    const received = await unwrap(as(buyer).GET('/conversations/{id}/messages', conversation('c-demo-13t')));
    expect(received.items.map((message) => [message.mine, message.safety])).toEqual([
      [true, undefined],
      [false, ['phone_number', 'pay_outside']],
    ]);
    // the writer never sees the banner on their own message
    const sent = await unwrap(
      as(otherSeller).GET('/conversations/{id}/messages', conversation('c-demo-13t')),
    );
    expect(sent.items.every((message) => message.safety === undefined)).toBe(true);
    for (const caller of [seller, admin, stranger]) {
      await expectStatus(as(caller).GET('/conversations/{id}', conversation('c-demo-13t')), 403);
      await expectStatus(as(caller).GET('/conversations/{id}/messages', conversation('c-demo-13t')), 403);
    }
    await expectStatus(as(null).GET('/conversations'), 401);
    await expectStatus(as(buyer).GET('/conversations/{id}', conversation('c-nope')), 404);
    expect((await unwrap(as(stranger).GET('/conversations'))).items).toEqual([]);
  });

  it('keep one conversation per listing and buyer, live on both sides, with "Seen" and unread counts', async () => {
    const sellerStream = await openStream(seller);
    await expectStatus(
      as(seller).POST('/conversations', { body: { mobileId: 'm-samsung-s21', text: 'Mine?' } }),
      403,
    );
    const asked = await as(asker).POST('/conversations', {
      body: { mobileId: 'm-samsung-s21', text: 'Is it unlocked?' },
    });
    expect(asked.response.status).toBe(201);
    const id = asked.data!._id;
    expect(asked.data).toMatchObject({ you: 'buyer', canSend: true, unread: 0, closed: false });
    const again = await as(asker).POST('/conversations', {
      body: { mobileId: 'm-samsung-s21', text: 'And the box?' },
    });
    expect(again.response.status).toBe(200);
    expect(again.data!._id).toBe(id);
    expect(await unwrap(as(seller).GET('/conversations/unread'))).toEqual({ unread: 2 });

    const page = await unwrap(
      as(seller).GET('/conversations/{id}/messages', { params: { path: { id }, query: { limit: 1 } } }),
    );
    expect(page).toMatchObject({ hasMore: true, otherSeenUpTo: page.items[0]!.seq });
    const back = await unwrap(
      as(seller).GET('/conversations/{id}/messages', {
        params: { path: { id }, query: { before: page.items[0]!.seq } },
      }),
    );
    expect(back.items.map((message) => message.text)).toEqual(['Is it unlocked?']);
    expect(back.hasMore).toBe(false);

    const reply = await unwrap(
      as(seller).POST('/conversations/{id}/messages', {
        params: { path: { id } },
        body: { text: 'Yes, both' },
      }),
    );
    expect(reply).toMatchObject({ mine: true, from: 'seller' });
    const read = await unwrap(
      as(seller).POST('/conversations/{id}/read', { params: { path: { id } }, body: { upTo: reply.seq } }),
    );
    expect(read).toEqual({ unread: 0 });
    const forAsker = await unwrap(as(asker).GET('/conversations/{id}/messages', conversation(id)));
    expect(forAsker.otherSeenUpTo).toBe(reply.seq);

    await vi.waitFor(() =>
      expect(sellerStream.events.filter((e) => e.data.type === 'message')).toHaveLength(3),
    );
    expect(sellerStream.events.find((e) => e.data.type === 'message')?.id).toBe(String(reply.seq - 2));
    expect(sellerStream.events.at(-1)?.data).toEqual({ type: 'unread', unread: 0 });
    sellerStream.close();

    // a reconnect with Last-Event-ID first gets what it missed, then the count
    const replay = await openStream(asker, String(reply.seq - 1));
    await vi.waitFor(() => expect(replay.events).toHaveLength(2));
    expect(replay.events.map((event) => event.id ?? event.data.type)).toEqual([String(reply.seq), 'unread']);
    replay.close();

    // the seller writes to a buyer who booked; to a stranger's booking they cannot
    const booking = store.bookings.find((candidate) => candidate._id === 'b-demo-held')!;
    const bySeller = await as(seller).POST('/conversations', {
      body: { bookingId: booking._id, text: 'See you on Saturday' },
    });
    expect(bySeller.data).toMatchObject({
      _id: 'c-demo-iphone',
      you: 'seller',
      booking: { _id: booking._id },
    });
    await expectStatus(
      as(otherSeller).POST('/conversations', { body: { bookingId: booking._id, text: 'Hi' } }),
      403,
    );
    const orders = await unwrap(as(buyer).GET('/bookings', { params: { query: { email: buyer.email } } }));
    expect(orders.items.find((item) => item._id === booking._id)?.conversationId).toBe('c-demo-iphone');
  });

  it('block, report and close as the server does; an admin reads a thread only through its report', async () => {
    const [asked] = (
      await unwrap(as(asker).GET('/conversations', { params: { query: { mobileId: 'm-samsung-s21' } } }))
    ).items;
    const id = asked!._id;
    const blocked = await unwrap(as(seller).PUT('/conversations/{id}/block', conversation(id)));
    expect(blocked).toMatchObject({ blockedByYou: true, canSend: true });
    expect(await unwrap(as(asker).GET('/conversations/{id}', conversation(id)))).toMatchObject({
      canSend: false,
      blockedByYou: false,
    });
    await expectStatus(
      as(asker).POST('/conversations/{id}/messages', { params: { path: { id } }, body: { text: 'Hello?' } }),
      403,
      'You can no longer message this person',
    );
    await unwrap(as(seller).DELETE('/conversations/{id}/block', conversation(id)));
    await unwrap(
      as(asker).POST('/conversations/{id}/messages', {
        params: { path: { id } },
        body: { pictures: ['/uploads/seed/m-samsung-s21.svg'] },
      }),
    );

    const theirs = (await unwrap(as(asker).GET('/conversations/{id}/messages', conversation(id)))).items;
    const fromSeller = theirs.find((message) => !message.mine)!;
    const own = theirs.find((message) => message.mine)!;
    await expectStatus(
      as(asker).POST('/messages/{id}/report', {
        params: { path: { id: own._id } },
        body: { reason: 'Mine' },
      }),
      403,
    );
    const report = await unwrap(
      as(asker).POST('/messages/{id}/report', {
        params: { path: { id: fromSeller._id } },
        body: { reason: 'Asked me to pay by gift card' },
      }),
    );
    await expectStatus(
      as(asker).POST('/messages/{id}/report', {
        params: { path: { id: fromSeller._id } },
        body: { reason: 'Again' },
      }),
      409,
    );
    await expectStatus(as(asker).GET('/reports/{id}/conversation', conversation(report.insertedId)), 403);
    const read = await unwrap(as(admin).GET('/reports/{id}/conversation', conversation(report.insertedId)));
    expect(read.messages.some((message) => message._id === fromSeller._id && !message.mine)).toBe(true);
    expect(read.buyer.email).toBe(asker.email);
    const audit = await unwrap(as(admin).GET('/audit-log'));
    expect(audit.items[0]).toMatchObject({ action: 'conversation.read', target: report.insertedId });

    // the listing goes: the thread stays readable, and closed
    store.mobiles = store.mobiles.filter((mobile) => mobile._id !== 'm-samsung-s21');
    expect(await unwrap(as(asker).GET('/conversations/{id}', conversation(id)))).toMatchObject({
      closed: true,
      canSend: false,
      listing: { removed: true },
    });
    await expectStatus(
      as(asker).POST('/conversations/{id}/messages', { params: { path: { id } }, body: { text: 'Hi' } }),
      409,
      'This listing was removed, so its conversations are closed',
    );
  });
});

describe('mock handlers, reviews', () => {
  /** A deal completed now on the mocks' clock, between the demo buyer and the demo seller. */
  function completedNow(status: 'completed' | 'declined' = 'completed') {
    const mobile = store.mobiles.find((candidate) => candidate.email === seller.email)!;
    const _id = store.nextId('b');
    store.bookings.push({
      ...store.bookings.find((booking) => booking._id === 'b-demo-paid')!,
      _id,
      mobileId: mobile._id,
      status,
      completedAt: new Date(Date.now() + store.clockOffsetMs).toISOString(),
    });
    store.handoverChecklists[_id] = { imeiMatched: true, conditionMatched: true, signedOut: true };
    return { params: { path: { id: _id } } };
  }

  it('keep reviews double-blind until both wrote, then show them with the evidence and one reply', async () => {
    const deal = completedNow();
    await expectStatus(as(otherSeller).POST('/bookings/{id}/reviews', { ...deal, body: { stars: 5 } }), 403);
    const written = await unwrap(as(buyer).POST('/bookings/{id}/reviews', { ...deal, body: { stars: 4 } }));
    expect(written.published).toBe(false);
    await expectStatus(as(buyer).POST('/bookings/{id}/reviews', { ...deal, body: { stars: 4 } }), 409);
    expect((await unwrap(as(seller).GET('/bookings/{id}/reviews', deal))).theirs).toBeUndefined();
    const sellerPath = { params: { path: { id: seller._id } } };
    const before = await unwrap(as(null).GET('/sellers/{id}/profile', sellerPath));
    await unwrap(
      as(seller).POST('/bookings/{id}/reviews', { ...deal, body: { stars: 5, text: 'Kind buyer' } }),
    );
    expect((await unwrap(as(seller).GET('/bookings/{id}/reviews', deal))).theirs?._id).toBe(written._id);
    const after = await unwrap(as(null).GET('/sellers/{id}/profile', sellerPath));
    expect(after.rating.count).toBe(before.rating.count + 1);
    const page = await unwrap(as(null).GET('/sellers/{id}/reviews', sellerPath));
    expect(page.items[0]).toMatchObject({ _id: written._id, verifiedHandover: { imeiMatched: true } });
    const record = await unwrap(as(seller).GET('/bookings/{id}/buyer-record', deal));
    expect(record.rating.count).toBeGreaterThanOrEqual(1);
    const review = { params: { path: { id: written._id } } };
    await expectStatus(as(buyer).POST('/reviews/{id}/reply', { ...review, body: { text: 'Me' } }), 403);
    const replied = await unwrap(
      as(seller).POST('/reviews/{id}/reply', { ...review, body: { text: 'Thanks' } }),
    );
    expect(replied.reply?.text).toBe('Thanks');
    await expectStatus(as(seller).POST('/reviews/{id}/reply', { ...review, body: { text: 'Again' } }), 409);
    await unwrap(as(seller).POST('/reviews/{id}/report', { ...review, body: { reason: 'Not fair' } }));
    await expectStatus(
      as(seller).POST('/reviews/{id}/report', { ...review, body: { reason: 'Not fair' } }),
      409,
    );
    await expectStatus(as(seller).GET('/review-reports'), 403);
    const open = await unwrap(as(admin).GET('/review-reports', { params: { query: { pageSize: 100 } } }));
    expect(open.items.find((item) => item.review._id === written._id)).toMatchObject({
      subject: { _id: seller._id, name: seller.name },
      reports: [{ reason: 'Not fair', by: 'subject', reporterName: seller.name }],
    });
    await expectStatus(as(seller).POST('/reviews/{id}/hide', { ...review, body: { reason: 'Mine' } }), 403);
    const hidden = await unwrap(
      as(admin).POST('/reviews/{id}/hide', { ...review, body: { reason: 'Abuse' } }),
    );
    expect(hidden.hidden?.reason).toBe('Abuse');
    const queue = (status: 'open' | 'hidden') =>
      unwrap(as(admin).GET('/review-reports', { params: { query: { status, pageSize: 100 } } }));
    expect((await queue('open')).items.map((item) => item.review._id)).not.toContain(written._id);
    expect((await queue('hidden')).items.map((item) => item.review._id)).toContain(written._id);
    expect(store.audit.at(-1)).toMatchObject({
      action: 'review.hide',
      targetName: `${buyer.name}'s review of ${seller.name}`,
    });
    expect((await unwrap(as(null).GET('/sellers/{id}/profile', sellerPath))).rating.count).toBe(
      before.rating.count,
    );
  });

  it("list a seller's listings in stock, newest first, as a visitor sees them; 404 for anyone not a seller", async () => {
    const page = await unwrap(
      as(null).GET('/sellers/{id}/listings', {
        params: { path: { id: seller._id }, query: { pageSize: 100 } },
      }),
    );
    const own = store.mobiles.filter((mobile) => mobile.sellerId === seller._id && mobile.stock > 0);
    expect(page.items.map((item) => item._id).sort()).toEqual(own.map((mobile) => mobile._id).sort());
    const posted = page.items.map((item) => item.the_time_it_posted);
    expect(posted).toEqual([...posted].sort().reverse());
    for (const item of page.items) expect(item).not.toHaveProperty('email');
    await expectStatus(as(null).GET('/sellers/{id}/listings', { params: { path: { id: buyer._id } } }), 404);
  });

  it('refuse a deal that did not complete, and one whose window closed', async () => {
    const declined = completedNow('declined');
    await expectStatus(
      as(buyer).POST('/bookings/{id}/reviews', { ...declined, body: { stars: 1 } }),
      409,
      /Only a completed deal/,
    );
    const deal = completedNow();
    const offset = store.clockOffsetMs;
    store.clockOffsetMs += REVIEW_WINDOW_MS;
    try {
      await expectStatus(
        as(buyer).POST('/bookings/{id}/reviews', { ...deal, body: { stars: 1 } }),
        409,
        /close/,
      );
    } finally {
      store.clockOffsetMs = offset;
    }
  });
});

describe('mock handlers, for notifications', () => {
  it('show each person their own bell, newest first, and mark one or all read', async () => {
    const page = await unwrap(as(seller).GET('/notifications'));
    expect(page.items.map((item) => item._id)).toEqual(['n-demo-booking', 'n-demo-message']);
    expect(await unwrap(as(seller).GET('/notifications/unread'))).toEqual({ unread: 1 });
    // another person's notification is not there for them
    await expectStatus(
      as(buyer).POST('/notifications/{id}/read', { params: { path: { id: 'n-demo-booking' } } }),
      404,
    );
    expect(
      await unwrap(
        as(seller).POST('/notifications/{id}/read', { params: { path: { id: 'n-demo-booking' } } }),
      ),
    ).toEqual({ unread: 0 });
    expect(await unwrap(as(buyer).POST('/notifications/read'))).toEqual({ unread: 0 });
    await expectStatus(as(null).GET('/notifications'), 401);
  });

  it('keep deal email on, and let one-click unsubscribe turn a kind off without signing in', async () => {
    expect(await unwrap(as(admin).GET('/notifications/preferences'))).toEqual({
      message: true,
      messageEmail: 'instant',
      booking: true,
      deal: true,
    });
    expect(await unwrap(as(admin).PUT('/notifications/preferences', { body: { booking: false } }))).toEqual({
      message: true,
      messageEmail: 'instant',
      booking: false,
      deal: true,
    });
    // the digest, and what a client before it sends: message on keeps the digest
    const put = (body: NotificationPreferencesUpdate) =>
      as(admin).PUT('/notifications/preferences', { body });
    expect(await unwrap(put({ messageEmail: 'digest' }))).toMatchObject({
      message: true,
      messageEmail: 'digest',
    });
    expect(await unwrap(put({ message: true }))).toMatchObject({ messageEmail: 'digest' });
    await expectStatus(put({ message: true, messageEmail: 'off' }), 400);
    expect(await unwrap(put({ message: false }))).toMatchObject({ messageEmail: 'off' });
    expect(await unwrap(put({ message: true }))).toMatchObject({ message: true, messageEmail: 'instant' });
    const token = `${admin._id}.message.${'a'.repeat(43)}`;
    // the unsubscribe page's GET names the kind and changes nothing; its button's POST turns it off
    const link = () => unwrap(as(null).GET('/notifications/unsubscribe', { params: { query: { token } } }));
    expect(await link()).toEqual({ kind: 'message', email: true });
    expect(await unwrap(as(admin).GET('/notifications/preferences'))).toMatchObject({ message: true });
    const off = await unwrap(as(null).POST('/notifications/unsubscribe', { params: { query: { token } } }));
    expect(off).toEqual({ kind: 'message', email: false });
    expect(await link()).toEqual({ kind: 'message', email: false });
    expect(await unwrap(as(admin).GET('/notifications/preferences'))).toMatchObject({ message: false });
    const forged = { params: { query: { token: `u-nobody.message.${'a'.repeat(43)}` } } };
    await expectStatus(as(null).GET('/notifications/unsubscribe', forged), 403);
    await expectStatus(as(null).POST('/notifications/unsubscribe', forged), 403);
  });
});

describe('mock handlers, for the demo mail page', () => {
  it('show admins the caught email, newest first, and nobody else', async () => {
    const page = await unwrap(as(admin).GET('/mail'));
    expect(page.items.map((item) => item.subject)).toEqual(['Ayesha Khan booked your Apple iPhone 14 Pro']);
    const mail = await unwrap(as(admin).GET('/mail/{id}', { params: { path: { id: page.items[0]!._id } } }));
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    await expectStatus(as(seller).GET('/mail'), 403);
    // the demo's sign-in code: the mocked identity's fixed one, for anyone (the second step comes before a session)
    expect(
      await unwrap(as(null).GET('/demo/sign-in-code', { params: { query: { phoneEnding: '0100' } } })),
    ).toEqual({ code: MOCK_PHONE_CODE, phoneEnding: '0100' });
    await expectStatus(as(admin).GET('/mail/{id}', { params: { path: { id: 'no-such-mail' } } }), 404);
  });
});

describe('mock handlers, verified seller phones', () => {
  const newSeller = {
    _id: 'u-new-seller',
    name: 'New Seller',
    email: 'new-seller@recell.test',
    role: 'seller' as const,
    verified: false,
  };
  beforeAll(() => {
    store.users.push(newSeller);
  });
  const confirm = (phoneNumber: string, confirmed = phoneNumber, email = newSeller.email) =>
    as(newSeller).PUT('/me/phone', {
      body: { phoneNumber, idToken: mockIdToken({ email, phoneNumber: confirmed }) },
    });

  it('asks an unverified seller to verify before listing, and verifies a confirmed number', async () => {
    expect(await unwrap(as(newSeller).GET('/me/phone'))).toEqual({ phoneVerified: false });
    await expectStatus(
      as(newSeller).POST('/mobiles', { body: newListing('/uploads/seed/m-apple-iphone-13.svg') }),
      403,
      'Verify your phone number before adding or editing a listing',
    );
    // the browser's word alone (a token of a password sign-in) is not a confirmation
    await expectStatus(
      as(newSeller).PUT('/me/phone', {
        body: { phoneNumber: '+8801700000001', idToken: mockIdToken({ email: newSeller.email }) },
      }),
      400,
      /Confirm the number/,
    );
    await expectStatus(confirm('+8801700000001', '+8801700000002'), 400, /different number/);
    await expectStatus(confirm('+8801700000001', '+8801700000001', seller.email), 403);
    await expectStatus(confirm(demoSellerPhones[seller._id]!), 409, /another ReCell account/);
    expect(await unwrap(confirm('+8801700000001'))).toEqual({
      phoneNumber: '+8801700000001',
      phoneVerified: true,
    });
    const created = await unwrap(
      as(newSeller).POST('/mobiles', { body: newListing('/uploads/seed/m-apple-iphone-13.svg') }),
    );
    const listed = await unwrap(
      as(newSeller).GET('/mobile/{id}', { params: { path: { id: created.insertedId } } }),
    );
    expect(listed).toMatchObject({ number_of_seller: '+8801700000001', sellerPhoneVerified: true });
  });
});

describe('mock handlers, for text a person writes', () => {
  const writer = {
    ...otherBuyer,
    _id: 'u-text-writer',
    name: 'Text Writer',
    email: 'text-writer@recell.test',
  };
  beforeAll(() => {
    store.users.push(writer);
  });
  const problemPaths = async (call: Promise<unknown>) => {
    const error = (await call.catch((reason: unknown) => reason)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    return error.body.errors?.map((problem) => problem.path);
  };

  it('refuse NUL and control characters but tab and newline with a 400 naming the field, as the server does', async () => {
    const listings = store.mobiles.length;
    const conversations = store.conversations.length;
    for (const control of ['\u0000', '\u0007', '\u009b']) {
      const listing = { ...newListing('/uploads/seed/m-apple-iphone-13.svg'), details: `Like ${control}new` };
      expect(await problemPaths(as(seller).POST('/mobiles', { body: listing }))).toEqual(['/body/details']);
      const opener = { mobileId: 'm-samsung-s21', text: `Is it ${control}unlocked?` };
      expect(await problemPaths(as(writer).POST('/conversations', { body: opener }))).toEqual(['/body/text']);
      const search = as(buyer).GET('/mobiles', { params: { query: { q: `iphone${control}` } } });
      expect(await problemPaths(search)).toEqual(['/query/q']);
    }
    expect([store.mobiles.length, store.conversations.length]).toEqual([listings, conversations]);
    const created = await unwrap(
      as(seller).POST('/mobiles', {
        body: { ...newListing('/uploads/seed/m-apple-iphone-13.svg'), details: 'Box\n\tCharger: yes' },
      }),
    );
    const listed = await unwrap(
      as(seller).GET('/mobile/{id}', { params: { path: { id: created.insertedId } } }),
    );
    expect(listed.details).toBe('Box\n\tCharger: yes');
  });

  it('store text trimmed and without bidirectional controls, as the server does', async () => {
    const created = await unwrap(
      as(seller).POST('/mobiles', {
        body: { ...newListing('/uploads/seed/m-apple-iphone-13.svg'), title: ' Photo \u202egnp.exe\u202c ' },
      }),
    );
    const listed = await unwrap(
      as(seller).GET('/mobile/{id}', { params: { path: { id: created.insertedId } } }),
    );
    expect(listed.title).toBe('Photo gnp.exe');
    const started = await unwrap(
      as(writer).POST('/conversations', {
        body: { mobileId: created.insertedId, text: 'Here: \u2066\u202egnp.exe\u202c\u2069' },
      }),
    );
    const thread = await unwrap(
      as(seller).GET('/conversations/{id}/messages', { params: { path: { id: started._id } } }),
    );
    expect(thread.items.map((message) => message.text)).toEqual(['Here: gnp.exe']);
    const inbox = await unwrap(as(seller).GET('/conversations'));
    expect(inbox.items.find((item) => item._id === started._id)?.lastMessage?.preview).toBe('Here: gnp.exe');
    // nothing left but the controls is blank
    const blank = as(writer).POST('/conversations/{id}/messages', {
      params: { path: { id: started._id } },
      body: { text: '\u202e\u202c' },
    });
    expect(await problemPaths(blank)).toContain('/body/text');
  });
});

describe('mock handlers, the phone model catalogue', () => {
  const picture = '/uploads/seed/m-apple-iphone-13.svg';
  const problemPaths = async (call: Promise<unknown>) => {
    const error = (await call.catch((reason: unknown) => reason)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    return error.body.errors?.map((problem) => problem.path);
  };

  it("serve a brand's models and keep a listing's model key to the catalogue, as the server does", async () => {
    const apple = await unwrap(as(null).GET('/phone-models', { params: { query: { brand: '03' } } }));
    expect(apple.items.every((model) => model.brand === '03')).toBe(true);
    expect(apple.items).toContainEqual(
      expect.objectContaining({
        key: 'apple-iphone-13',
        title: 'Apple iPhone 13',
        storageGb: [128, 256, 512],
      }),
    );
    const listing = { ...newListing(picture), title: 'Apple iPhone 13', modelKey: 'apple-iphone-13' };
    const created = await unwrap(as(seller).POST('/mobiles', { body: { ...listing, storageGb: 256 } }));
    const shown = await unwrap(
      as(null).GET('/mobile/{id}', { params: { path: { id: created.insertedId } } }),
    );
    expect(shown.modelKey).toBe('apple-iphone-13');
    expect(
      await problemPaths(as(seller).POST('/mobiles', { body: { ...listing, modelKey: 'apple-iphone-99' } })),
    ).toEqual(['/body/modelKey']);
    expect(
      await problemPaths(as(seller).POST('/mobiles', { body: { ...listing, category_id: '02' } })),
    ).toEqual(['/body/modelKey']);
    expect(await problemPaths(as(seller).POST('/mobiles', { body: { ...listing, storageGb: 64 } }))).toEqual([
      '/body/storageGb',
    ]);
    // a grade's battery promise
    expect(
      await problemPaths(as(seller).POST('/mobiles', { body: { ...listing, batteryHealth: 84 } })),
    ).toEqual(['/body/batteryHealth']);
  });
});

describe('mock handlers, meetup spots', () => {
  const nextMondayAt = (hhmm: string) => {
    // a Monday in Dhaka (UTC+6) at least a day ahead
    const day = 24 * 3_600_000;
    const base = new Date(Date.now() + store.clockOffsetMs + 6 * 3_600_000 + day);
    const date = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate()));
    while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return new Date(date.getTime() + (h * 60 + m) * 60_000 - 6 * 3_600_000).toISOString();
  };

  it('let admins list, add, change and remove spots (audited), and nobody else', async () => {
    const listed = await unwrap(as(admin).GET('/meetup-spots', { params: { query: { pageSize: 100 } } }));
    expect(listed.total).toBeGreaterThanOrEqual(10);
    await expectStatus(unwrap(as(buyer).GET('/meetup-spots')), 403);
    const body = {
      name: 'Mock Mall',
      address: 'Road 1',
      area: 'gulshan' as const,
      lat: -40,
      lng: 10,
      hours: { mon: { opens: '10:00', closes: '20:00' } },
      kind: 'mall' as const,
      cctv: true,
    };
    await expectStatus(unwrap(as(seller).POST('/meetup-spots', { body })), 403);
    await expectStatus(unwrap(as(admin).POST('/meetup-spots', { body: { ...body, lat: 91 } })), 400);
    await expectStatus(
      unwrap(
        as(admin).POST('/meetup-spots', {
          body: { ...body, hours: { mon: { opens: '20:00', closes: '10:00' } } },
        }),
      ),
      400,
      'On Monday the spot must close after it opens (20:00 to 10:00)',
    );
    const made = await unwrap(as(admin).POST('/meetup-spots', { body }));
    const path = { params: { path: { id: made._id } } };
    expect(
      (await unwrap(as(admin).PUT('/meetup-spots/{id}', { ...path, body: { ...body, cctv: false } }))).cctv,
    ).toBe(false);
    expect(await unwrap(as(admin).DELETE('/meetup-spots/{id}', path))).toEqual({ deletedCount: 1 });
    await expectStatus(unwrap(as(admin).DELETE('/meetup-spots/{id}', path)), 404);
    expect(store.audit.filter((entry) => entry.target === made._id).map((entry) => entry.action)).toEqual([
      'meetup-spot.create',
      'meetup-spot.update',
      'meetup-spot.delete',
    ]);
  });

  it('suggest three spots, refuse a time outside the hours, and give the two parties an .ics', async () => {
    const meetupBuyer = {
      _id: 'u-meetup-buyer',
      name: 'Meetup Buyer',
      email: 'meetup@recell.test',
      role: 'buyer' as const,
      verified: false,
    };
    store.users.push(meetupBuyer);
    const mobile = store.mobiles.find((one) => one.stock > 0)!;
    const { spots } = await unwrap(
      as(meetupBuyer).GET('/meetup-suggestions', {
        params: { query: { mobileId: mobile._id, area: 'tejgaon' } },
      }),
    );
    expect(spots).toHaveLength(3);
    const mall = spots.find((one) => one.spot._id === 'ms-bashundhara-city')!.spot;
    await expectStatus(
      unwrap(
        as(meetupBuyer).POST('/bookings', {
          body: {
            mobileId: mobile._id,
            area: 'tejgaon',
            meetupSpotId: mall._id,
            meetupAt: nextMondayAt('21:00'),
          },
        }),
      ),
      400,
      'Bashundhara City Shopping Complex is open 10:00–20:00 on Mondays: choose a time within those hours',
    );
    const at = nextMondayAt('11:00');
    const booked = await unwrap(
      as(meetupBuyer).POST('/bookings', {
        body: { mobileId: mobile._id, area: 'tejgaon', meetupSpotId: mall._id, meetupAt: at },
      }),
    );
    const booking = await unwrap(
      as(meetupBuyer).GET('/bookings/{id}', { params: { path: { id: booked.insertedId } } }),
    );
    expect(booking.meetup).toEqual({ spotId: mall._id, place: mall.name, address: mall.address, at });
    const ics = await fetch(`${BASE}/bookings/${booked.insertedId}/calendar`, {
      headers: { authorization: `Bearer ${mockAccessToken(meetupBuyer)}` },
    });
    expect(ics.status).toBe(200);
    expect((await ics.text()).replace(/\r\n /g, '')).toContain(
      'LOCATION:Bashundhara City Shopping Complex\\, Panthapath\\, Tejgaon\\, Dhaka 1215',
    );
    const refused = await fetch(`${BASE}/bookings/${booked.insertedId}/calendar`, {
      headers: { authorization: `Bearer ${mockAccessToken(buyer)}` },
    });
    expect(refused.status).toBe(403);
  });
});

describe('mock handlers, the price guide', () => {
  it("serve a model's captured prices: figures from 5 deals up, 90 days, 12 months, as the server", async () => {
    const guide = await unwrap(
      as(null).GET('/price-guide/{modelKey}', { params: { path: { modelKey: 'samsung-galaxy-s21' } } }),
    );
    expect(guide.model).toEqual({
      key: 'samsung-galaxy-s21',
      brand: '02',
      name: 'Galaxy S21',
      title: 'Samsung Galaxy S21',
    });
    // the demo's 14 Good 128 GB captures of the last 90 days (the 14 older ones only in the history), by hand:
    // sorted 380 385 388 390 395 398 400 400 402 405 410 412 415 420
    expect(guide.ranges).toEqual([
      { storageGb: 128, condition: 'Good', count: 14, median: 400, p25: 391.25, p75: 408.75 },
      { storageGb: 256, condition: 'Excellent', count: 3 },
    ]);
    expect(guide.overall).toMatchObject({ count: 17 });
    expect(guide.history).toHaveLength(12);
    expect(guide.history.reduce((sum, month) => sum + month.count, 0)).toBeGreaterThan(17);
    expect(guide.history.every((month) => month.count >= 5 || month.median === undefined)).toBe(true);
    await expectStatus(
      as(null).GET('/price-guide/{modelKey}', { params: { path: { modelKey: 'nokia-3310-banana' } } }),
      404,
    );
  });

  it('count a deal completed here, but not one between two accounts of one person', async () => {
    const iphone = () =>
      unwrap(as(null).GET('/price-guide/{modelKey}', { params: { path: { modelKey: 'apple-iphone-13' } } }));
    const good128 = async () =>
      (await iphone()).ranges.find((range) => range.storageGb === 128 && range.condition === 'Good');
    expect(await good128()).toMatchObject({ count: 6 });
    const listing = mobiles.find((mobile) => mobile._id === 'm-apple-iphone-13')!;
    const completed = (id: string, email: string) => {
      store.bookings.push({
        ...store.bookings.find((booking) => booking._id === 'b-demo-paid')!,
        _id: id,
        mobileId: listing._id,
        email,
        price: 400,
        completedAt: new Date().toISOString(),
      });
      store.payments.push({
        _id: `p-${id}`,
        bookingId: id,
        transaction: `pi_${id}`,
        price: 400,
        email,
        status: 'captured',
      });
    };
    completed('b-price-own', listing.email);
    expect(await good128()).toMatchObject({ count: 6 });
    completed('b-price-other', otherBuyer.email);
    // 425 430 438 445 450 400 (this one) 420: the median moves to 430
    expect(await good128()).toMatchObject({ count: 7, median: 430 });
  });
});

describe('mock handlers, offers', () => {
  // a buyer of their own (the admin deleted the other one above), on the real clock: the deal tests moved it on
  const offerBuyer = {
    _id: 'u-offer-buyer',
    name: 'Offer Buyer',
    email: 'offers@recell.test',
    role: 'buyer' as const,
    verified: false,
  };
  beforeAll(() => {
    store.users.push(offerBuyer);
    store.clockOffsetMs = 0;
  });
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' };
  /** Pays an offer as the web does: the intent for it, the test card, then the payment recorded. */
  async function payOffer(persona: Persona & object, offerId: string) {
    const intent = await unwrap(as(persona).POST('/create-payment-intent', { body: { offerId } }));
    await unwrap(
      as(persona).POST('/test-processor/payment-intents/{id}/confirm', {
        params: { path: { id: intent.id } },
        body: {
          clientSecret: intent.clientSecret,
          card,
          billing_details: { name: 'B', email: persona.email },
        },
      }),
    );
    await unwrap(as(persona).POST('/payments', { body: { offerId, transaction: intent.id } }));
    return intent;
  }
  const offer = (persona: Persona & object, id: string) =>
    unwrap(as(persona).GET('/offers/{id}', { params: { path: { id } } }));

  it('show the seed: each state to its buyer, the seller the ones with a card, the floor to the seller only', async () => {
    const mine = await unwrap(as(buyer).GET('/offers', { params: { query: { as: 'buyer' } } }));
    expect(new Set(mine.items.map((item) => item.status))).toEqual(
      new Set(['pending', 'countered', 'declined', 'expired', 'voided']),
    );
    const pending = mine.items.find((item) => item._id === 'o-demo-pending')!;
    expect(pending).toMatchObject({ heldAmount: 560, amount: 560, buyer: buyer.name, offersLeft: 2 });
    expect(Date.parse(pending.expiresAt!)).toBeGreaterThan(Date.now());
    const received = await unwrap(
      as(seller).GET('/offers', { params: { query: { as: 'seller', open: true } } }),
    );
    expect(received.items.map((item) => item._id).sort()).toEqual(['o-demo-countered', 'o-demo-pending']);
    expect(
      await unwrap(
        as(seller).GET('/mobile/{id}/offer-floor', { params: { path: { id: 'm-samsung-z-flip4' } } }),
      ),
    ).toEqual({ floor: 300 });
    await expectStatus(
      as(buyer).GET('/mobile/{id}/offer-floor', { params: { path: { id: 'm-samsung-z-flip4' } } }),
      403,
    );
    await expectStatus(
      as(offerBuyer).GET('/offers/{id}', { params: { path: { id: 'o-demo-pending' } } }),
      403,
    );
    // the floor's decline never held a card: the seller is not shown it
    const everything = await unwrap(as(seller).GET('/offers', { params: { query: { as: 'seller' } } }));
    expect(everything.items.map((item) => item._id)).not.toContain('o-demo-floor');
    await expectStatus(as(seller).GET('/offers/{id}', { params: { path: { id: 'o-demo-floor' } } }), 404);
  });

  it("refuse in the rulebook's words, decline under the floor at once, and count that toward the 3", async () => {
    const iphone = 'm-apple-iphone-13';
    await expectStatus(as(seller).POST('/offers', { body: { mobileId: iphone, amount: 500 } }), 403);
    await expectStatus(
      as(offerBuyer).POST('/offers', { body: { mobileId: iphone, amount: 300 } }),
      422,
      'at least half the asking price ($305)',
    );
    await expectStatus(
      as(offerBuyer).POST('/offers', { body: { mobileId: iphone, amount: 610 } }),
      422,
      'under the asking price ($610)',
    );
    await expectStatus(
      as(buyer).POST('/offers', { body: { mobileId: iphone, amount: 550 } }),
      409,
      'already have an open offer',
    );
    await expectStatus(
      as(seller).PUT('/mobile/{id}/offer-floor', { params: { path: { id: iphone } }, body: { floor: 610 } }),
      422,
      'under the asking price',
    );
    await expectStatus(
      as(otherSeller).PUT('/mobile/{id}/offer-floor', {
        params: { path: { id: iphone } },
        body: { floor: 400 },
      }),
      403,
    );
    expect(
      await unwrap(
        as(seller).PUT('/mobile/{id}/offer-floor', {
          params: { path: { id: iphone } },
          body: { floor: 450 },
        }),
      ),
    ).toEqual({ floor: 450 });
    const floored = await unwrap(as(offerBuyer).POST('/offers', { body: { mobileId: iphone, amount: 400 } }));
    expect(floored).toMatchObject({ status: 'declined', endedReason: 'below_floor', offersLeft: 2 });
    expect(floored).not.toHaveProperty('heldAmount');
    await unwrap(
      as(seller).PUT('/mobile/{id}/offer-floor', { params: { path: { id: iphone } }, body: { floor: null } }),
    );
    const listed = await unwrap(
      as(offerBuyer).GET('/offers', { params: { query: { as: 'buyer', mobileId: iphone } } }),
    );
    expect(listed.offersLeft).toBe(2);
  });

  it('hold the card, counter, and accept the counter by holding it: a held deal at the counter, the other offers voided', async () => {
    const iphone = 'm-apple-iphone-13';
    const made = await unwrap(
      as(offerBuyer).POST('/offers', {
        body: { mobileId: iphone, amount: 500, text: 'Call me on 01712345678' },
      }),
    );
    expect(made).toMatchObject({ status: 'awaiting_card', amount: 500, safety: ['phone_number'] });
    // the seller does not see it until the card is held
    await expectStatus(as(seller).GET('/offers/{id}', { params: { path: { id: made._id } } }), 404);
    await expectStatus(as(buyer).POST('/create-payment-intent', { body: { offerId: made._id } }), 403);
    const intent = await payOffer(offerBuyer, made._id);
    expect(intent.amount).toBe(50000);
    expect(await offer(seller, made._id)).toMatchObject({
      status: 'pending',
      heldAmount: 500,
      offersLeft: 1,
    });
    expect(store.notifications.at(-1)).toMatchObject({
      kind: 'offer_received',
      link: '/dashboard/myBuyers/offers',
    });
    // recording it again answers the same
    await unwrap(as(offerBuyer).POST('/payments', { body: { offerId: made._id, transaction: intent.id } }));
    await expectStatus(
      as(otherSeller).POST('/offers/{id}/accept', { params: { path: { id: made._id } } }),
      403,
    );
    await expectStatus(as(admin).POST('/offers/{id}/accept', { params: { path: { id: made._id } } }), 403);
    const counter = (amount: number) =>
      as(seller).POST('/offers/{id}/counter', {
        params: { path: { id: made._id } },
        body: { amount, text: 'Meet me halfway' },
      });
    await expectStatus(counter(620), 422, 'not above the asking price ($610)');
    await expectStatus(counter(500), 422, 'above the offer ($500)');
    expect(await unwrap(counter(560))).toMatchObject({
      status: 'countered',
      counterAmount: 560,
      heldAmount: 500,
    });
    await expectStatus(
      as(seller).POST('/offers/{id}/accept', { params: { path: { id: made._id } } }),
      409,
      'This offer is countered',
    );
    const counterIntent = await payOffer(offerBuyer, made._id);
    expect(counterIntent.amount).toBe(56000);
    const accepted = await offer(offerBuyer, made._id);
    expect(accepted).toMatchObject({ status: 'accepted', heldAmount: 560 });
    const booking = await unwrap(
      as(offerBuyer).GET('/bookings/{id}', { params: { path: { id: accepted.bookingId! } } }),
    );
    expect(booking).toMatchObject({ status: 'held', price: 560 });
    // the first authorization let go, the counter's used by the deal
    expect(store.offerAuthorizations.filter((a) => a.offerId === made._id).map((a) => a.state)).toEqual([
      'released',
      'used',
    ]);
    // the last unit went: the demo buyer's pending offer on it ended, its card let go
    expect(await offer(buyer, 'o-demo-pending')).toMatchObject({
      status: 'voided',
      endedReason: 'sold_elsewhere',
    });
    expect(store.offerAuthorizations.find((a) => a.offerId === 'o-demo-pending')?.state).toBe('released');
    expect(
      await unwrap(as(seller).POST('/offers/{id}/accept', { params: { path: { id: made._id } } })),
    ).toMatchObject({ status: 'accepted', bookingId: accepted.bookingId });
    await expectStatus(
      as(offerBuyer).POST('/create-payment-intent', { body: { offerId: made._id } }),
      409,
      'it is a held deal now',
    );
  });

  it('let the seller accept a pending offer on its held card, and either side end one, idempotently', async () => {
    const redmi = 'm-xiaomi-redmi-note-12';
    // its price as the tests above left it
    const price = store.mobiles.find((mobile) => mobile._id === redmi)!.resale_price;
    // the buyer declines the seed's counter; again answers the same; withdrawing it then is refused
    const declined = await unwrap(
      as(buyer).POST('/offers/{id}/decline', { params: { path: { id: 'o-demo-countered' } } }),
    );
    expect(declined).toMatchObject({ status: 'declined', endedReason: 'counter_declined' });
    expect(declined).not.toHaveProperty('heldAmount');
    await unwrap(as(buyer).POST('/offers/{id}/decline', { params: { path: { id: 'o-demo-countered' } } }));
    await expectStatus(
      as(buyer).POST('/offers/{id}/withdraw', { params: { path: { id: 'o-demo-countered' } } }),
      409,
      'This offer is declined',
    );
    // another offer: withdrawn by its buyer, twice
    const second = await unwrap(as(buyer).POST('/offers', { body: { mobileId: redmi, amount: price - 20 } }));
    await payOffer(buyer, second._id);
    expect(
      await unwrap(as(buyer).POST('/offers/{id}/withdraw', { params: { path: { id: second._id } } })),
    ).toMatchObject({ status: 'withdrawn', offersLeft: 1 });
    await unwrap(as(buyer).POST('/offers/{id}/withdraw', { params: { path: { id: second._id } } }));
    await expectStatus(
      as(seller).POST('/offers/{id}/decline', { params: { path: { id: second._id } } }),
      409,
    );
    // the third, accepted by the seller on the card already held
    const third = await unwrap(as(buyer).POST('/offers', { body: { mobileId: redmi, amount: price - 10 } }));
    await payOffer(buyer, third._id);
    const accepted = await unwrap(
      as(seller).POST('/offers/{id}/accept', { params: { path: { id: third._id } } }),
    );
    expect(accepted).toMatchObject({ status: 'accepted', heldAmount: price - 10, offersLeft: 0 });
    expect(store.bookings.find((b) => b._id === accepted.bookingId)).toMatchObject({
      status: 'held',
      price: price - 10,
    });
    // the buyer's card is held for it now: no offer on top (their three are spent too)
    await expectStatus(
      as(buyer).POST('/offers', { body: { mobileId: redmi, amount: price - 15 } }),
      409,
      'already hold a deal',
    );
    // a pending offer the seller declines; an awaiting_card one replaced quietly by the next
    // any listing still in stock after the tests above, and its seller
    const other = store.mobiles.find(
      (mobile) =>
        mobile.stock > 0 && mobile._id !== redmi && [seller.email, otherSeller.email].includes(mobile.email),
    )!;
    const a54 = other._id;
    const itsSeller = other.email === seller.email ? seller : otherSeller;
    const low = Math.ceil(other.resale_price * 0.6);
    const waiting = await unwrap(as(offerBuyer).POST('/offers', { body: { mobileId: a54, amount: low } }));
    const next = await unwrap(as(offerBuyer).POST('/offers', { body: { mobileId: a54, amount: low + 1 } }));
    expect(await offer(offerBuyer, waiting._id)).toMatchObject({ status: 'withdrawn' });
    await payOffer(offerBuyer, next._id);
    expect(
      await unwrap(as(itsSeller).POST('/offers/{id}/decline', { params: { path: { id: next._id } } })),
    ).toMatchObject({ status: 'declined', endedReason: 'declined' });
    await expectStatus(
      as(offerBuyer).POST('/create-payment-intent', { body: { offerId: next._id } }),
      409,
      'This offer is declined',
    );
  });
});

describe('mock handlers, payouts and claims', () => {
  // people of their own: earlier tests delete the shared other buyer
  const stranger = { ...otherBuyer, _id: 'u-claim-stranger', email: 'claim-stranger@recell.test' };
  const payoutSeller = { ...otherSeller, _id: 'u-payout-seller', email: 'payout-seller@recell.test' };
  beforeAll(() => {
    store.users.push(stranger, payoutSeller);
  });
  const earnings = (persona: Persona & object, email: string) =>
    unwrap(as(persona).GET('/earnings', { params: { query: { email } } }));
  const account = (persona: Persona & object, email: string) =>
    unwrap(as(persona).GET('/payout-account', { params: { query: { email } } }));
  const details = (persona: Persona & object, accountNumber: string) =>
    as(persona).POST('/payout-account/local-details', {
      body: { holderName: 'Rahim Uddin', routingNumber: LOCAL_PAYOUT_ACCOUNTS.routingNumber, accountNumber },
    });
  /** A deal of the demo buyer's on the demo seller's iPhone 13, completed `hoursAgo` by the deal clock. */
  function completedDeal(hoursAgo: number) {
    const mobile = store.mobiles.find((candidate) => candidate._id === 'm-apple-iphone-13')!;
    const completedAt = new Date(dealNow(store).getTime() - hoursAgo * 3_600_000).toISOString();
    const booking: MockStore['bookings'][number] = {
      _id: store.nextId('b'),
      mobileId: mobile._id,
      bookingTime: completedAt,
      MobileName: mobile.title,
      buyer: buyer.name,
      email: buyer.email,
      phone: '',
      price: 435,
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
  const claimOn = (persona: Persona & object, id: string, pictures: string[] = []) =>
    as(persona).POST('/bookings/{id}/claim', {
      params: { path: { id } },
      body: { kind: 'activation_lock', text: 'It asked for the previous owner account.', pictures },
    });
  const decide = (id: string, outcome: 'refund' | 'release', reason = 'Checked with both sides.') =>
    as(admin).POST('/claims/{id}/decision', { params: { path: { id } }, body: { outcome, reason } });

  it("show the seller's earnings by state, with the ledger's sides equal", async () => {
    const mine = await earnings(seller, seller.email);
    // the seed's completed deal is long out of its window: available
    expect(mine.recent.find((earning) => earning.bookingId === 'b-demo-paid')).toMatchObject({
      status: 'available',
      amountCents: 14000,
    });
    expect(mine.availableCents).toBeGreaterThanOrEqual(14000);
    const { pendingCents, onHoldCents, availableCents, payingCents, paidOutCents, refundedCents } = mine;
    expect(pendingCents + onHoldCents + availableCents + payingCents + paidOutCents + refundedCents).toBe(
      mine.completedCents,
    );
    await expectStatus(earnings(buyer, seller.email), 403);
  });

  it('keep the demo seller restricted until a good account is given, then pay out once', async () => {
    const restricted = await account(seller, seller.email);
    expect(restricted).toMatchObject({ status: 'restricted', requirements: [REFUSED_ACCOUNT_REQUIREMENT] });
    expect(await account(admin, seller.email)).toMatchObject({ status: 'restricted' });
    await expectStatus(account(buyer, seller.email), 403);
    await expectStatus(account(payoutSeller, seller.email), 403);
    await expectStatus(as(seller).POST('/payouts'), 409, payoutRefusals.notEnabled('restricted').message);
    expect(await unwrap(as(seller).POST('/payout-account/onboarding'))).toEqual({
      provider: 'local',
      url: webLinks.payoutOnboarding(),
    });
    await expectStatus(as(buyer).POST('/payout-account/onboarding'), 403);
    // any other valid pair waits for the review, which passes on the next read
    expect(await unwrap(details(seller, '000222233334'))).toMatchObject({ status: 'pending', last4: '3334' });
    expect(await account(seller, seller.email)).toMatchObject({ status: 'verified', requirements: [] });
    expect(await unwrap(details(seller, LOCAL_PAYOUT_ACCOUNTS.restricted))).toMatchObject({
      status: 'restricted',
      requirements: [REFUSED_ACCOUNT_REQUIREMENT],
    });
    expect(await unwrap(details(seller, LOCAL_PAYOUT_ACCOUNTS.verified))).toMatchObject({
      status: 'verified',
      last4: '6789',
    });
    // another seller, verified, with nothing available: under the minimum
    expect(await unwrap(details(payoutSeller, LOCAL_PAYOUT_ACCOUNTS.verified))).toMatchObject({
      status: 'verified',
    });
    await expectStatus(as(payoutSeller).POST('/payouts'), 422, payoutRefusals.belowMinimum(0).message);

    const before = await earnings(seller, seller.email);
    const payout = await unwrap(as(seller).POST('/payouts'));
    expect(payout).toMatchObject({
      status: 'paid',
      accountLast4: '6789',
      amountCents: before.availableCents,
    });
    const after = await earnings(seller, seller.email);
    expect(after).toMatchObject({
      availableCents: 0,
      paidOutCents: before.paidOutCents + payout.amountCents,
    });
    expect(after.recent.find((earning) => earning.bookingId === 'b-demo-paid')).toMatchObject({
      status: 'paid_out',
      payoutId: payout._id,
      accountLast4: '6789',
    });
    // nothing left: a second payout is under the minimum, and pays nothing twice
    await expectStatus(as(seller).POST('/payouts'), 422, 'Payouts start at $10.00');
    const own = await unwrap(as(seller).GET('/payouts', { params: { query: { email: seller.email } } }));
    expect(own.items.map((item) => item._id)).toEqual([payout._id]);
    await expectStatus(as(seller).GET('/payouts'), 403);
    await expectStatus(as(seller).GET('/payouts', { params: { query: { email: payoutSeller.email } } }), 403);
    const everyone = await unwrap(as(admin).GET('/payouts'));
    expect(everyone.items.some((item) => item._id === payout._id)).toBe(true);
    const failed = await unwrap(as(admin).GET('/payouts', { params: { query: { status: 'failed' } } }));
    expect(failed.items).toEqual([]);
    expect(
      store.notifications.some((item) => item.kind === 'payout_paid' && item.userId === seller._id),
    ).toBe(true);
  });

  it("open a claim inside the window only, by the deal's buyer, with their own pictures, once", async () => {
    const booking = completedDeal(2);
    const shown = await unwrap(as(buyer).GET('/bookings/{id}', { params: { path: { id: booking._id } } }));
    expect(shown.claimUntil).toBe(claimWindowEnds(booking.completedAt!).toISOString());
    await expectStatus(claimOn(stranger, booking._id), 403);
    await expectStatus(claimOn(seller, booking._id), 403);
    await expectStatus(claimOn(buyer, 'b-nothing-here'), 404);
    // a picture someone else uploaded is refused
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'lock.png');
    const upload = (persona: Persona & object) =>
      unwrap(
        as(persona).POST('/images', {
          body: form as never,
          bodySerializer: (body: unknown) => body as FormData,
        }),
      );
    const sellers = await upload(seller);
    await expectStatus(claimOn(buyer, booking._id, [sellers.data.url]), 400, 'pictures you uploaded');
    const own = await upload(buyer);
    const claim = await unwrap(claimOn(buyer, booking._id, [own.data.url]));
    expect(claim).toMatchObject({
      status: 'open',
      openedBy: 'buyer',
      amountCents: 43500,
      pictures: [own.data.url],
      seller: seller.name,
    });
    await expectStatus(claimOn(buyer, booking._id), 409, claimRefusals.open().message);
    const after = await unwrap(as(buyer).GET('/bookings/{id}', { params: { path: { id: booking._id } } }));
    expect(after).not.toHaveProperty('claimUntil');
    expect(after.claim).toEqual({ _id: claim._id, kind: 'activation_lock', status: 'open' });
    const mine = await earnings(seller, seller.email);
    expect(mine.recent.find((earning) => earning.bookingId === booking._id)).toMatchObject({
      status: 'on_hold',
      claimId: claim._id,
    });
    expect(mine.onHoldCents).toBeGreaterThanOrEqual(43500);
    // a deal out of its window, and one not completed
    await expectStatus(claimOn(buyer, completedDeal(49)._id), 422, claimRefusals.windowClosed().message);
    const held = completedDeal(1);
    Object.assign(held, { status: 'held', paid: false });
    delete held.completedAt;
    await expectStatus(claimOn(buyer, held._id), 409, claimRefusals.notCompleted().message);
    // both sides told
    for (const person of [buyer, seller])
      expect(
        store.notifications.some((item) => item.kind === 'claim_opened' && item.userId === person._id),
      ).toBe(true);
  });

  it('show a claim to its buyer, seller and admins only, and let an admin decide it once', async () => {
    const refunded = await unwrap(claimOn(buyer, completedDeal(3)._id));
    const get = (persona: Persona & object, id: string) =>
      unwrap(as(persona).GET('/claims/{id}', { params: { path: { id } } }));
    for (const persona of [buyer, seller, admin])
      expect((await get(persona, refunded._id))._id).toBe(refunded._id);
    await expectStatus(get(stranger, refunded._id), 404);
    await expectStatus(get(payoutSeller, refunded._id), 404);
    const queue = await unwrap(as(admin).GET('/claims'));
    expect(queue.items.some((item) => item._id === refunded._id)).toBe(true);
    await expectStatus(as(buyer).GET('/claims'), 403);
    await expectStatus(
      decide(refunded._id, 'refund').then(() =>
        as(seller).POST('/claims/{id}/decision', {
          params: { path: { id: refunded._id } },
          body: { outcome: 'release', reason: 'No.' },
        }),
      ),
      403,
    );
    const again = await unwrap(decide(refunded._id, 'refund', 'Another reason'));
    expect(again).toMatchObject({ status: 'refunded', decisionReason: 'Checked with both sides.' });
    await expectStatus(decide(refunded._id, 'release'), 409, claimRefusals.decided('refunded').message);
    // audited once, by the admin who decided
    expect(store.audit.filter((entry) => entry.target === refunded._id)).toEqual([
      expect.objectContaining({
        action: 'claim.refund',
        actorEmail: admin.email,
        targetName: 'Apple iPhone 13',
      }),
    ]);
    const decided = await unwrap(as(admin).GET('/claims', { params: { query: { status: 'decided' } } }));
    expect(decided.items[0]).toMatchObject({ _id: refunded._id, status: 'refunded' });
    expect((await unwrap(as(admin).GET('/claims'))).items.some((item) => item._id === refunded._id)).toBe(
      false,
    );

    // released inside the window: the earning waits out the window again
    const booking = completedDeal(4);
    const released = await unwrap(claimOn(buyer, booking._id));
    expect(await unwrap(decide(released._id, 'release'))).toMatchObject({ status: 'released' });
    const mine = await earnings(seller, seller.email);
    expect(mine.recent.find((earning) => earning.bookingId === booking._id)?.status).toBe('pending');
    expect(mine.refundedCents).toBeGreaterThanOrEqual(43500);
    const seen = await unwrap(
      as(seller).GET('/mybuyers', { params: { query: { email: seller.email, pageSize: 50 } } }),
    );
    expect(seen.items.find((item) => item._id === booking._id)?.claim).toMatchObject({ status: 'released' });
  });
});

describe('every mocked answer', () => {
  it('validates against openapi.yaml, and every operation was exercised', async () => {
    const results = await Promise.all(checked);
    const invalid = results.filter((result) => result.problems.length > 0);
    expect(invalid).toEqual([]);
    const exercised = new Set(results.map((result) => result.operationId));
    const missing = contract.operations.map((op) => op.operationId).filter((id) => !exercised.has(id));
    expect(missing).toEqual([]);
    expect(results.length).toBeGreaterThan(contract.operations.length);
  });
});

describe('the mock store', () => {
  it('keeps a seeded held deal held for its window from when the store is made, whatever the date', () => {
    vi.useFakeTimers({ now: new Date('2027-06-01T12:00:00.000Z') });
    try {
      const held = createMockStore().bookings.find((booking) => booking._id === 'b-demo-held');
      expect(held?.status).toBe('held');
      expect(Date.parse(held?.heldAt ?? '')).toBeLessThan(Date.now());
      // the fixture's five days, counted from now
      expect(Date.parse(held?.holdExpiresAt ?? '') - Date.parse(held?.heldAt ?? '')).toBe(5 * 24 * 3600_000);
      expect(Date.parse(held?.holdExpiresAt ?? '')).toBeGreaterThan(Date.now());
    } finally {
      vi.useRealTimers();
    }
  });
});
