// The Stripe adapter, with the real `stripe` SDK sending its requests to a local fake of Stripe's API.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createListing } from './support/fixtures';
import { startFakeStripe } from './support/fake-stripe';
import { call, expectContract, personas, startApp, type TestApp } from './support/harness';

const WEBHOOK_SECRET = 'whsec_test_recell_local_fake';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let app: TestApp;
let people: Awaited<ReturnType<typeof personas>>;
const signer = new Stripe('sk_test_only_for_signing');

beforeAll(async () => {
  fake = await startFakeStripe();
  app = await startApp({
    STRIPE_SECRET_KEY: 'sk_test_recell_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  people = await personas(app);
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const pay = (bookingId: string, transaction: string, token = people.buyer.token) =>
  call(app.server, 'post', '/api/payments', { token, body: { bookingId, transaction } });

async function intentFor(bookingId: string, token = people.buyer.token) {
  const response = await call(app.server, 'post', '/api/create-payment-intent', {
    token,
    body: { bookingId },
  });
  expect(response.status).toBe(200);
  return response.body as { id: string; clientSecret: string; amount: number; provider: string };
}

function signed(event: object) {
  const payload = JSON.stringify(event);
  return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

describe('Stripe adapter', () => {
  it('creates a manual-capture PaymentIntent (a hold) for the booking price in cents, with metadata and an idempotency key', async () => {
    const bookingId = await book(app.server, people.buyer.token, 'm-apple-iphone-13');
    const intent = await intentFor(bookingId);
    expect(intent).toMatchObject({
      provider: 'stripe',
      amount: 61000,
      clientSecret: `${intent.id}_secret_fake`,
    });
    const sent = fake.requests.find(
      (entry) => entry.method === 'POST' && entry.path === '/v1/payment_intents',
    );
    expect(sent?.form).toMatchObject({
      amount: '61000',
      currency: 'usd',
      capture_method: 'manual',
      metadata: { bookingId, mobileId: 'm-apple-iphone-13' },
    });
    expect(sent?.idempotencyKey).toBe(`recell-hold-${bookingId}-61000`);
    // A reload of the payment page gets the same intent, not a second charge.
    expect((await intentFor(bookingId)).id).toBe(intent.id);
  });

  it('holds only after Stripe says the card is authorized for that amount and booking', async () => {
    const bookingId = await book(app.server, people.buyer.token, 'm-samsung-a54');
    const intent = await intentFor(bookingId);
    expect((await pay(bookingId, intent.id)).status).toBe(402);
    fake.authorize(intent.id);
    const recorded = await pay(bookingId, intent.id);
    expect(recorded.status).toBe(201);
    expect((await pay(bookingId, intent.id)).body).toEqual(recorded.body);

    expect(await app.db.get('SELECT status FROM bookings WHERE id = ?', [bookingId])).toEqual({
      status: 'held',
    });
    // An intent authorized for a different amount, or for another booking, holds nothing.
    // (The buyer's held booking is their one open booking of this listing: the others are another buyer's.)
    const other = await book(app.server, people.otherBuyer.token, 'm-samsung-a54');
    const cheap = fake.authorize((await intentFor(other, people.otherBuyer.token)).id);
    cheap.amount = 100;
    expect((await pay(other, cheap.id, people.otherBuyer.token)).status).toBe(402);
    const third = await book(
      app.server,
      people.buyer.token,
      await createListing(app.server, people.seller.token),
    );
    expect((await pay(third, intent.id)).status).toBe(409);
  });

  it('voids the hold of a buyer who paid after the last unit was held', async () => {
    const mobileId = await createListing(app.server, people.seller.token, { stock: 1 });
    const first = await book(app.server, people.buyer.token, mobileId);
    const second = await book(app.server, people.otherBuyer.token, mobileId);
    const a = fake.authorize((await intentFor(first)).id);
    const b = fake.authorize((await intentFor(second, people.otherBuyer.token)).id);
    expect((await pay(first, a.id)).status).toBe(201);
    const late = await pay(second, b.id, people.otherBuyer.token);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('sold_out');
    expect(fake.intents.get(b.id)?.status).toBe('canceled');
    expect(fake.intents.get(a.id)?.status).toBe('requires_capture');
  });

  it('voids the hold of a buyer whose card was authorized after the seller took the listing down', async () => {
    const mobileId = await createListing(app.server, people.seller.token);
    const bookingId = await book(app.server, people.buyer.token, mobileId);
    const intent = fake.authorize((await intentFor(bookingId)).id);
    const removed = await call(app.server, 'delete', `/api/mobile/${mobileId}`, {
      token: people.seller.token,
    });
    expect(removed.body).toEqual({ deletedCount: 1 });
    const late = await pay(bookingId, intent.id);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      message: 'This booking was cancelled: the phone is no longer listed; your payment was refunded',
      code: 'cancelled',
    });
    expect(fake.intents.get(intent.id)?.status).toBe('canceled');
    expect(await app.db.get('SELECT paid, cancelled FROM bookings WHERE id = ?', [bookingId])).toEqual({
      paid: 0,
      cancelled: 1,
    });
  });

  it('the test processor is off when Stripe is configured', async () => {
    const response = await call(
      app.server,
      'post',
      '/api/test-processor/payment-intents/pi_abcdefgh1234/confirm',
      {
        token: people.buyer.token,
        body: {
          clientSecret: 'pi_abcdefgh1234_secret_x',
          card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
          billing_details: { name: 'A', email: 'buyer@recell.test' },
        },
      },
    );
    expect(response.status).toBe(404);
  });
});

describe('Stripe webhook', () => {
  it('holds an authorized intent from a signed event, once per event id', async () => {
    const mobileId = await createListing(app.server, people.seller.token);
    const bookingId = await book(app.server, people.buyer.token, mobileId);
    const intent = fake.authorize((await intentFor(bookingId)).id);
    const event = {
      id: 'evt_recell_1',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: intent },
    };
    const { payload, header } = signed(event);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await call(app.server, 'post', '/api/webhooks/stripe', { body: undefined }).catch(
        () => null,
      );
      expect(response?.status).toBe(400); // no signature
      const delivered = await postRaw(payload, header);
      expect(delivered.status).toBe(200);
      expect(delivered.body).toEqual({ received: true });
    }
    expect(await app.db.get('SELECT COUNT(*) AS n FROM payments WHERE booking_id = ?', [bookingId])).toEqual({
      n: 1,
    });
    expect(
      await app.db.get('SELECT COUNT(*) AS n FROM stripe_events WHERE id = ?', ['evt_recell_1']),
    ).toEqual({ n: 1 });
    // The browser's POST /payments afterwards answers the same payment.
    expect((await pay(bookingId, intent.id)).status).toBe(201);
  });

  /** A signed payment_intent.succeeded event for a booking deleted after the card was charged. */
  async function successForGoneBooking(eventId: string) {
    const mobileId = await createListing(app.server, people.seller.token);
    const bookingId = await book(app.server, people.buyer.token, mobileId);
    const intent = fake.succeed((await intentFor(bookingId)).id);
    await app.db.run('DELETE FROM bookings WHERE id = ?', [bookingId]);
    const event = {
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    };
    return { intent, ...signed(event) };
  }

  it('refunds a success for a booking that no longer exists', async () => {
    const { intent, payload, header } = await successForGoneBooking('evt_recell_gone');
    expect((await postRaw(payload, header)).status).toBe(200);
    expect(fake.refunds).toContainEqual({
      paymentIntent: intent.id,
      idempotencyKey: `recell-refund-${intent.id}`,
    });
  });

  it('handles a redelivered event whose first handling failed (the refund call errored)', async () => {
    const { intent, payload, header } = await successForGoneBooking('evt_recell_retry');
    fake.failNextRefund();
    const first = await postRaw(payload, header);
    expect(first.status).toBe(502); // Stripe redelivers only after a failure status
    expect(first.body).toEqual({ message: expect.any(String) });
    expect(fake.refunds.map((refund) => refund.paymentIntent)).not.toContain(intent.id);
    const again = await postRaw(payload, header);
    expect(again.status).toBe(200);
    expect(fake.refunds.map((refund) => refund.paymentIntent)).toContain(intent.id);
  });

  it('refuses a bad signature and a body altered after signing', async () => {
    const { payload, header } = signed({
      id: 'evt_recell_2',
      object: 'event',
      type: 'ping',
      data: { object: {} },
    });
    expect((await postRaw(payload, 't=1,v1=deadbeef')).status).toBe(400);
    expect((await postRaw(payload.replace('ping', 'pong'), header)).status).toBe(400);
    expect((await postRaw(payload, header)).status).toBe(200);
  });
});

async function postRaw(payload: string, signature: string) {
  const { default: request } = await import('supertest');
  const response = await request(app.server)
    .post('/api/webhooks/stripe')
    .set('content-type', 'application/json')
    .set('stripe-signature', signature)
    .send(payload);
  expectContract('post', '/api/webhooks/stripe', response.status, response.body);
  return response;
}
