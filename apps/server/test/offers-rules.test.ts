// Offers that hold the card (issue 47), held to the contract (openapi.yaml, tag offers) and the rulebook
// (OFFER_RULES, OFFER_TRANSITIONS and offerRefusals of @recell/api): every transition and refusal through HTTP,
// who may do what, odd inputs, expiry on the deal clock, the unit selling elsewhere, and the race for one unit.
// After every test the offers' job ticks and the processor is asked: no authorization of an offer stays held
// unless its offer is still open or it became the held deal.
import {
  acceptedHoldExpiresAt,
  lowestOffer,
  OFFER_RULES,
  offerRefusals,
  type OfferRefusal,
} from '@recell/api';
import { detectSafety } from '@recell/api/safety';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpAccount, uniqueEmail } from './support/accounts';
import { buyerCheck, confirm, createListing, heldDeal } from './support/fixtures';
import { call, exchange, newBuyer, useServer, type Persona } from './support/harness';
import {
  answerOffer,
  intentStatus,
  raceEntrant,
  readyAll,
  makeOffer,
  offerIntent,
  offerJob,
  payOffer,
  pendingOffer,
  readOffer,
  strayOfferAuthorizations,
  type Offer,
} from './support/offers';

const ctx = useServer();
const HOUR = 3_600_000;
const startedAt = new Date(Date.now() - 60_000);

let third: Persona;
beforeAll(async () => {
  third = await newBuyer(ctx.app, 'Third Buyer');
});

const server = () => ctx.app.server;
const token = (who: 'buyer' | 'otherBuyer' | 'seller' | 'otherSeller' | 'admin' | 'visitor') =>
  ctx.people[who].token;
const provider = () => ctx.app.payments;

/** The contract's Error body of a rulebook refusal (its status is the answer's). */
const body = ({ status: _status, ...rest }: OfferRefusal) => rest;
const expectRefusal = (response: { status: number; body: unknown }, refusal: OfferRefusal) => {
  expect(response.status, JSON.stringify(response.body)).toBe(refusal.status);
  expect(response.body).toEqual(body(refusal));
};
const expectEnded = (response: { status: number; body: unknown }) => {
  expect(response.status, JSON.stringify(response.body)).toBe(409);
  expect(response.body).toMatchObject({ code: 'offer_ended' });
};

const listingAt = (price: number, stock = 1) =>
  createListing(server(), token('seller'), { resale_price: price, stock });
const stockOf = async (mobileId: string) =>
  (await ctx.app.db.get<{ stock: number }>('SELECT stock FROM mobiles WHERE id = ?', [mobileId]))?.stock;
const offerAs = async (who: Persona | null, offerId: string) =>
  (await readOffer(server(), who?.token ?? token('admin'), offerId)).body as Offer;
const adminRead = (offerId: string) => offerAs(null, offerId);
/** Within a minute of `expected` (the deal clock reads real time plus its offset). */
const near = (iso: string | undefined, expected: number) => {
  expect(iso).toBeDefined();
  expect(Math.abs(new Date(iso!).getTime() - expected)).toBeLessThan(60_000);
};
const dealNow = () => ctx.app.services.clock.now().getTime();

afterEach(async () => {
  // The job's tick lets go of everything ended; then nothing of an ended offer may still be held.
  await offerJob(ctx.app.services);
  expect(await strayOfferAuthorizations(provider(), ctx.app.db, startedAt)).toEqual([]);
});

describe('making an offer', () => {
  it('starts awaiting_card, seen by its buyer only; paying it holds the amount and it reaches the seller', async () => {
    const mobileId = await listingAt(450);
    const text = 'Would you take 420? I can meet today.';
    const made = await makeOffer(server(), token('buyer'), { mobileId, amount: 420, text });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const offer = made.body as Offer;
    expect(offer).toMatchObject({
      mobileId,
      amount: 420,
      askingPrice: 450,
      status: 'awaiting_card',
      text,
      offersLeft: OFFER_RULES.perListing,
    });
    expect(offer).not.toHaveProperty('heldAmount');
    near(offer.expiresAt, dealNow() + OFFER_RULES.ttlHours * HOUR);
    // Only its buyer sees it until the card is authorized.
    expect([403, 404]).toContain((await readOffer(server(), token('seller'), offer._id)).status);
    const sellerList = await call(server(), 'get', `/api/offers?as=seller&mobileId=${mobileId}`, {
      token: token('seller'),
    });
    expect(sellerList.status).toBe(200);
    expect((sellerList.body as { items: Offer[] }).items).toEqual([]);

    const made2 = await offerIntent(server(), token('buyer'), offer._id);
    expect(made2.status, JSON.stringify(made2.body)).toBe(200);
    const intent = made2.body as { id: string; clientSecret: string; amount: number };
    expect(intent).toMatchObject({ amount: 42000, currency: 'usd', provider: 'test' });
    const confirmed = await confirm(server(), token('buyer'), intent);
    expect(confirmed.body).toEqual({
      id: intent.id,
      status: 'requires_capture',
      amount: 42000,
      currency: 'usd',
    });
    expect(await provider().retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_capture',
      amount: 42000,
      offerId: offer._id,
    });

    const pending = await offerAs(ctx.people.buyer, offer._id);
    expect(pending).toMatchObject({
      status: 'pending',
      heldAmount: 420,
      offersLeft: OFFER_RULES.perListing - 1,
    });
    near(pending.expiresAt, dealNow() + OFFER_RULES.ttlHours * HOUR);
    // Now the seller sees it, in the offer and in their list; admins read any; nobody else.
    expect(await offerAs(ctx.people.seller, offer._id)).toMatchObject({ status: 'pending', amount: 420 });
    const listed = await call(server(), 'get', `/api/offers?as=seller&mobileId=${mobileId}`, {
      token: token('seller'),
    });
    expect((listed.body as { items: Offer[] }).items.map((item) => item._id)).toEqual([offer._id]);
    expect((await readOffer(server(), token('admin'), offer._id)).status).toBe(200);
    expect([403, 404]).toContain((await readOffer(server(), token('otherBuyer'), offer._id)).status);
    expect([403, 404]).toContain((await readOffer(server(), token('otherSeller'), offer._id)).status);
    expect((await readOffer(server(), null, offer._id)).status).toBe(401);
    expect((await call(server(), 'get', '/api/offers?as=buyer', { token: null })).status).toBe(401);
    const adminList = await call(server(), 'get', `/api/offers?as=seller&mobileId=${mobileId}`, {
      token: token('admin'),
    });
    expect((adminList.body as { items: Offer[] }).items.map((item) => item._id)).toEqual([offer._id]);
    const mine = await call(server(), 'get', `/api/offers?as=buyer&mobileId=${mobileId}`, {
      token: token('buyer'),
    });
    expect(mine.body).toMatchObject({ offersLeft: OFFER_RULES.perListing - 1 });
    expect((mine.body as { items: Offer[] }).items.map((item) => item._id)).toEqual([offer._id]);

    // Recording the same authorization again answers the same, once; a second intent is refused.
    const recorded = await call(server(), 'post', '/api/payments', {
      token: token('buyer'),
      body: { offerId: offer._id, transaction: intent.id },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    const again = await call(server(), 'post', '/api/payments', {
      token: token('buyer'),
      body: { offerId: offer._id, transaction: intent.id },
    });
    expect(again.body).toEqual(recorded.body);
    expectEnded(await offerIntent(server(), token('buyer'), offer._id));
    expect(await offerAs(ctx.people.buyer, offer._id)).toMatchObject({ status: 'pending', heldAmount: 420 });
    // The seller was told, with the offer's words.
    const bell = await call(server(), 'get', '/api/notifications', { token: token('seller') });
    expect(
      (bell.body as { items: { kind: string; listing?: { mobileId: string } }[] }).items.some(
        (item) => item.kind === 'offer_received' && item.listing?.mobileId === mobileId,
      ),
    ).toBe(true);
  });

  it('refuses amounts under half the asking price or not under it, with the rulebook words', async () => {
    const mobileId = await listingAt(451);
    expect(lowestOffer(451)).toBe(225.5);
    expectRefusal(
      await makeOffer(server(), token('buyer'), { mobileId, amount: 225.49 }),
      offerRefusals.tooLow(451),
    );
    expectRefusal(
      await makeOffer(server(), token('buyer'), { mobileId, amount: 451 }),
      offerRefusals.notBelowPrice(451),
    );
    expectRefusal(
      await makeOffer(server(), token('buyer'), { mobileId, amount: 600 }),
      offerRefusals.notBelowPrice(451),
    );
    // Prices are rounded to the cent (the contract's Price): the rules judge the rounded amount.
    expectRefusal(
      await makeOffer(server(), token('buyer'), { mobileId, amount: 450.996 }),
      offerRefusals.notBelowPrice(451),
    );
    expectRefusal(
      await makeOffer(server(), token('buyer'), { mobileId, amount: 225.494 }),
      offerRefusals.tooLow(451),
    );
    // The edges themselves are offers.
    const lowest = await makeOffer(server(), token('buyer'), { mobileId, amount: 225.5 });
    expect(lowest.status, JSON.stringify(lowest.body)).toBe(201);
    // A new offer while the last one still waits for the card replaces it quietly (no card was ever held).
    const highest = await makeOffer(server(), token('buyer'), { mobileId, amount: 450.99 });
    expect(highest.status, JSON.stringify(highest.body)).toBe(201);
    expect(await offerAs(ctx.people.buyer, (lowest.body as Offer)._id)).toMatchObject({
      status: 'withdrawn',
    });
    const rounded = await makeOffer(server(), token('buyer'), { mobileId, amount: 300.125 });
    expect(rounded.status, JSON.stringify(rounded.body)).toBe(201);
    expect(rounded.body).toMatchObject({ amount: 300.13, offersLeft: OFFER_RULES.perListing });
    const intent = await offerIntent(server(), token('buyer'), (rounded.body as Offer)._id);
    expect(intent.body).toMatchObject({ amount: 30013 });
  });

  it('answers odd inputs with 400 in the Error shape, and makes nothing', async () => {
    const mobileId = await listingAt(450);
    const odd: Record<string, unknown>[] = [
      { mobileId, amount: -420 },
      { mobileId, amount: 0 },
      { mobileId, amount: 0.5 },
      { mobileId, amount: 1e9 },
      { mobileId, amount: 100_000.01 },
      { mobileId, amount: '420' },
      { mobileId, amount: null },
      { mobileId, amount: [420] },
      { mobileId },
      { amount: 420 },
      { mobileId: 'not an id!', amount: 420 },
      { mobileId, amount: 420, price: 1 },
      { mobileId, amount: 420, status: 'accepted' },
      { mobileId, amount: 420, text: 'x'.repeat(501) },
      { mobileId, amount: 420, text: 42 },
    ];
    for (const input of odd) {
      const response = await makeOffer(server(), token('buyer'), input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      expect(typeof (response.body as { message: unknown }).message).toBe('string');
    }
    const unknown = await makeOffer(server(), token('buyer'), { mobileId: 'm-no-such-phone', amount: 420 });
    expect(unknown.status).toBe(404);
    const mine = await call(server(), 'get', `/api/offers?as=buyer&mobileId=${mobileId}`, {
      token: token('buyer'),
    });
    expect(mine.body).toMatchObject({ items: [], offersLeft: OFFER_RULES.perListing });
    for (const query of ['', '?as=nobody', '?as=buyer&open=maybe', '?as=buyer&mobileId=bad%20id']) {
      const listed = await call(server(), 'get', `/api/offers${query}`, { token: token('buyer') });
      expect(listed.status, query).toBe(400);
    }

    // A counter and a floor are checked the same way.
    const { offerId } = await pendingOffer(server(), token('buyer'), mobileId, 400);
    for (const input of [
      { amount: -435 },
      { amount: 1e9 },
      { amount: 435, extra: true },
      {},
      { amount: '435' },
    ]) {
      const response = await answerOffer(server(), token('seller'), offerId, 'counter', input);
      expect(response.status, JSON.stringify(input)).toBe(400);
    }
    for (const input of [{ floor: -5 }, { floor: '400' }, {}, { floor: 400, extra: 1 }, { floor: 1e9 }]) {
      const response = await call(server(), 'put', `/api/mobile/${mobileId}/offer-floor`, {
        token: token('seller'),
        body: input,
      });
      expect(response.status, JSON.stringify(input)).toBe(400);
    }
    const badId = await answerOffer(server(), token('seller'), 'bad id!', 'accept');
    expect(badId.status).toBe(400);
    expect((await answerOffer(server(), token('seller'), 'o-no-such-offer', 'accept')).status).toBe(404);
    expect(await offerAs(ctx.people.buyer, offerId)).toMatchObject({ status: 'pending', amount: 400 });
    await answerOffer(server(), token('buyer'), offerId, 'withdraw');
  });

  it('is for buyers only, never on their own listing; a visitor signs in first', async () => {
    const mobileId = await listingAt(450);
    expect((await makeOffer(server(), null, { mobileId, amount: 420 })).status).toBe(401);
    expect((await makeOffer(server(), token('seller'), { mobileId, amount: 420 })).status).toBe(403);
    expect((await makeOffer(server(), token('otherSeller'), { mobileId, amount: 420 })).status).toBe(403);
    expect((await makeOffer(server(), token('admin'), { mobileId, amount: 420 })).status).toBe(403);
    // A buyer whose account the listing belongs to (a seller account turned buyer, say): refused by the rule.
    const owner = await newBuyer(ctx.app, 'Owner Buyer');
    const ownerId = (
      await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [owner.email])
    )?.id;
    const own = await listingAt(450);
    await ctx.app.db.run('UPDATE mobiles SET seller_id = ? WHERE id = ?', [ownerId ?? null, own]);
    expectRefusal(
      await makeOffer(server(), owner.token, { mobileId: own, amount: 420 }),
      offerRefusals.ownListing(),
    );
    // Sold out: nothing to offer on.
    const soldOut = await listingAt(450);
    await call(server(), 'patch', `/api/mobile/${soldOut}`, { token: token('seller'), body: { stock: 0 } });
    const refused = await makeOffer(server(), token('buyer'), { mobileId: soldOut, amount: 420 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'sold_out' });
  });

  it('one open offer per buyer and listing: offer_open while pending or countered', async () => {
    const mobileId = await listingAt(450, 2);
    const { offerId } = await pendingOffer(server(), token('buyer'), mobileId, 400);
    expectRefusal(await makeOffer(server(), token('buyer'), { mobileId, amount: 410 }), offerRefusals.open());
    await answerOffer(server(), token('seller'), offerId, 'counter', { amount: 440 });
    expectRefusal(await makeOffer(server(), token('buyer'), { mobileId, amount: 410 }), offerRefusals.open());
    // Others may offer meanwhile; and once withdrawn the buyer may offer again.
    const other = await makeOffer(server(), token('otherBuyer'), { mobileId, amount: 405 });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect((await answerOffer(server(), token('buyer'), offerId, 'withdraw')).status).toBe(200);
    const again = await makeOffer(server(), token('buyer'), { mobileId, amount: 410 });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ offersLeft: OFFER_RULES.perListing - 1 });
  });

  it('a buyer whose card is already held for the phone cannot offer on it, nor pay an offer made before', async () => {
    const mobileId = await listingAt(450, 3);
    // an offer waiting for its card, then a booking of the same phone paid at the asking price
    const waiting = await makeOffer(server(), token('buyer'), { mobileId, amount: 400 });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(201);
    await heldDeal(server(), token('buyer'), mobileId);
    expectRefusal(
      await makeOffer(server(), token('buyer'), { mobileId, amount: 410 }),
      offerRefusals.dealHeld(),
    );
    expectRefusal(
      await offerIntent(server(), token('buyer'), (waiting.body as Offer)._id),
      offerRefusals.dealHeld(),
    );
    // another buyer may still offer on the units left
    const other = await makeOffer(server(), token('otherBuyer'), { mobileId, amount: 405 });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
  });

  it(`${OFFER_RULES.perListing} per buyer and listing: authorized ones and floor declines count, unpaid ones do not`, async () => {
    const mobileId = await listingAt(450);
    expect(
      (
        await call(server(), 'put', `/api/mobile/${mobileId}/offer-floor`, {
          token: token('seller'),
          body: { floor: 400 },
        })
      ).status,
    ).toBe(200);
    // Never paid: replaced quietly, counted for nothing.
    const unpaid = await makeOffer(server(), token('buyer'), { mobileId, amount: 410 });
    expect(unpaid.body).toMatchObject({ status: 'awaiting_card', offersLeft: 3 });
    const first = await pendingOffer(server(), token('buyer'), mobileId, 415);
    expect(await offerAs(ctx.people.buyer, (unpaid.body as Offer)._id)).toMatchObject({
      status: 'withdrawn',
    });
    expect(await offerAs(ctx.people.buyer, first.offerId)).toMatchObject({
      status: 'pending',
      offersLeft: 2,
    });
    expect((await answerOffer(server(), token('buyer'), first.offerId, 'withdraw')).status).toBe(200);
    // Under the floor: declined at once, no card asked, and it counts (no probing the floor).
    const under = await makeOffer(server(), token('buyer'), { mobileId, amount: 399.99 });
    expect(under.status, JSON.stringify(under.body)).toBe(201);
    expect(under.body).toMatchObject({ status: 'declined', endedReason: 'below_floor', offersLeft: 1 });
    expect(under.body).not.toHaveProperty('heldAmount');
    expectEnded(await offerIntent(server(), token('buyer'), (under.body as Offer)._id));
    // The seller's list holds the offers a card was authorized for, nothing else (not the one replaced unpaid,
    // not the floor's).
    const sellerList = await call(server(), 'get', `/api/offers?as=seller&mobileId=${mobileId}`, {
      token: token('seller'),
    });
    expect((sellerList.body as { items: Offer[] }).items.map((item) => item._id)).toEqual([first.offerId]);
    const last = await pendingOffer(server(), token('buyer'), mobileId, 400);
    expect(await offerAs(ctx.people.buyer, last.offerId)).toMatchObject({ offersLeft: 0 });
    expect((await answerOffer(server(), token('seller'), last.offerId, 'decline')).status).toBe(200);
    // None left: refused first, whatever the amount.
    expectRefusal(
      await makeOffer(server(), token('buyer'), { mobileId, amount: 430 }),
      offerRefusals.noneLeft(),
    );
    expectRefusal(
      await makeOffer(server(), token('buyer'), { mobileId, amount: 500 }),
      offerRefusals.noneLeft(),
    );
    const mine = await call(server(), 'get', `/api/offers?as=buyer&mobileId=${mobileId}`, {
      token: token('buyer'),
    });
    expect(mine.body).toMatchObject({ offersLeft: 0 });
    // Another buyer still has all of theirs.
    const other = await makeOffer(server(), token('otherBuyer'), { mobileId, amount: 430 });
    expect(other.body).toMatchObject({ status: 'awaiting_card', offersLeft: 3 });
  });

  it("the floor: its seller's only, under the asking price, never told to buyers", async () => {
    const mobileId = await listingAt(450);
    const floor = (who: Parameters<typeof token>[0], value?: unknown) =>
      value === undefined
        ? call(server(), 'get', `/api/mobile/${mobileId}/offer-floor`, { token: token(who) })
        : call(server(), 'put', `/api/mobile/${mobileId}/offer-floor`, {
            token: token(who),
            body: { floor: value },
          });
    expect((await floor('seller')).body).toEqual({ floor: null });
    expectRefusal(await floor('seller', 450), offerRefusals.floorNotBelowPrice(450));
    expectRefusal(await floor('seller', 500), offerRefusals.floorNotBelowPrice(450));
    // $449.996 is $450.00 to the cent: the asking price itself.
    expectRefusal(await floor('seller', 449.996), offerRefusals.floorNotBelowPrice(450));
    expect((await floor('seller', 400)).body).toEqual({ floor: 400 });
    expect((await floor('seller')).body).toEqual({ floor: 400 });
    expect((await floor('admin')).body).toEqual({ floor: 400 });
    expect((await floor('otherSeller', 300)).status).toBe(403);
    expect((await floor('otherSeller')).status).toBe(403);
    expect((await floor('buyer')).status).toBe(403);
    expect((await floor('buyer', 300)).status).toBe(403);
    expect((await floor('admin', 300)).status).toBe(403);
    expect((await floor('visitor')).status).toBe(401);
    expect((await floor('seller')).body).toEqual({ floor: 400 });

    const under = await makeOffer(server(), token('buyer'), { mobileId, amount: 399.99 });
    expect(under.body).toMatchObject({ status: 'declined', endedReason: 'below_floor' });
    expect(Object.values(under.body as object)).not.toContain(400);
    const at = await makeOffer(server(), token('buyer'), { mobileId, amount: 400 });
    expect(at.body).toMatchObject({ status: 'awaiting_card' });
    expect((await floor('seller', null)).body).toEqual({ floor: null });
    const low = await makeOffer(server(), token('otherBuyer'), { mobileId, amount: 300 });
    expect(low.body).toMatchObject({ status: 'awaiting_card' });
  });

  it('warns of off-platform notes as messages do, shown, not blocked', async () => {
    const mobileId = await listingAt(450);
    const text = 'Call me on 01711 222333 and send 500 taka first for courier';
    const expected = detectSafety(text);
    expect(expected.length).toBeGreaterThan(0);
    const made = await makeOffer(server(), token('buyer'), { mobileId, amount: 420, text });
    expect(made.status).toBe(201);
    expect((made.body as Offer).safety).toEqual(expected);
    await payOffer(server(), token('buyer'), (made.body as Offer)._id);
    const counterText = 'Whatsapp me at wa.me/8801711222333';
    const countered = await answerOffer(server(), token('seller'), (made.body as Offer)._id, 'counter', {
      amount: 440,
      text: counterText,
    });
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    expect(countered.body).toMatchObject({ counterText });
    for (const finding of detectSafety(counterText))
      expect((countered.body as Offer).safety).toContain(finding);
    await answerOffer(server(), token('buyer'), (made.body as Offer)._id, 'withdraw');
  });
});

describe("the seller's answers", () => {
  it('accept: the authorization becomes the held deal, once, whoever asks twice', async () => {
    const mobileId = await listingAt(450);
    const { offerId, transaction } = await pendingOffer(server(), token('buyer'), mobileId, 420);
    expect((await answerOffer(server(), null, offerId, 'accept')).status).toBe(401);
    expect((await answerOffer(server(), token('otherSeller'), offerId, 'accept')).status).toBe(403);
    expect((await answerOffer(server(), token('admin'), offerId, 'accept')).status).toBe(403);
    expect((await answerOffer(server(), token('buyer'), offerId, 'accept')).status).toBe(403);
    expect(await offerAs(ctx.people.buyer, offerId)).toMatchObject({ status: 'pending' });

    const [first, second] = await Promise.all([
      answerOffer(server(), token('seller'), offerId, 'accept'),
      answerOffer(server(), token('seller'), offerId, 'accept'),
    ]);
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    const accepted = first.body as Offer;
    expect(accepted).toMatchObject({ status: 'accepted', heldAmount: 420, amount: 420 });
    expect(accepted.bookingId).toBeDefined();
    expect((await answerOffer(server(), token('seller'), offerId, 'accept')).body).toEqual(first.body);
    expect(await stockOf(mobileId)).toBe(0);
    const deals = await ctx.app.db.all<{ id: string }>('SELECT id FROM bookings WHERE mobile_id = ?', [
      mobileId,
    ]);
    expect(deals.map((deal) => deal.id)).toEqual([accepted.bookingId]);

    // An ordinary held deal at the accepted price, on the offer's authorization.
    const booking = (
      await call(server(), 'get', `/api/bookings/${accepted.bookingId}`, { token: token('buyer') })
    ).body as { status: string; price: number; transaction?: string; holdExpiresAt?: string; paid: boolean };
    expect(booking).toMatchObject({ status: 'held', price: 420, transaction, paid: false });
    near(booking.holdExpiresAt, dealNow() + ctx.app.config.holdWindowHours * HOUR);
    expect(await intentStatus(provider(), transaction)).toBe('requires_capture');
    // Ended to every other answer.
    expectRefusal(
      await answerOffer(server(), token('buyer'), offerId, 'withdraw'),
      offerRefusals.ended('accepted'),
    );
    expectRefusal(
      await answerOffer(server(), token('seller'), offerId, 'decline'),
      offerRefusals.ended('accepted'),
    );
    expectRefusal(
      await answerOffer(server(), token('seller'), offerId, 'counter', { amount: 440 }),
      offerRefusals.ended('accepted'),
    );
    expectEnded(await offerIntent(server(), token('buyer'), offerId));
    // Both told.
    for (const who of ['buyer', 'seller'] as const) {
      const bell = await call(server(), 'get', '/api/notifications', { token: token(who) });
      expect(
        (bell.body as { items: { kind: string; listing?: { mobileId: string } }[] }).items.some(
          (item) => item.kind === 'offer_accepted' && item.listing?.mobileId === mobileId,
        ),
        who,
      ).toBe(true);
    }

    // The code at the meetup captures the accepted amount.
    await buyerCheck(server(), token('buyer'), accepted.bookingId!, 'skip');
    const code = (
      (await call(server(), 'get', `/api/bookings/${accepted.bookingId}`, { token: token('buyer') }))
        .body as {
        handoverCode: string;
      }
    ).handoverCode;
    const done = await call(server(), 'post', `/api/bookings/${accepted.bookingId}/handover`, {
      token: token('seller'),
      body: { code },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await provider().retrieveIntent(transaction)).toMatchObject({
      status: 'succeeded',
      amount: 42000,
    });
  });

  it("accepting calls off the buyer's own unpaid booking of the listing: one open booking each", async () => {
    const mobileId = await listingAt(450, 3);
    const booked = await call(server(), 'post', '/api/bookings', {
      token: token('buyer'),
      body: { mobileId, phone: '+880 1911 222333', location: 'Dhaka, Gulshan 2' },
    });
    const unpaidId = (booked.body as { insertedId: string }).insertedId;
    const { offerId } = await pendingOffer(server(), token('buyer'), mobileId, 420);
    const accepted = await answerOffer(server(), token('seller'), offerId, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const unpaid = await call(server(), 'get', `/api/bookings/${unpaidId}`, { token: token('buyer') });
    expect(unpaid.body).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(mobileId)).toBe(2);
  });

  it('accept refuses an offer still waiting for the card', async () => {
    const mobileId = await listingAt(450);
    const made = await makeOffer(server(), token('buyer'), { mobileId, amount: 420 });
    const offerId = (made.body as Offer)._id;
    expectRefusal(
      await answerOffer(server(), token('seller'), offerId, 'accept'),
      offerRefusals.ended('awaiting_card'),
    );
    expectRefusal(
      await answerOffer(server(), token('seller'), offerId, 'counter', { amount: 440 }),
      offerRefusals.ended('awaiting_card'),
    );
    expect(await stockOf(mobileId)).toBe(1);
    expect((await answerOffer(server(), token('buyer'), offerId, 'withdraw')).body).toMatchObject({
      status: 'withdrawn',
      endedReason: 'withdrawn',
    });
  });

  it('counter: between the offer and the asking price; the buyer accepts it by authorizing the counter', async () => {
    const mobileId = await listingAt(450);
    const { offerId, transaction } = await pendingOffer(server(), token('buyer'), mobileId, 420);
    // 420.004 is $420.00 to the cent (the contract's Price): no higher than the offer.
    for (const amount of [420, 419, 420.004, 450.01, 451]) {
      expectRefusal(
        await answerOffer(server(), token('seller'), offerId, 'counter', { amount }),
        offerRefusals.counterOutOfRange(420, 450),
      );
    }
    expect((await answerOffer(server(), null, offerId, 'counter', { amount: 435 })).status).toBe(401);
    expect(
      (await answerOffer(server(), token('otherSeller'), offerId, 'counter', { amount: 435 })).status,
    ).toBe(403);
    expect((await answerOffer(server(), token('buyer'), offerId, 'counter', { amount: 435 })).status).toBe(
      403,
    );
    expect((await answerOffer(server(), token('admin'), offerId, 'counter', { amount: 435 })).status).toBe(
      403,
    );

    const countered = await answerOffer(server(), token('seller'), offerId, 'counter', {
      amount: 435,
      text: '435 and it is yours, with the case.',
    });
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    expect(countered.body).toMatchObject({
      status: 'countered',
      amount: 420,
      counterAmount: 435,
      heldAmount: 420,
      counterText: '435 and it is yours, with the case.',
    });
    near((countered.body as Offer).expiresAt, dealNow() + OFFER_RULES.ttlHours * HOUR);
    // Countered: the seller has answered; only the buyer moves it now.
    expectEnded(await answerOffer(server(), token('seller'), offerId, 'counter', { amount: 440 }));
    expectEnded(await answerOffer(server(), token('seller'), offerId, 'accept'));
    expect(await offerAs(ctx.people.buyer, offerId)).toMatchObject({
      status: 'countered',
      counterAmount: 435,
    });

    const { intent, confirmed } = await payOffer(server(), token('buyer'), offerId);
    expect(intent.amount).toBe(43500);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const accepted = await offerAs(ctx.people.buyer, offerId);
    expect(accepted).toMatchObject({ status: 'accepted', heldAmount: 435, counterAmount: 435 });
    const booking = (
      await call(server(), 'get', `/api/bookings/${accepted.bookingId}`, { token: token('buyer') })
    ).body as { status: string; price: number; transaction?: string };
    expect(booking).toMatchObject({ status: 'held', price: 435, transaction: intent.id });
    expect(await stockOf(mobileId)).toBe(0);
    // The first authorization is let go within a tick; the counter's is the deal's.
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), transaction)).toBe('canceled');
    expect(await intentStatus(provider(), intent.id)).toBe('requires_capture');
  });

  it('a counter may be the asking price itself', async () => {
    const mobileId = await listingAt(450);
    const { offerId } = await pendingOffer(server(), token('buyer'), mobileId, 420);
    const countered = await answerOffer(server(), token('seller'), offerId, 'counter', { amount: 450 });
    expect(countered.body).toMatchObject({ status: 'countered', counterAmount: 450 });
    expect((await answerOffer(server(), token('buyer'), offerId, 'decline')).body).toMatchObject({
      status: 'declined',
      endedReason: 'counter_declined',
    });
  });

  it('decline: the seller a pending offer, the buyer a counter; again answers the same; the card is let go', async () => {
    const mobileId = await listingAt(450, 3);
    const pending = await pendingOffer(server(), token('buyer'), mobileId, 420);
    expect((await answerOffer(server(), null, pending.offerId, 'decline')).status).toBe(401);
    expect((await answerOffer(server(), token('otherSeller'), pending.offerId, 'decline')).status).toBe(403);
    expect((await answerOffer(server(), token('otherBuyer'), pending.offerId, 'decline')).status).toBe(403);
    // The buyer takes back a pending offer by withdrawing it, not declining it.
    expect([403, 409]).toContain(
      (await answerOffer(server(), token('buyer'), pending.offerId, 'decline')).status,
    );
    expect(await offerAs(ctx.people.buyer, pending.offerId)).toMatchObject({ status: 'pending' });
    const [first, second] = await Promise.all([
      answerOffer(server(), token('seller'), pending.offerId, 'decline'),
      answerOffer(server(), token('seller'), pending.offerId, 'decline'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ status: 'declined', endedReason: 'declined' });
    expect(first.body).not.toHaveProperty('heldAmount');
    expect(first.body).not.toHaveProperty('expiresAt');
    expect((await answerOffer(server(), token('seller'), pending.offerId, 'decline')).body).toEqual(
      first.body,
    );
    expectRefusal(
      await answerOffer(server(), token('seller'), pending.offerId, 'accept'),
      offerRefusals.ended('declined'),
    );
    expectRefusal(
      await answerOffer(server(), token('buyer'), pending.offerId, 'withdraw'),
      offerRefusals.ended('declined'),
    );
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), pending.transaction)).toBe('canceled');

    const countered = await pendingOffer(server(), token('otherBuyer'), mobileId, 400);
    await answerOffer(server(), token('seller'), countered.offerId, 'counter', { amount: 440 });
    // The seller has answered already: declining their own counter is not theirs.
    expect([403, 409]).toContain(
      (await answerOffer(server(), token('seller'), countered.offerId, 'decline')).status,
    );
    const declined = await answerOffer(server(), token('otherBuyer'), countered.offerId, 'decline');
    expect(declined.body).toMatchObject({ status: 'declined', endedReason: 'counter_declined' });
    expect((await answerOffer(server(), token('otherBuyer'), countered.offerId, 'decline')).body).toEqual(
      declined.body,
    );
    expectEnded(await offerIntent(server(), token('otherBuyer'), countered.offerId));
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), countered.transaction)).toBe('canceled');
    expect(await stockOf(mobileId)).toBe(3);
  });

  it('withdraw: the buyer, from any open state; again answers the same; the card is let go', async () => {
    const mobileId = await listingAt(450, 3);
    const waiting = await makeOffer(server(), token('buyer'), { mobileId, amount: 410 });
    const waitingId = (waiting.body as Offer)._id;
    expect((await answerOffer(server(), token('otherBuyer'), waitingId, 'withdraw')).status).toBe(403);
    expect((await answerOffer(server(), token('buyer'), waitingId, 'withdraw')).body).toMatchObject({
      status: 'withdrawn',
      endedReason: 'withdrawn',
    });

    const pending = await pendingOffer(server(), token('buyer'), mobileId, 420);
    expect((await answerOffer(server(), null, pending.offerId, 'withdraw')).status).toBe(401);
    expect((await answerOffer(server(), token('otherBuyer'), pending.offerId, 'withdraw')).status).toBe(403);
    expect((await answerOffer(server(), token('seller'), pending.offerId, 'withdraw')).status).toBe(403);
    expect((await answerOffer(server(), token('admin'), pending.offerId, 'withdraw')).status).toBe(403);
    const [first, second] = await Promise.all([
      answerOffer(server(), token('buyer'), pending.offerId, 'withdraw'),
      answerOffer(server(), token('buyer'), pending.offerId, 'withdraw'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ status: 'withdrawn', endedReason: 'withdrawn' });
    expectRefusal(
      await answerOffer(server(), token('seller'), pending.offerId, 'accept'),
      offerRefusals.ended('withdrawn'),
    );
    expectRefusal(
      await answerOffer(server(), token('seller'), pending.offerId, 'decline'),
      offerRefusals.ended('withdrawn'),
    );
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), pending.transaction)).toBe('canceled');

    const countered = await pendingOffer(server(), token('buyer'), mobileId, 415);
    // Two authorized; the one withdrawn before its card never counted.
    expect(await offerAs(ctx.people.buyer, countered.offerId)).toMatchObject({ offersLeft: 1 });
    await answerOffer(server(), token('seller'), countered.offerId, 'counter', { amount: 440 });
    expect((await answerOffer(server(), token('buyer'), countered.offerId, 'withdraw')).body).toMatchObject({
      status: 'withdrawn',
    });
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), countered.transaction)).toBe('canceled');
  });

  it('a card authorized for an offer that ended meanwhile is released, and told', async () => {
    const mobileId = await listingAt(450, 2);
    const made = await makeOffer(server(), token('buyer'), { mobileId, amount: 420 });
    const offerId = (made.body as Offer)._id;
    const intent = (await offerIntent(server(), token('buyer'), offerId)).body as {
      id: string;
      clientSecret: string;
    };
    expect((await answerOffer(server(), token('buyer'), offerId, 'withdraw')).status).toBe(200);
    const late = await confirm(server(), token('buyer'), intent);
    expectEnded(late);
    expect(await intentStatus(provider(), intent.id)).not.toBe('requires_capture');
    expect(await offerAs(ctx.people.buyer, offerId)).toMatchObject({ status: 'withdrawn' });
    // Nor may anyone pay another's offer.
    const other = await makeOffer(server(), token('otherBuyer'), { mobileId, amount: 420 });
    // Recorded only once the processor says the card is authorized, for this offer and its amount.
    const otherIntent = (await offerIntent(server(), token('otherBuyer'), (other.body as Offer)._id))
      .body as {
      id: string;
      clientSecret: string;
    };
    const early = await call(server(), 'post', '/api/payments', {
      token: token('otherBuyer'),
      body: { offerId: (other.body as Offer)._id, transaction: otherIntent.id },
    });
    expect(early.status).toBe(402);
    expect(early.body).toMatchObject({ code: 'payment_incomplete' });
    const booking = await heldDeal(server(), token('otherBuyer'), mobileId);
    const crossed = await call(server(), 'post', '/api/payments', {
      token: token('otherBuyer'),
      body: { offerId: (other.body as Offer)._id, transaction: booking.transaction },
    });
    expect([402, 409]).toContain(crossed.status);
    expect(await offerAs(ctx.people.otherBuyer, (other.body as Offer)._id)).toMatchObject({
      status: 'awaiting_card',
    });
    expect((await offerIntent(server(), token('buyer'), (other.body as Offer)._id)).status).toBe(403);
    expect((await offerIntent(server(), token('seller'), (other.body as Offer)._id)).status).toBe(403);
  });
});

describe('when the unit goes elsewhere', () => {
  it('a paid booking of the last unit voids every open offer, and their authorizations are let go', async () => {
    const mobileId = await listingAt(450, 1);
    const pending = await pendingOffer(server(), token('buyer'), mobileId, 420);
    const countered = await pendingOffer(server(), token('otherBuyer'), mobileId, 400);
    await answerOffer(server(), token('seller'), countered.offerId, 'counter', { amount: 440 });
    const waiting = await makeOffer(server(), third.token, { mobileId, amount: 410 });
    const waitingId = (waiting.body as Offer)._id;
    const waitingIntent = (await offerIntent(server(), third.token, waitingId)).body as {
      id: string;
      clientSecret: string;
    };

    const rival = await newBuyer(ctx.app, 'Rival Buyer');
    await heldDeal(server(), rival.token, mobileId);
    expect(await stockOf(mobileId)).toBe(0);
    // In the same transaction as the sale: voided, told why.
    for (const offerId of [pending.offerId, countered.offerId, waitingId]) {
      const offer = await adminRead(offerId);
      expect(offer, offerId).toMatchObject({ status: 'voided', endedReason: 'sold_elsewhere' });
      expect(offer).not.toHaveProperty('heldAmount');
    }
    expectRefusal(
      await answerOffer(server(), token('seller'), pending.offerId, 'accept'),
      offerRefusals.ended('voided'),
    );
    expectEnded(await offerIntent(server(), token('otherBuyer'), countered.offerId));
    const latePay = await confirm(server(), third.token, waitingIntent);
    expect(latePay.status).toBe(409);
    expect(await intentStatus(provider(), waitingIntent.id)).not.toBe('requires_capture');
    const fresh = await makeOffer(server(), token('buyer'), { mobileId, amount: 420 });
    expect(fresh.status).toBe(409);
    expect(fresh.body).toMatchObject({ code: 'sold_out' });

    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), pending.transaction)).toBe('canceled');
    expect(await intentStatus(provider(), countered.transaction)).toBe('canceled');
    const bell = await call(server(), 'get', '/api/notifications', { token: token('buyer') });
    expect(
      (bell.body as { items: { kind: string; listing?: { mobileId: string } }[] }).items.some(
        (item) => item.kind === 'offer_voided' && item.listing?.mobileId === mobileId,
      ),
    ).toBe(true);
  });

  it('a booking that leaves units over leaves the offers open', async () => {
    const mobileId = await listingAt(450, 2);
    const pending = await pendingOffer(server(), token('buyer'), mobileId, 420);
    await heldDeal(server(), token('otherBuyer'), mobileId);
    expect(await stockOf(mobileId)).toBe(1);
    expect(await adminRead(pending.offerId)).toMatchObject({ status: 'pending', heldAmount: 420 });
    expect(await intentStatus(provider(), pending.transaction)).toBe('requires_capture');
    expect((await answerOffer(server(), token('seller'), pending.offerId, 'accept')).body).toMatchObject({
      status: 'accepted',
    });
    expect(await stockOf(mobileId)).toBe(0);
  });

  it('accepting one offer of the last unit voids the others', async () => {
    const mobileId = await listingAt(450, 1);
    const chosen = await pendingOffer(server(), token('buyer'), mobileId, 430);
    const other = await pendingOffer(server(), token('otherBuyer'), mobileId, 420);
    expect((await answerOffer(server(), token('seller'), chosen.offerId, 'accept')).status).toBe(200);
    expect(await adminRead(other.offerId)).toMatchObject({ status: 'voided', endedReason: 'sold_elsewhere' });
    expectEnded(await answerOffer(server(), token('seller'), other.offerId, 'accept'));
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), other.transaction)).toBe('canceled');
    expect(await intentStatus(provider(), chosen.transaction)).toBe('requires_capture');
    // A booking of the sold unit cannot be paid either.
    const late = await call(server(), 'post', '/api/bookings', {
      token: third.token,
      body: { mobileId, phone: '+880 1911 222333', location: 'Dhaka, Gulshan 2' },
    });
    expect(late.status).toBe(409);
  });

  it('the listing taken down voids its open offers (listing_removed)', async () => {
    const mobileId = await listingAt(450, 2);
    const pending = await pendingOffer(server(), token('buyer'), mobileId, 420);
    const deleted = await call(server(), 'delete', `/api/mobile/${mobileId}`, { token: token('seller') });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await offerAs(ctx.people.buyer, pending.offerId)).toMatchObject({
      status: 'voided',
      endedReason: 'listing_removed',
    });
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), pending.transaction)).toBe('canceled');
  });
});

describe('letting cards go, exactly once', () => {
  it('a claim a stopped process left is taken over after 5 minutes, and not before', async () => {
    const mobileId = await listingAt(450, 2);
    const pending = await pendingOffer(server(), token('buyer'), mobileId, 420);
    expect((await answerOffer(server(), token('buyer'), pending.offerId, 'withdraw')).status).toBe(200);
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), pending.transaction)).toBe('canceled');
    // What a process leaves when it stops between its claim and the processor: claimed, the card still held.
    const leftBy = async (minutesAgo: number) => {
      await ctx.app.db.run(
        "UPDATE offer_authorizations SET state = 'releasing', claimed_at = ?, released_at = NULL WHERE transaction_id = ?",
        [new Date(dealNow() - minutesAgo * 60_000).toISOString(), pending.transaction],
      );
      await ctx.app.db.run("UPDATE test_intents SET status = 'requires_capture' WHERE id = ?", [
        pending.transaction,
      ]);
    };
    await leftBy(1);
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), pending.transaction)).toBe('requires_capture');
    await leftBy(6);
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), pending.transaction)).toBe('canceled');
    expect(
      await ctx.app.db.get('SELECT state FROM offer_authorizations WHERE transaction_id = ?', [
        pending.transaction,
      ]),
    ).toEqual({ state: 'released' });
  });

  it('ticks and reconciliation racing tell the processor once per authorization', async () => {
    const transactions: string[] = [];
    const listings: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const mobileId = await listingAt(450, 1);
      listings.push(mobileId);
      for (const who of [ctx.people.buyer, ctx.people.otherBuyer, third]) {
        transactions.push((await pendingOffer(server(), who.token, mobileId, 400 + round)).transaction);
      }
    }
    // Taken down: the offers end in the removal's transaction; their cards are the job's to let go.
    for (const mobileId of listings) {
      expect(
        (await call(server(), 'delete', `/api/mobile/${mobileId}`, { token: token('seller') })).status,
      ).toBe(200);
    }
    const released = new Map<string, number>();
    const original = provider().release;
    provider().release = async (id: string) => {
      released.set(id, (released.get(id) ?? 0) + 1);
      return original.call(provider(), id);
    };
    try {
      await Promise.all([
        offerJob(ctx.app.services),
        offerJob(ctx.app.services),
        offerJob(ctx.app.services),
        ctx.app.services.payments.reconcile(),
        offerJob(ctx.app.services),
      ]);
    } finally {
      provider().release = original;
    }
    for (const transaction of transactions) {
      expect(await intentStatus(provider(), transaction)).toBe('canceled');
      expect(released.get(transaction), transaction).toBe(1);
    }
  });

  it('reconciliation records an authorization no offer recorded while the offer can take it, and lets it go when not', async () => {
    const mobileId = await listingAt(450, 2);
    // authorized at the processor, never recorded (a crash between the card and the write, or a browser that has
    // not posted /payments yet): as a booking's, it is recorded, and the offer reaches the seller
    const made = await makeOffer(server(), token('buyer'), { mobileId, amount: 420 });
    const offerId = (made.body as Offer)._id;
    const kept = (await offerIntent(server(), token('buyer'), offerId)).body as { id: string };
    await ctx.app.db.run("UPDATE test_intents SET status = 'requires_capture' WHERE id = ?", [kept.id]);
    await ctx.app.services.payments.reconcile();
    expect(await intentStatus(provider(), kept.id)).toBe('requires_capture');
    expect(await offerAs(ctx.people.buyer, offerId)).toMatchObject({ status: 'pending', heldAmount: 420 });
    // an offer withdrawn before its card was recorded cannot take it: the card is let go
    const gone = await makeOffer(server(), token('otherBuyer'), { mobileId, amount: 410 });
    const goneId = (gone.body as Offer)._id;
    const lost = (await offerIntent(server(), token('otherBuyer'), goneId)).body as { id: string };
    expect((await answerOffer(server(), token('otherBuyer'), goneId, 'withdraw')).status).toBe(200);
    await ctx.app.db.run("UPDATE test_intents SET status = 'requires_capture' WHERE id = ?", [lost.id]);
    expect(await strayOfferAuthorizations(provider(), ctx.app.db, startedAt)).toHaveLength(1);
    await ctx.app.services.payments.reconcile();
    expect(await intentStatus(provider(), lost.id)).toBe('canceled');
    expect(await offerAs(ctx.people.otherBuyer, goneId)).toMatchObject({ status: 'withdrawn' });
  });

  it("a buyer's account deleted ends their open offers and lets their cards go", async () => {
    const mobileId = await listingAt(450, 2);
    const leaving = await newBuyer(ctx.app, 'Leaving Buyer');
    const pending = await pendingOffer(server(), leaving.token, mobileId, 420);
    const userId = (
      await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [leaving.email])
    )?.id;
    const deleted = await call(server(), 'delete', `/api/users/${userId}`, { token: token('admin') });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expectEnded(await answerOffer(server(), token('seller'), pending.offerId, 'accept'));
    expect(['awaiting_card', 'pending', 'countered']).not.toContain(
      (await adminRead(pending.offerId)).status,
    );
    await offerJob(ctx.app.services);
    expect(await intentStatus(provider(), pending.transaction)).toBe('canceled');
    expect(await stockOf(mobileId)).toBe(2);
  });
});

// The deal clock only moves forward: the tests after these see it ahead (none of them reads it).
describe('expiry, on the deal clock', () => {
  it(`an offer unanswered for ${OFFER_RULES.ttlHours} h expires and its card is let go by the job's tick`, async () => {
    const mobileId = await listingAt(450, 3);
    const pending = await pendingOffer(server(), token('buyer'), mobileId, 420);
    const countered = await pendingOffer(server(), token('otherBuyer'), mobileId, 400);
    const waiting = await makeOffer(server(), third.token, { mobileId, amount: 410 });
    const waitingId = (waiting.body as Offer)._id;

    ctx.app.services.clock.advance(12 * HOUR);
    // The counter starts its own 24 h.
    await answerOffer(server(), token('seller'), countered.offerId, 'counter', { amount: 440 });
    ctx.app.services.clock.advance((OFFER_RULES.ttlHours - 12) * HOUR - 60_000);
    await offerJob(ctx.app.services);
    expect(await adminRead(pending.offerId)).toMatchObject({ status: 'pending' });
    expect(await intentStatus(provider(), pending.transaction)).toBe('requires_capture');

    ctx.app.services.clock.advance(2 * 60_000);
    // Past expiresAt, before the job ran: accepting is refused all the same.
    expectEnded(await answerOffer(server(), token('seller'), pending.offerId, 'accept'));
    await offerJob(ctx.app.services);
    expect(await adminRead(pending.offerId)).toMatchObject({ status: 'expired', endedReason: 'expired' });
    expect(await adminRead(waitingId)).toMatchObject({ status: 'expired' });
    expect(await intentStatus(provider(), pending.transaction)).toBe('canceled');
    expectRefusal(
      await answerOffer(server(), token('seller'), pending.offerId, 'accept'),
      offerRefusals.ended('expired'),
    );
    expectRefusal(
      await answerOffer(server(), token('buyer'), pending.offerId, 'withdraw'),
      offerRefusals.ended('expired'),
    );
    expect(await stockOf(mobileId)).toBe(3);
    // The counter, 12 h old, is still open; at its own 24 h it expires too.
    expect(await adminRead(countered.offerId)).toMatchObject({ status: 'countered' });
    ctx.app.services.clock.advance(12 * HOUR);
    await offerJob(ctx.app.services);
    expect(await adminRead(countered.offerId)).toMatchObject({ status: 'expired', endedReason: 'expired' });
    expect(await intentStatus(provider(), countered.transaction)).toBe('canceled');
    expectEnded(await offerIntent(server(), token('otherBuyer'), countered.offerId));
    // Both sides were told of the paid one; the one never paid expired quietly.
    const bell = await call(server(), 'get', '/api/notifications', { token: token('seller') });
    expect(
      (bell.body as { items: { kind: string; listing?: { mobileId: string } }[] }).items.filter(
        (item) => item.kind === 'offer_expired' && item.listing?.mobileId === mobileId,
      ).length,
    ).toBeGreaterThanOrEqual(1);
  });

  it("the demo clock runs the offers' job at once, as it does the holds'", async () => {
    const mobileId = await listingAt(450, 2);
    const pending = await pendingOffer(server(), token('buyer'), mobileId, 420);
    const moved = await call(server(), 'post', '/api/demo/clock', {
      token: token('admin'),
      body: { hours: OFFER_RULES.ttlHours + 1 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The list (which expires nothing itself) and the processor, right after: no tick called from here.
    const mine = await call(server(), 'get', `/api/offers?as=buyer&mobileId=${mobileId}`, {
      token: token('buyer'),
    });
    expect((mine.body as { items: Offer[] }).items).toMatchObject([
      { _id: pending.offerId, status: 'expired' },
    ]);
    expect(await intentStatus(provider(), pending.transaction)).toBe('canceled');
  });

  it('an accepted offer holds no longer than the authorization allows', async () => {
    const mobileId = await listingAt(450, 1);
    const pending = await pendingOffer(server(), token('buyer'), mobileId, 420);
    ctx.app.services.clock.advance(23 * HOUR);
    const accepted = await answerOffer(server(), token('seller'), pending.offerId, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const authorizedAt = (
      await ctx.app.db.get<{ authorized_at: string }>('SELECT authorized_at FROM offers WHERE id = ?', [
        pending.offerId,
      ])
    )?.authorized_at;
    const booking = (
      await call(server(), 'get', `/api/bookings/${(accepted.body as Offer).bookingId}`, {
        token: token('buyer'),
      })
    ).body as { holdExpiresAt: string };
    near(
      booking.holdExpiresAt,
      acceptedHoldExpiresAt(
        new Date(authorizedAt!),
        new Date(dealNow()),
        ctx.app.config.holdWindowHours,
      ).getTime(),
    );
  });
});

describe('the race for one unit', () => {
  it('50 buyers ready, then bookings paid, offers accepted and counters paid at once: 1 held deal, no other card', async () => {
    const mobileId = await listingAt(450, 1);
    const buyers = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const email = uniqueEmail(`offer-racer-${index}`);
        const idToken = await signUpAccount(email, 'racer-pw');
        const signedUp = await call(server(), 'post', '/api/usersall', {
          token: idToken,
          body: { name: `Offer Racer ${index}`, role: 'buyer' },
        });
        expect(signedUp.status).toBe(201);
        return exchange(ctx.app, idToken);
      }),
    );
    // Everyone ready: bookings with their intents, a third's cards held on pending offers, a third countered.
    const entrants = await readyAll(
      buyers.map((buyer, index) => raceEntrant(server, buyer, token('seller')!, index, mobileId)),
    );
    expect(
      await ctx.app.db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM offers WHERE mobile_id = ? AND status IN ('pending', 'countered')",
        [mobileId],
      ),
    ).toEqual({ n: 33 });
    // Then at once: the bookings' cards, the seller's accepts, the counters' cards.
    const outcomes = await Promise.all(entrants.map((go) => go()));
    // One wins; every other is refused by a rule, never a server failure.
    expect(outcomes.filter((outcome) => outcome.status === 200)).toHaveLength(1);
    for (const outcome of outcomes.filter((candidate) => candidate.status !== 200)) {
      expect(outcome.status, JSON.stringify(outcome)).toBe(409);
      expect(['sold_out', 'offer_ended']).toContain(outcome.code);
    }
    expect(await stockOf(mobileId)).toBe(0);
    const bookings = await ctx.app.db.all<{ id: string; status: string; transaction_id: string | null }>(
      'SELECT id, status, transaction_id FROM bookings WHERE mobile_id = ?',
      [mobileId],
    );
    const held = bookings.filter((booking) => booking.status === 'held');
    expect(held, JSON.stringify(outcomes.slice(0, 6))).toHaveLength(1);
    expect(bookings.filter((booking) => !['held', 'unpaid'].includes(booking.status))).toEqual([]);
    const offers = await ctx.app.db.all<{ status: string; booking_id: string | null }>(
      'SELECT status, booking_id FROM offers WHERE mobile_id = ?',
      [mobileId],
    );
    // No offer is left open on a sold unit; an accepted one is the held deal.
    expect(
      offers.filter((offer) => ['awaiting_card', 'pending', 'countered'].includes(offer.status)),
    ).toEqual([]);
    const accepted = offers.filter((offer) => offer.status === 'accepted');
    expect(accepted.length).toBeLessThanOrEqual(1);
    if (accepted.length === 1) expect(accepted[0]!.booking_id).toBe(held[0]!.id);

    await offerJob(ctx.app.services);
    expect(await strayOfferAuthorizations(provider(), ctx.app.db, startedAt)).toEqual([]);
    // Exactly one card is held for this listing at the processor: the deal's.
    const live: string[] = [];
    for await (const intent of provider().moneySince(startedAt)) {
      if (intent.status !== 'requires_capture') continue;
      const listing = intent.offerId
        ? (
            await ctx.app.db.get<{ m: string }>('SELECT mobile_id AS m FROM offers WHERE id = ?', [
              intent.offerId,
            ])
          )?.m
        : (
            await ctx.app.db.get<{ m: string }>('SELECT mobile_id AS m FROM bookings WHERE id = ?', [
              intent.bookingId ?? null,
            ])
          )?.m;
      if (listing === mobileId) live.push(intent.id);
    }
    expect(live).toEqual([held[0]!.transaction_id]);
  }, 240_000);
});
