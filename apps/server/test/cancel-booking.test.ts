// A buyer calls off an unpaid booking: it stays in My Orders as cancelled by them, cannot be paid, frees the
// buyer to book the phone again, and a payment that lands first wins.
import { describe, expect, it } from 'vitest';
import { book, confirm, createListing, intentFor } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();

const cancel = (bookingId: string, token = ctx.people.buyer.token) =>
  call(ctx.app.server, 'post', `/api/bookings/${bookingId}/cancel`, { token });

describe('cancelBooking', () => {
  it('cancels an unpaid booking once; it cannot be paid afterwards; the phone can be booked again', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 2 });
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, mobileId);
    const intent = await intentFor(ctx.app.server, ctx.people.buyer.token, bookingId);

    const first = await cancel(bookingId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ _id: bookingId, paid: false, cancelled: true, cancelledBy: 'buyer' });
    expect((await cancel(bookingId)).body).toEqual(first.body);

    const pay = await confirm(ctx.app.server, ctx.people.buyer.token, intent);
    expect(pay.status).toBe(409);
    expect(pay.body).toEqual({ message: 'You cancelled this booking', code: 'cancelled' });
    expect(await ctx.app.db.get('SELECT status FROM test_intents WHERE id = ?', [intent.id])).toEqual({
      status: 'requires_payment_method',
    });
    expect(await ctx.app.db.get('SELECT stock FROM mobiles WHERE id = ?', [mobileId])).toEqual({ stock: 2 });

    // No longer open: booking the phone again makes a new booking.
    const again = await call(ctx.app.server, 'post', '/api/bookings', {
      token: ctx.people.buyer.token,
      body: { mobileId },
    });
    expect(again.status).toBe(201);
    expect((again.body as { insertedId: string }).insertedId).not.toBe(bookingId);
  });

  it('refuses a completed deal (409), and anyone but its buyer (403), changing nothing', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 2 });
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, mobileId);
    for (const who of ['otherBuyer', 'admin', 'seller'] as const) {
      expect((await cancel(bookingId, ctx.people[who].token)).status, who).toBe(403);
    }
    const intent = await intentFor(ctx.app.server, ctx.people.buyer.token, bookingId);
    expect((await confirm(ctx.app.server, ctx.people.buyer.token, intent)).status).toBe(200);
    // Held; the buyer skips their check (the code shows), the seller enters it at the meetup: complete.
    const held = await call(ctx.app.server, 'post', `/api/bookings/${bookingId}/buyer-check/skip`, {
      token: ctx.people.buyer.token,
    });
    const handover = await call(ctx.app.server, 'post', `/api/bookings/${bookingId}/handover`, {
      token: ctx.people.seller.token,
      body: { code: held.body.handoverCode },
    });
    expect(handover.body).toMatchObject({ status: 'completed', paid: true });
    const refused = await cancel(bookingId);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'A paid booking cannot be cancelled', code: 'already_paid' });
    expect(await ctx.app.db.get('SELECT paid, cancelled FROM bookings WHERE id = ?', [bookingId])).toEqual({
      paid: 1,
      cancelled: 0,
    });
    expect((await cancel('b-no-such-booking')).status).toBe(404);
  });

  it('a cancel racing the payment: exactly one wins, and money and stock agree', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 1 });
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, mobileId);
    const intent = await intentFor(ctx.app.server, ctx.people.buyer.token, bookingId);
    const [paid, cancelled] = await Promise.all([
      confirm(ctx.app.server, ctx.people.buyer.token, intent),
      cancel(bookingId),
    ]);
    const row = await ctx.app.db.get<{ status: string }>('SELECT status FROM bookings WHERE id = ?', [
      bookingId,
    ]);
    const stock = (
      await ctx.app.db.get<{ stock: number }>('SELECT stock FROM mobiles WHERE id = ?', [mobileId])
    )?.stock;
    const status = (
      await ctx.app.db.get<{ status: string }>('SELECT status FROM test_intents WHERE id = ?', [intent.id])
    )?.status;
    // Either order ends cancelled: held first and then walked away from (the hold voided, the unit back), or
    // cancelled first and the card never authorized (or authorized and voided at once).
    expect(row?.status).toBe('cancelled');
    expect(cancelled.status).toBe(200);
    expect([200, 409]).toContain(paid.status);
    expect(stock).toBe(1);
    expect(['requires_payment_method', 'canceled']).toContain(status);
    expect(
      await ctx.app.db.get("SELECT COUNT(*) AS n FROM payments WHERE booking_id = ? AND status = 'held'", [
        bookingId,
      ]),
    ).toEqual({ n: 0 });
  });

  it('a listing taken down says so: cancelledBy listing', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token);
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, mobileId);
    expect(
      (await call(ctx.app.server, 'delete', `/api/mobile/${mobileId}`, { token: ctx.people.seller.token }))
        .status,
    ).toBe(200);
    const booking = await call(ctx.app.server, 'get', `/api/bookings/${bookingId}`, {
      token: ctx.people.buyer.token,
    });
    expect(booking.body).toMatchObject({ cancelled: true, cancelledBy: 'listing' });
  });
});
