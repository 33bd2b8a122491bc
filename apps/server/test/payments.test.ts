// Paying with the built-in test-mode processor: recorded only after the processor's success for that amount and
// booking, once per transaction, with stock taken once; racing buyers for the last unit: one is charged.
import { describe, expect, it } from 'vitest';
import { book, confirm, createListing, intentFor } from './support/fixtures';
import { signUpAccount, uniqueEmail } from './support/accounts';
import { call, exchange, useServer } from './support/harness';

const ctx = useServer();

const stockOf = async (id: string) =>
  (await ctx.app.db.get<{ stock: number }>('SELECT stock FROM mobiles WHERE id = ?', [id]))?.stock;
const paymentsFor = async (bookingId: string) =>
  (
    await ctx.app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM payments WHERE booking_id = ?', [
      bookingId,
    ])
  )?.n;

describe('the test-mode processor', () => {
  it('authorizes the booking price in cents, then records the hold once: held, stock minus one', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, {
      resale_price: 610.5,
      stock: 3,
    });
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, mobileId);
    const intent = await intentFor(ctx.app.server, ctx.people.buyer.token, bookingId);
    expect(intent).toMatchObject({ amount: 61050, currency: 'usd', provider: 'test' });
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{8,64}$/);

    // Nothing is recorded before the processor says it succeeded.
    const early = await call(ctx.app.server, 'post', '/api/payments', {
      token: ctx.people.buyer.token,
      body: { bookingId, transaction: intent.id },
    });
    expect(early.status).toBe(402);
    expect(early.body).toEqual({ message: 'The payment has not succeeded', code: 'payment_incomplete' });

    const confirmed = await confirm(ctx.app.server, ctx.people.buyer.token, intent);
    expect(confirmed.body).toEqual({
      id: intent.id,
      status: 'requires_capture',
      amount: 61050,
      currency: 'usd',
    });
    // Authorized means recorded, at once (as Stripe's webhook does): no held-but-unrecorded window.
    expect(await paymentsFor(bookingId)).toBe(1);
    const recorded = await call(ctx.app.server, 'post', '/api/payments', {
      token: ctx.people.buyer.token,
      body: { bookingId, transaction: intent.id },
    });
    expect(recorded.status).toBe(201);
    const again = await call(ctx.app.server, 'post', '/api/payments', {
      token: ctx.people.buyer.token,
      body: { bookingId, transaction: intent.id },
    });
    expect(again.body).toEqual(recorded.body);
    expect(await stockOf(mobileId)).toBe(2);
    expect(await paymentsFor(bookingId)).toBe(1);
    const booking = await call(ctx.app.server, 'get', `/api/bookings/${bookingId}`, {
      token: ctx.people.buyer.token,
    });
    expect(booking.body).toMatchObject({ paid: false, status: 'held', price: 610.5 });
    const row = await ctx.app.db.get('SELECT price_cents, email FROM payments WHERE booking_id = ?', [
      bookingId,
    ]);
    expect(row).toEqual({ price_cents: 61050, email: ctx.people.buyer.email });

    // Held: no second intent, no second confirmation.
    const second = await call(ctx.app.server, 'post', '/api/create-payment-intent', {
      token: ctx.people.buyer.token,
      body: { bookingId },
    });
    expect(second.body).toEqual({ message: 'This booking is already paid', code: 'already_paid' });
    expect((await confirm(ctx.app.server, ctx.people.buyer.token, intent)).status).toBe(409);
  });

  it('answers declined cards as Stripe test mode does, and records nothing', async () => {
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, 'm-samsung-a54');
    const intent = await intentFor(ctx.app.server, ctx.people.buyer.token, bookingId);
    const cases: [string, string, string][] = [
      ['4000 0000 0000 0002', 'Your card was declined.', 'generic_decline'],
      ['4000 0000 0000 9995', 'Your card has insufficient funds.', 'insufficient_funds'],
      ['4242 4242 4242 4241', 'Your card number is incorrect.', 'incorrect_number'],
    ];
    for (const [number, message, code] of cases) {
      const response = await confirm(ctx.app.server, ctx.people.buyer.token, intent, number);
      expect(response.status).toBe(402);
      expect(response.body).toEqual({ message, code });
    }
    const recorded = await call(ctx.app.server, 'post', '/api/payments', {
      token: ctx.people.buyer.token,
      body: { bookingId, transaction: intent.id },
    });
    expect(recorded.status).toBe(402);
    expect(await paymentsFor(bookingId)).toBe(0);
  });

  it("refuses a wrong client secret, another booking's transaction, and an unknown transaction", async () => {
    const first = await book(ctx.app.server, ctx.people.buyer.token, 'm-samsung-a54');
    const second = await book(ctx.app.server, ctx.people.buyer.token, 'm-apple-iphone-13');
    const intent = await intentFor(ctx.app.server, ctx.people.buyer.token, first);
    const wrongSecret = await confirm(ctx.app.server, ctx.people.buyer.token, {
      id: intent.id,
      clientSecret: `${intent.id}_secret_wrong`,
    });
    expect(wrongSecret.status).toBe(403);
    expect((await confirm(ctx.app.server, ctx.people.buyer.token, intent)).status).toBe(200);
    // The intent paid for the first booking: it pays for nothing else.
    const crossed = await call(ctx.app.server, 'post', '/api/payments', {
      token: ctx.people.buyer.token,
      body: { bookingId: second, transaction: intent.id },
    });
    expect(crossed.body).toEqual({ message: 'This transaction belongs to another booking' });
    const unknown = await call(ctx.app.server, 'post', '/api/payments', {
      token: ctx.people.buyer.token,
      body: { bookingId: second, transaction: 'pi_doesNotExist123' },
    });
    expect(unknown.status).toBe(402);
    expect(await paymentsFor(second)).toBe(0);
  });

  it('a sold-out listing cannot be booked, advertised or paid for', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 1 });
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, mobileId);
    await call(ctx.app.server, 'patch', `/api/mobile/${mobileId}`, {
      token: ctx.people.seller.token,
      body: { stock: 0 },
    });
    const booking = await call(ctx.app.server, 'post', '/api/bookings', {
      token: ctx.people.otherBuyer.token,
      body: { mobileId },
    });
    expect(booking.body).toEqual({ message: 'This phone is sold out', code: 'sold_out' });
    const advertise = await call(ctx.app.server, 'post', '/api/advertise', {
      token: ctx.people.seller.token,
      body: { mobileId },
    });
    expect(advertise.status).toBe(409);
    const intent = await call(ctx.app.server, 'post', '/api/create-payment-intent', {
      token: ctx.people.buyer.token,
      body: { bookingId },
    });
    expect(intent.body).toEqual({ message: 'This phone is sold out', code: 'sold_out' });
  });
});

describe('races', () => {
  it('POST /payments racing with one transaction records it exactly once', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 5 });
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, mobileId);
    const intent = await intentFor(ctx.app.server, ctx.people.buyer.token, bookingId);
    // The processor authorized the card but nothing is recorded yet (as when Stripe.js confirms in the browser):
    // five calls race to record the hold.
    await ctx.app.db.run("UPDATE test_intents SET status = 'requires_capture' WHERE id = ?", [intent.id]);
    expect(await paymentsFor(bookingId)).toBe(0);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        call(ctx.app.server, 'post', '/api/payments', {
          token: ctx.people.buyer.token,
          body: { bookingId, transaction: intent.id },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await paymentsFor(bookingId)).toBe(1);
    expect(await stockOf(mobileId)).toBe(4);
  });

  it('20 buyers paying at once for the last unit: one hold, stock 0, every other authorization voided', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, {
      stock: 1,
      resale_price: 300,
    });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const email = uniqueEmail(`racer-${index}`);
        const idToken = await signUpAccount(email, 'racer-pw');
        const signedUp = await call(ctx.app.server, 'post', '/api/usersall', {
          token: idToken,
          body: { name: `Racer ${index}`, role: 'buyer' },
        });
        expect(signedUp.status).toBe(201);
        return exchange(ctx.app, idToken);
      }),
    );
    // Every buyer books while the phone is available and opens the payment form.
    const carts = await Promise.all(
      buyers.map(async (token) => {
        const bookingId = await book(ctx.app.server, token, mobileId);
        return { token, bookingId, intent: await intentFor(ctx.app.server, token, bookingId) };
      }),
    );
    // Then all of them pay at the same moment: confirm the card, and record the payment.
    const outcomes = await Promise.all(
      carts.map(async ({ token, bookingId, intent }) => {
        const confirmed = await confirm(ctx.app.server, token, intent);
        if (confirmed.status !== 200) return { confirmed: confirmed.status, body: confirmed.body };
        const recorded = await call(ctx.app.server, 'post', '/api/payments', {
          token,
          body: { bookingId, transaction: intent.id },
        });
        return { confirmed: 200, recorded: recorded.status, body: recorded.body };
      }),
    );
    const paid = outcomes.filter((outcome) => outcome.recorded === 201);
    expect(paid).toHaveLength(1);
    for (const outcome of outcomes.filter((candidate) => candidate.recorded !== 201)) {
      // Told it is sold: before the card was charged, or after, with the charge refunded.
      expect(outcome.body).toMatchObject({ code: 'sold_out' });
    }
    expect(await stockOf(mobileId)).toBe(0);
    const bookings = await ctx.app.db.all<{ status: string }>(
      'SELECT status FROM bookings WHERE mobile_id = ?',
      [mobileId],
    );
    expect(bookings.filter((booking) => booking.status === 'held')).toHaveLength(1);
    expect(bookings.filter((booking) => booking.status !== 'unpaid')).toHaveLength(1);
    // The others now read as sold out (My Orders shows that instead of Pay).
    const loser = carts.find((cart) => outcomes[carts.indexOf(cart)]?.recorded !== 201)!;
    const read = await call(ctx.app.server, 'get', `/api/bookings/${loser.bookingId}`, {
      token: loser.token,
    });
    expect(read.body).toMatchObject({ paid: false, cancelled: false, soldOut: true });
    const ids = carts.map((cart) => cart.intent.id);
    const intents = await ctx.app.db.all<{ status: string }>(
      `SELECT status FROM test_intents WHERE id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    // Money held: exactly one intent still authorized; every other was voided or never authorized.
    expect(intents.filter((intent) => intent.status === 'requires_capture')).toHaveLength(1);
    expect(
      intents.every((intent) =>
        ['requires_capture', 'canceled', 'requires_payment_method'].includes(intent.status),
      ),
    ).toBe(true);
    expect(
      (
        await ctx.app.db.get<{ n: number }>(
          'SELECT COUNT(*) AS n FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.mobile_id = ?',
          [mobileId],
        )
      )?.n,
    ).toBe(1);
  });
});
