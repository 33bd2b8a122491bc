// The price is fixed at booking, in the buyer's favour: the buyer pays the lower of the booked and the
// listing's current price, before paying or at the handover of a held deal; a raised price never reaches an
// open booking; the booking says what it was booked at when it went down.
import { demoAccounts } from '@recell/api/fixtures';
import { describe, expect, it } from 'vitest';
import { book, confirm, createListing, heldDeal, intentFor } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();
const seller = () => ctx.people.seller.token;
const buyer = () => ctx.people.buyer.token;

const setPrice = async (mobileId: string, dollars: number) => {
  const changed = await call(ctx.app.server, 'patch', `/api/mobile/${mobileId}`, {
    token: seller(),
    body: { resale_price: dollars },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
};
const booking = async (bookingId: string) =>
  (await call(ctx.app.server, 'get', `/api/bookings/${bookingId}`, { token: buyer() })).body;
const intentRow = (id: string) =>
  ctx.app.db.get<{ status: string; amount_cents: number }>(
    'SELECT status, amount_cents FROM test_intents WHERE id = ?',
    [id],
  );
const completedCents = async () =>
  (await call(ctx.app.server, 'get', `/api/earnings?email=${demoAccounts.seller.email}`, { token: seller() }))
    .body.completedCents as number;

describe('the price of a booking', () => {
  it('is the lower one when the seller cuts the price before the buyer pays, and says what it was', async () => {
    const mobileId = await createListing(ctx.app.server, seller(), { resale_price: 300 });
    const bookingId = await book(ctx.app.server, buyer(), mobileId);
    await setPrice(mobileId, 50);
    const intent = await intentFor(ctx.app.server, buyer(), bookingId);
    expect(intent).toMatchObject({ amount: 5000 });
    expect(await booking(bookingId)).toMatchObject({ price: 50, bookedPrice: 300 });
    // Raised again before paying: the lower price stays.
    await setPrice(mobileId, 500);
    expect((await confirm(ctx.app.server, buyer(), intent)).status).toBe(200);
    expect(await booking(bookingId)).toMatchObject({ status: 'held', price: 50, bookedPrice: 300 });
    expect(await intentRow(intent.id)).toEqual({ status: 'requires_capture', amount_cents: 5000 });
  });

  it('never takes a raise: booked at 300, listed at 400, the buyer pays 300', async () => {
    const mobileId = await createListing(ctx.app.server, seller(), { resale_price: 300 });
    const bookingId = await book(ctx.app.server, buyer(), mobileId);
    await setPrice(mobileId, 400);
    expect(await intentFor(ctx.app.server, buyer(), bookingId)).toMatchObject({ amount: 30_000 });
    const read = await booking(bookingId);
    expect(read).toMatchObject({ price: 300 });
    expect(read).not.toHaveProperty('bookedPrice');
  });

  it('captures only the lower price at the handover when the seller cut it while the card was held', async () => {
    const before = await completedCents();
    const mobileId = await createListing(ctx.app.server, seller(), { resale_price: 300 });
    const deal = await heldDeal(ctx.app.server, buyer(), mobileId);
    await setPrice(mobileId, 250);
    const done = await call(ctx.app.server, 'post', `/api/bookings/${deal.bookingId}/handover`, {
      token: seller(),
      body: { code: deal.code },
    });
    expect(done.body).toMatchObject({ status: 'completed', price: 250, bookedPrice: 300 });
    expect(await intentRow(deal.transaction)).toEqual({ status: 'succeeded', amount_cents: 25_000 });
    expect((await completedCents()) - before).toBe(25_000);
  });
});
