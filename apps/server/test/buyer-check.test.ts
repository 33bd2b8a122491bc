// The buyer's check at the meetup, on both engines: the buyer types the IMEI the phone shows on *#06#
// and ticks what they saw, on their own screen, or skips the check; their handover code shows only after one or
// the other. Only that check becomes a review's "Verified handover": the seller cannot set any of it.
import {
  buyerCheckRefusals,
  dealRefusals,
  IMEI_CHECK_ATTEMPTS,
  imeiNotMatchedText,
  imeiRefusals,
  type DealRefusal,
} from '@recell/api';
import { withCheckDigit } from '@recell/api/test-cards';
import { describe, expect, it } from 'vitest';
import { book, buyerCheck, createListing, heldDeal, imeiWith } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();
type Who = 'buyer' | 'otherBuyer' | 'seller' | 'otherSeller' | 'admin';
const token = (who: Who | null) => (who ? ctx.people[who].token : null);
const errorBody = ({ status: _status, ...body }: DealRefusal) => body;

const post = (who: Who | null, path: string, body?: unknown) =>
  call(ctx.app.server, 'post', `/api/bookings/${path}`, { token: token(who), body });
const typeImei = (bookingId: string, imei: string, who: Who | null = 'buyer') =>
  post(who, `${bookingId}/buyer-check/imei`, { imei });
const tick = (
  bookingId: string,
  who: Who | null = 'buyer',
  body: unknown = { conditionMatched: true, signedOut: true },
) => post(who, `${bookingId}/buyer-check/checks`, body);
const skip = (bookingId: string, who: Who | null = 'buyer') => post(who, `${bookingId}/buyer-check/skip`);
const read = async (bookingId: string, who: Who = 'buyer') =>
  (await call(ctx.app.server, 'get', `/api/bookings/${bookingId}`, { token: token(who) })).body;
const handover = (bookingId: string, body: unknown) => post('seller', `${bookingId}/handover`, body);

/** A listing of the demo seller with an IMEI, and the buyer's held deal on it before any check. */
async function heldWithImei() {
  const imei = imeiWith('35000144');
  const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 1, imei });
  const deal = await heldDeal(ctx.app.server, ctx.people.buyer.token, mobileId, 'none');
  return { ...deal, imei, mobileId };
}

/** Another IMEI with a right check digit: 15 digits the buyer might type from another phone. */
const otherImei = (imei: string) =>
  withCheckDigit(`${imei.slice(0, 8)}${((Number(imei.slice(8, 14)) + 1) % 1e6).toString().padStart(6, '0')}`);

const codeOf = async (bookingId: string) => (await read(bookingId)).handoverCode as string | undefined;

describe("the buyer's code waits for their check", () => {
  it('is hidden after paying, until the IMEI matched and both boxes are ticked; then evidence and code', async () => {
    const deal = await heldWithImei();
    const before = await read(deal.bookingId);
    expect(before).not.toHaveProperty('handoverCode');
    expect(before.buyerCheck).toEqual({
      state: 'not_started',
      imeiListed: true,
      imeiAttemptsLeft: IMEI_CHECK_ATTEMPTS,
      conditionMatched: false,
      signedOut: false,
    });
    // the boxes before the IMEI: refused in words
    const early = await tick(deal.bookingId);
    expect([early.status, early.body]).toEqual([409, errorBody(buyerCheckRefusals.imeiFirst())]);

    const wrong = await typeImei(deal.bookingId, otherImei(deal.imei));
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(200);
    expect(wrong.body).toMatchObject({
      matched: false,
      attemptsLeft: IMEI_CHECK_ATTEMPTS - 1,
      buyerCheck: { state: 'not_matched', imeiAttemptsLeft: IMEI_CHECK_ATTEMPTS - 1 },
    });
    // the stored IMEI is never in an answer to the buyer
    expect(JSON.stringify(wrong.body)).not.toContain(deal.imei);
    expect(JSON.stringify(await read(deal.bookingId))).not.toContain(deal.imei);
    expect(await codeOf(deal.bookingId)).toBeUndefined();

    const right = await typeImei(deal.bookingId, deal.imei);
    expect(right.body).toMatchObject({ matched: true, buyerCheck: { state: 'matched' } });
    expect(await codeOf(deal.bookingId)).toBeUndefined();
    // matched stays matched: typing it again counts nothing
    expect((await typeImei(deal.bookingId, deal.imei)).body).toMatchObject({
      matched: true,
      attemptsLeft: IMEI_CHECK_ATTEMPTS - 1,
    });

    const ticked = await tick(deal.bookingId);
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    expect(ticked.body.buyerCheck).toMatchObject({
      state: 'checked',
      conditionMatched: true,
      signedOut: true,
    });
    expect(ticked.body.handoverCode).toMatch(/^[0-9]{6}$/);
    // done: skipping now is refused (the deal stays verified)
    const late = await skip(deal.bookingId);
    expect([late.status, late.body]).toEqual([409, errorBody(buyerCheckRefusals.done())]);
    // the seller never sees the buyer's check or code
    const seller = (
      await call(ctx.app.server, 'get', `/api/mybuyers?email=seller@recell.test&pageSize=100`, {
        token: token('seller'),
      })
    ).body.items.find((item: { _id: string }) => item._id === deal.bookingId);
    expect(seller).toBeDefined();
    expect(seller).not.toHaveProperty('handoverCode');
    expect(seller).not.toHaveProperty('buyerCheck');

    const done = await handover(deal.bookingId, { code: ticked.body.handoverCode });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const review = await post('buyer', `${deal.bookingId}/reviews`, { stars: 5 });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    expect(review.body.verifiedHandover).toEqual({
      imeiMatched: true,
      conditionMatched: true,
      signedOut: true,
    });
  });

  it('skipping shows the code at once, and the deal is not a verified handover', async () => {
    const deal = await heldWithImei();
    const skipped = await skip(deal.bookingId);
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(skipped.body.buyerCheck).toMatchObject({ state: 'skipped' });
    expect(skipped.body.handoverCode).toMatch(/^[0-9]{6}$/);
    // twice is the same as once
    expect((await skip(deal.bookingId)).body.handoverCode).toBe(skipped.body.handoverCode);
    // the check is closed once skipped
    const typed = await typeImei(deal.bookingId, deal.imei);
    expect([typed.status, typed.body]).toEqual([409, errorBody(buyerCheckRefusals.skipped())]);
    const ticked = await tick(deal.bookingId);
    expect([ticked.status, ticked.body]).toEqual([409, errorBody(buyerCheckRefusals.skipped())]);

    expect((await handover(deal.bookingId, { code: skipped.body.handoverCode })).status).toBe(200);
    const review = await post('buyer', `${deal.bookingId}/reviews`, { stars: 4 });
    expect(review.status).toBe(201);
    expect(review.body).not.toHaveProperty('verifiedHandover');
    const row = await ctx.app.db.get<Record<string, unknown>>(
      'SELECT handover_imei_matched, handover_condition_matched, handover_signed_out FROM bookings WHERE id = ?',
      [deal.bookingId],
    );
    expect(row).toEqual({
      handover_imei_matched: null,
      handover_condition_matched: null,
      handover_signed_out: null,
    });
  });

  it('a listing without an IMEI: the boxes alone complete the check (the IMEI says no_imei)', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 1 });
    const deal = await heldDeal(ctx.app.server, ctx.people.buyer.token, mobileId, 'none');
    expect((await read(deal.bookingId)).buyerCheck).toMatchObject({
      state: 'not_started',
      imeiListed: false,
    });
    const typed = await typeImei(deal.bookingId, imeiWith('35000145'));
    expect([typed.status, typed.body]).toEqual([409, errorBody(buyerCheckRefusals.noImei())]);
    const ticked = await tick(deal.bookingId);
    expect(ticked.body.buyerCheck).toMatchObject({ state: 'checked' });
    expect((await handover(deal.bookingId, { code: ticked.body.handoverCode })).status).toBe(200);
    const review = await post('buyer', `${deal.bookingId}/reviews`, { stars: 5 });
    expect(review.body.verifiedHandover).toEqual({
      imeiMatched: false,
      conditionMatched: true,
      signedOut: true,
    });
  });
});

describe('the seller cannot set the evidence in any way', () => {
  it.each([
    { imeiConfirmed: true },
    { conditionMatched: true },
    { signedOut: true },
    { imeiConfirmed: true, conditionMatched: true, signedOut: true },
  ])('the handover refuses %o beside the code (400), and the deal stays held', async (extra) => {
    const deal = await heldDeal(
      ctx.app.server,
      ctx.people.buyer.token,
      await createListing(ctx.app.server, ctx.people.seller.token, { stock: 1 }),
    );
    const refused = await handover(deal.bookingId, { code: deal.code, ...extra });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect((await read(deal.bookingId)).status).toBe('held');
  });

  it("only the booking's buyer runs the check: the seller, an admin, another buyer 403, a visitor 401", async () => {
    const deal = await heldWithImei();
    for (const who of ['seller', 'otherSeller', 'admin', 'otherBuyer'] as const) {
      expect((await typeImei(deal.bookingId, deal.imei, who)).status, who).toBe(403);
      expect((await tick(deal.bookingId, who)).status, who).toBe(403);
      expect((await skip(deal.bookingId, who)).status, who).toBe(403);
    }
    expect((await typeImei(deal.bookingId, deal.imei, null)).status).toBe(401);
    expect((await tick(deal.bookingId, null)).status).toBe(401);
    expect((await skip(deal.bookingId, null)).status).toBe(401);
    // an unknown booking
    expect((await typeImei('no-such-booking', deal.imei)).status).toBe(404);
    // nothing moved
    expect((await read(deal.bookingId)).buyerCheck).toMatchObject({
      state: 'not_started',
      imeiAttemptsLeft: IMEI_CHECK_ATTEMPTS,
    });
    expect(await codeOf(deal.bookingId)).toBeUndefined();
  });
});

describe('odd input', () => {
  it.each([
    ['14 digits', '35693803564380'],
    ['16 digits', '3569380356438091'],
    ['letters', '35693803564380a'],
    ['spaces', '356938 03564380'],
    ['a number', 356938035643809],
    ['a wrong check digit', '356938035643801'],
  ])('%s: 400, and no try is used', async (_name, imei) => {
    const deal = await heldWithImei();
    const refused = await typeImei(deal.bookingId, imei as string);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect((await read(deal.bookingId)).buyerCheck.imeiAttemptsLeft).toBe(IMEI_CHECK_ATTEMPTS);
  });

  it.each([
    [{ conditionMatched: false, signedOut: true }],
    [{ conditionMatched: true }],
    [{ conditionMatched: true, signedOut: true, imeiMatched: true }],
    [{}],
  ])('the boxes %o: 400', async (body) => {
    const deal = await heldWithImei();
    await typeImei(deal.bookingId, deal.imei);
    expect((await tick(deal.bookingId, 'buyer', body)).status).toBe(400);
    expect(await codeOf(deal.bookingId)).toBeUndefined();
  });

  it('an extra field on the IMEI: 400', async () => {
    const deal = await heldWithImei();
    const refused = await post('buyer', `${deal.bookingId}/buyer-check/imei`, {
      imei: deal.imei,
      matched: true,
    });
    expect(refused.status).toBe(400);
  });
});

describe(`${IMEI_CHECK_ATTEMPTS} tries, counted under the write lock`, () => {
  it('16 wrong IMEIs at once: exactly 5 answered, the rest locked; then even the right one is refused', async () => {
    const deal = await heldWithImei();
    const wrong = otherImei(deal.imei);
    const answers = await Promise.all(Array.from({ length: 16 }, () => typeImei(deal.bookingId, wrong)));
    const counted = answers.filter((answer) => answer.status === 200);
    expect(counted).toHaveLength(IMEI_CHECK_ATTEMPTS);
    expect(counted.map((answer) => answer.body.attemptsLeft).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect([answer.status, answer.body]).toEqual([409, errorBody(buyerCheckRefusals.locked())]);
    }
    const row = await ctx.app.db.get<{ buyer_imei_attempts: number }>(
      'SELECT buyer_imei_attempts FROM bookings WHERE id = ?',
      [deal.bookingId],
    );
    expect(row?.buyer_imei_attempts).toBe(IMEI_CHECK_ATTEMPTS);
    const view = await read(deal.bookingId);
    expect(view.buyerCheck).toMatchObject({ state: 'locked', imeiAttemptsLeft: 0 });
    expect(view).not.toHaveProperty('handoverCode');
    // the right IMEI, the boxes and skipping: all refused, saying to walk away
    const right = await typeImei(deal.bookingId, deal.imei);
    expect([right.status, right.body]).toEqual([409, errorBody(buyerCheckRefusals.locked())]);
    expect(right.body.message).toMatch(/walk away.*nothing is charged/);
    expect((await tick(deal.bookingId)).body.code).toBe('imei_check_locked');
    expect((await skip(deal.bookingId)).body.code).toBe('imei_check_locked');
    // walking away still works, and nothing is charged
    const walked = await post('buyer', `${deal.bookingId}/cancel`);
    expect(walked.body).toMatchObject({ status: 'cancelled' });
  });

  it('each wrong IMEI says the tries left in words', async () => {
    const deal = await heldWithImei();
    const wrong = otherImei(deal.imei);
    for (let left = IMEI_CHECK_ATTEMPTS - 1; left >= 0; left -= 1) {
      const answer = await typeImei(deal.bookingId, wrong);
      expect(answer.body).toMatchObject({ matched: false, attemptsLeft: left });
    }
    expect(imeiNotMatchedText(2)).toContain('2 tries left');
    expect(imeiNotMatchedText(0)).toMatch(/walk away/);
  });
});

describe('the booking must be held', () => {
  it('unpaid, walked away from, or complete: refused with its state', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, {
      stock: 3,
      imei: imeiWith('35000146'),
    });
    const unpaid = await book(ctx.app.server, ctx.people.buyer.token, mobileId);
    for (const answer of [
      await typeImei(unpaid, '356938035643809'),
      await tick(unpaid),
      await skip(unpaid),
    ]) {
      expect([answer.status, answer.body]).toEqual([409, errorBody(dealRefusals.notHeld('unpaid'))]);
    }

    const walked = await heldWithImei();
    await post('buyer', `${walked.bookingId}/cancel`);
    for (const answer of [
      await typeImei(walked.bookingId, walked.imei),
      await tick(walked.bookingId),
      await skip(walked.bookingId),
    ]) {
      expect([answer.status, answer.body]).toEqual([409, errorBody(dealRefusals.notHeld('cancelled'))]);
    }

    const complete = await heldWithImei();
    await buyerCheck(ctx.app.server, ctx.people.buyer.token, complete.bookingId, 'skip');
    expect((await handover(complete.bookingId, { code: await codeOf(complete.bookingId) })).status).toBe(200);
    for (const answer of [
      await typeImei(complete.bookingId, complete.imei),
      await tick(complete.bookingId),
      await skip(complete.bookingId),
    ]) {
      expect([answer.status, answer.body]).toEqual([409, errorBody(dealRefusals.notHeld('completed'))]);
    }
  });
});

describe("a booked phone's IMEI", () => {
  it('cannot change while a booking of it is open (its buyer checks against it); once the deal ends it can', async () => {
    const deal = await heldWithImei();
    const edit = (imei: string) =>
      call(ctx.app.server, 'patch', `/api/mobile/${deal.mobileId}`, {
        token: token('seller'),
        body: { imei },
      });
    const changed = await edit(otherImei(deal.imei));
    const { status: _status, ...refusal } = imeiRefusals.inDeal;
    expect([changed.status, changed.body]).toEqual([409, refusal]);
    // the buyer's check still reads the IMEI the phone was booked with
    expect((await typeImei(deal.bookingId, deal.imei)).body).toMatchObject({ matched: true });
    // the same IMEI again is no change
    expect((await edit(deal.imei)).status).toBe(200);
    expect((await post('buyer', `${deal.bookingId}/cancel`)).body).toMatchObject({ status: 'cancelled' });
    const after = await edit(otherImei(deal.imei));
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  });
});
