// The offer's main flow, on both engines (issue 47): $420 offered on $450 -> the card held -> the seller counters
// $435 -> the buyer pays the counter, which accepts it -> a held deal at $435 with its handover code -> the code
// completes it -> the seller's earnings show $435. Every refusal and race is offers-rules.test.ts's.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startJobs } from '../src/jobs';
import { openEventStream } from './support/event-stream';
import { buyerCheck, confirm, createListing } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();

type Offer = {
  _id: string;
  status: string;
  amount: number;
  counterAmount?: number;
  heldAmount?: number;
  bookingId?: string;
  safety?: unknown[];
  offersLeft: number;
};

const server = () => ctx.app.server;
const as = (who: 'buyer' | 'seller') => ctx.people[who].token;
const intentStatus = async (id: string) => (await ctx.app.payments.retrieveIntent(id))?.status;
/** The kinds of notification a person has about a listing, newest first. */
const kindsOf = async (email: string, mobileId: string) =>
  (
    await ctx.app.db.all<{ kind: string }>(
      `SELECT n.kind FROM notifications n JOIN users u ON u.id = n.user_id
       WHERE u.email = ? AND n.mobile_id = ? ORDER BY n.created_at DESC`,
      [email, mobileId],
    )
  ).map((row) => row.kind);

async function pay(offerId: string) {
  const intent = await call(server(), 'post', '/api/create-payment-intent', {
    token: as('buyer'),
    body: { offerId },
  });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const made = intent.body as { id: string; clientSecret: string; amount: number };
  const confirmed = await confirm(server(), as('buyer'), made);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return made;
}

const earnings = async () =>
  (await call(server(), 'get', `/api/earnings?email=${ctx.people.seller.email}`, { token: as('seller') }))
    .body as { completedCount: number; completedCents: number; heldCount: number; heldCents: number };

describe('an offer, countered and accepted, is a held deal at the counter', () => {
  it('offer $420 on $450 -> counter $435 -> paid -> held at $435 -> the code completes it', async () => {
    const mobileId = await createListing(server(), as('seller'), { resale_price: 450, stock: 1 });
    const before = await earnings();

    // Made: waiting for the card, its note checked as a message is.
    const made = await call(server(), 'post', '/api/offers', {
      token: as('buyer'),
      body: { mobileId, amount: 420, text: 'Would you take 420? Call me on 01711 223344' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const offer = made.body as Offer;
    expect(offer).toMatchObject({ status: 'awaiting_card', amount: 420, offersLeft: 3 });
    expect(offer.safety?.length).toBeGreaterThan(0);

    // The card held for $420: pending, and the seller is told.
    const first = await pay(offer._id);
    expect(first.amount).toBe(42000);
    expect(await intentStatus(first.id)).toBe('requires_capture');
    const pending = await call(server(), 'get', `/api/offers/${offer._id}`, { token: as('seller') });
    expect(pending.body).toMatchObject({ status: 'pending', heldAmount: 420, offersLeft: 2 });
    expect(await kindsOf(ctx.people.seller.email, mobileId)).toContain('offer_received');

    // The seller counters $435; the buyer is told.
    const countered = await call(server(), 'post', `/api/offers/${offer._id}/counter`, {
      token: as('seller'),
      body: { amount: 435, text: '435 and it is yours, with the case.' },
    });
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    expect(countered.body).toMatchObject({ status: 'countered', counterAmount: 435, heldAmount: 420 });
    expect(await kindsOf(ctx.people.buyer.email, mobileId)).toContain('offer_countered');

    // The buyer pays the counter: accepted, the first authorization let go, the deal held at $435.
    const second = await pay(offer._id);
    expect(second.amount).toBe(43500);
    const accepted = (await call(server(), 'get', `/api/offers/${offer._id}`, { token: as('buyer') }))
      .body as Offer;
    expect(accepted).toMatchObject({ status: 'accepted', heldAmount: 435 });
    expect(accepted.bookingId).toBeDefined();
    expect(await intentStatus(first.id)).toBe('canceled');
    expect(await intentStatus(second.id)).toBe('requires_capture');
    expect(await kindsOf(ctx.people.buyer.email, mobileId)).toContain('offer_accepted');
    expect(await kindsOf(ctx.people.seller.email, mobileId)).toContain('offer_accepted');
    const stock = await ctx.app.db.get<{ stock: number }>('SELECT stock FROM mobiles WHERE id = ?', [
      mobileId,
    ]);
    expect(stock?.stock).toBe(0);
    expect(await ctx.app.services.offers.liveOfEnded()).toBe(0);

    const bookingId = accepted.bookingId!;
    await buyerCheck(server(), as('buyer'), bookingId, 'skip');
    const booking = (await call(server(), 'get', `/api/bookings/${bookingId}`, { token: as('buyer') }))
      .body as {
      status: string;
      price: number;
      transaction: string;
      handoverCode: string;
      holdExpiresAt: string;
    };
    expect(booking).toMatchObject({ status: 'held', price: 435, transaction: second.id });
    expect(booking.handoverCode).toMatch(/^\d{6}$/);
    const during = await earnings();
    expect(during.heldCents).toBe(before.heldCents + 43500);

    // Accepting it again answers the same offer.
    const again = await call(server(), 'post', `/api/offers/${offer._id}/accept`, { token: as('seller') });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'accepted', bookingId });

    // The code at the meetup: captured at $435, the seller's earnings show it.
    const done = await call(server(), 'post', `/api/bookings/${bookingId}/handover`, {
      token: as('seller'),
      body: { code: booking.handoverCode },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', paid: true, price: 435 });
    expect(await intentStatus(second.id)).toBe('succeeded');
    const after = await earnings();
    expect(after.completedCount).toBe(before.completedCount + 1);
    expect(after.completedCents).toBe(before.completedCents + 43500);
  });

  it("the last unit booked elsewhere voids the open offer, and the job's tick lets its card go", async () => {
    const mobileId = await createListing(server(), as('seller'), { resale_price: 450, stock: 1 });
    const made = await call(server(), 'post', '/api/offers', {
      token: as('buyer'),
      body: { mobileId, amount: 400 },
    });
    const offerId = (made.body as Offer)._id;
    const held = await pay(offerId);
    // The seller accepts: the unit goes to the offer, in one transaction with the held deal.
    const accepted = await call(server(), 'post', `/api/offers/${offerId}/accept`, { token: as('seller') });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', heldAmount: 400 });
    expect(await intentStatus(held.id)).toBe('requires_capture');

    // Another listing: an offer pending, then the last unit booked and paid by someone else.
    const other = await createListing(server(), as('seller'), { resale_price: 450, stock: 1 });
    const second = await call(server(), 'post', '/api/offers', {
      token: as('buyer'),
      body: { mobileId: other, amount: 410 },
    });
    const secondId = (second.body as Offer)._id;
    const secondHeld = await pay(secondId);
    const bookingId = (
      await call(server(), 'post', '/api/bookings', {
        token: ctx.people.otherBuyer.token,
        body: { mobileId: other, phone: '+880 1911 222333', location: 'Dhaka' },
      })
    ).body as { insertedId: string };
    const intent = await call(server(), 'post', '/api/create-payment-intent', {
      token: ctx.people.otherBuyer.token,
      body: { bookingId: bookingId.insertedId },
    });
    const paid = await confirm(
      server(),
      ctx.people.otherBuyer.token,
      intent.body as { id: string; clientSecret: string },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const voided = await call(server(), 'get', `/api/offers/${secondId}`, { token: as('buyer') });
    expect(voided.body).toMatchObject({ status: 'voided', endedReason: 'sold_elsewhere' });
    expect(await kindsOf(ctx.people.buyer.email, other)).toContain('offer_voided');
    await ctx.app.services.offers.tick();
    expect(await intentStatus(secondHeld.id)).toBe('canceled');
    expect(await ctx.app.services.offers.liveOfEnded()).toBe(0);
  });

  it('both sides hear {type: offer} on the live stream when it moves', async () => {
    const mobileId = await createListing(server(), as('seller'), { resale_price: 450, stock: 1 });
    const made = await call(server(), 'post', '/api/offers', {
      token: as('buyer'),
      body: { mobileId, amount: 400 },
    });
    const offerId = (made.body as Offer)._id;
    await pay(offerId);
    const [buyer, seller] = await Promise.all([
      openEventStream(server(), as('buyer')),
      openEventStream(server(), as('seller')),
    ]);
    try {
      const countered = await call(server(), 'post', `/api/offers/${offerId}/counter`, {
        token: as('seller'),
        body: { amount: 430 },
      });
      expect(countered.status).toBe(200);
      const isOffer = (event: { data: { type: string } }) =>
        event.data.type === 'offer' && (event.data as { offerId?: string }).offerId === offerId;
      expect((await buyer.next(isOffer)).data).toEqual({ type: 'offer', offerId });
      expect((await seller.next(isOffer)).data).toEqual({ type: 'offer', offerId });
    } finally {
      buyer.close();
      seller.close();
    }
    await call(server(), 'post', `/api/offers/${offerId}/withdraw`, { token: as('buyer') });
  });

  it('the job the server starts expires an offer past its 24 h and lets its card go', async () => {
    const mobileId = await createListing(server(), as('seller'), { resale_price: 450, stock: 1 });
    const made = await call(server(), 'post', '/api/offers', {
      token: as('buyer'),
      body: { mobileId, amount: 400 },
    });
    const offerId = (made.body as Offer)._id;
    const held = await pay(offerId);
    ctx.app.services.clock.advance(25 * 3_600_000);
    const jobs = startJobs(ctx.app.services, ctx.app.db, pino({ level: 'silent' }));
    try {
      await jobs.started;
    } finally {
      jobs.stop();
    }
    const expired = await call(server(), 'get', `/api/offers/${offerId}`, { token: as('buyer') });
    expect(expired.body).toMatchObject({ status: 'expired', endedReason: 'expired' });
    expect(expired.body).not.toHaveProperty('heldAmount');
    expect(await intentStatus(held.id)).toBe('canceled');
    expect(await kindsOf(ctx.people.seller.email, mobileId)).toContain('offer_expired');
    expect(await kindsOf(ctx.people.buyer.email, mobileId)).toContain('offer_expired');
    expect(await ctx.app.services.offers.liveOfEnded()).toBe(0);
  });
});
