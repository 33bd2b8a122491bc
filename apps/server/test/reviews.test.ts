// Reviews against the real server on both engines: only the two parties of a completed deal, once
// each, within the window on the deal clock; double-blind until both wrote or the window closed; the buyer's own
// check at the handover as evidence; one reply by the reviewed person; reports; an admin's audited hide; ratings that agree
// with the published rows. Who may call each operation is in matrix.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  REVIEW_STARS_MAX,
  REVIEW_STARS_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_WINDOW_MS,
  type DealReviews,
  type ReportedReviewPage,
  type Review,
  type ReviewPage,
  type SellerProfile,
} from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import { describe, expect, it } from 'vitest';
import { isConstraintViolation } from '../src/db/database';
import { book, completedDeal, createListing, heldDeal, imeiWith } from './support/fixtures';
import { call, newBuyer, newSeller, useServer, type Persona } from './support/harness';

const ctx = useServer();
const MINUTE = 60_000;

const as = (persona: Persona | null, method: 'get' | 'post' | 'delete', path: string, body?: unknown) =>
  call(ctx.app.server, method, path, { token: persona?.token ?? null, body });

/** A completed deal between a buyer and a seller (the demo pair unless named), about a new listing. */
async function deal(
  options: {
    buyer?: Persona;
    seller?: Persona;
    /** the buyer's own check at the meetup: the listing gets an IMEI, which they type, and they tick both boxes */
    buyerChecked?: boolean;
  } = {},
) {
  const buyer = options.buyer ?? ctx.people.buyer;
  const seller = options.seller ?? ctx.people.seller;
  const imei = options.buyerChecked ? imeiWith('35000044') : undefined;
  const mobileId = await createListing(ctx.app.server, seller.token, { stock: 1, ...(imei ? { imei } : {}) });
  const { bookingId } = await completedDeal(
    ctx.app.server,
    { buyer: buyer.token, seller: seller.token },
    mobileId,
    imei ? { imei } : 'skip',
  );
  return { bookingId, buyer, seller, mobileId };
}

async function review(persona: Persona, bookingId: string, body: unknown = { stars: 5 }) {
  const response = await as(persona, 'post', `/api/bookings/${bookingId}/reviews`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Review;
}

const dealReviews = async (persona: Persona, bookingId: string) => {
  const response = await as(persona, 'get', `/api/bookings/${bookingId}/reviews`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as DealReviews;
};

const sellerReviews = async (sellerId: string) =>
  (await as(null, 'get', `/api/sellers/${sellerId}/reviews?pageSize=100`)).body as ReviewPage;

const profile = async (sellerId: string) => {
  const response = await as(null, 'get', `/api/sellers/${sellerId}/profile`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as SellerProfile;
};

const idOf = async (persona: Persona) =>
  (await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [persona.email]))!.id;

/** Moves the deal clock (as QA and the demo do) and lets the expiry job run. */
async function later(ms: number) {
  ctx.app.services.clock.advance(ms);
  await ctx.app.services.deal.expireDue();
}

describe('the seeded reviews', () => {
  it("show on the demo seller's public profile with the handover evidence and the seller's reply", async () => {
    const page = await sellerReviews(demoAccounts.seller._id);
    expect(page.items.find((item) => item._id === 'rv-demo-of-seller')).toMatchObject({
      about: 'seller',
      author: { name: demoAccounts.buyer.name },
      stars: 5,
      published: true,
      verifiedHandover: { imeiMatched: true, conditionMatched: true, signedOut: true },
      reply: { text: 'Thank you, enjoy the phone!' },
    });
    // The seller's review of the buyer is never on a public page.
    expect(page.items.map((item) => item.about)).not.toContain('buyer');
    const seller = await profile(demoAccounts.seller._id);
    expect(seller).toMatchObject({
      _id: demoAccounts.seller._id,
      name: demoAccounts.seller.name,
      verified: true,
    });
    // The seed's demo seller starts with a verified number.
    expect(seller.phoneVerified).toBe(true);
    expect(seller.completedDeals).toBeGreaterThanOrEqual(1);
  });

  it('has no public profile or review list for a buyer, an admin or nobody', async () => {
    for (const id of [demoAccounts.buyer._id, demoAccounts.admin._id, 'u-nobody']) {
      expect((await as(null, 'get', `/api/sellers/${id}/profile`)).status).toBe(404);
      expect((await as(null, 'get', `/api/sellers/${id}/reviews`)).status).toBe(404);
      expect((await as(null, 'get', `/api/sellers/${id}/listings`)).status).toBe(404);
    }
  });

  it("lists the seller's listings in stock, newest first and paged, as a visitor sees them", async () => {
    const seller = ctx.people.otherSeller;
    const sellerId = await idOf(seller);
    const ids: string[] = [];
    for (const stock of [1, 0, 2]) ids.push(await createListing(ctx.app.server, seller.token, { stock }));
    const listings = async (query: string) => {
      const response = await as(null, 'get', `/api/sellers/${sellerId}/listings${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as { items: Record<string, unknown>[]; total: number };
    };
    const all = await listings('?pageSize=100');
    const mine = all.items.filter((item) => ids.includes(item._id as string)).map((item) => item._id);
    // the sold-out one is not there; the newest first
    expect(mine).toEqual([ids[2], ids[0]]);
    expect(all.items.every((item) => item.sellerId === sellerId && (item.stock as number) > 0)).toBe(true);
    // a visitor's view: no phone number, no email
    for (const item of all.items) {
      expect(item).not.toHaveProperty('number_of_seller');
      expect(item).not.toHaveProperty('email');
    }
    const first = await listings('?pageSize=1');
    expect([first.items.length, first.total]).toEqual([1, all.total]);
    expect(first.items[0]!._id).toBe(all.items[0]!._id);
    for (const query of ['?page=0', '?pageSize=-1', '?pageSize=1e9', '?page=abc', '?extra=1'])
      expect((await as(null, 'get', `/api/sellers/${sellerId}/listings${query}`)).status, query).toBe(400);
    expect((await as(null, 'get', '/api/sellers/%00/listings')).status).toBe(400);
  });
});

describe('who may review, and when', () => {
  it('only the two parties of the deal: another buyer, another seller and an admin are refused', async () => {
    const { bookingId } = await deal();
    for (const persona of [ctx.people.otherBuyer, ctx.people.otherSeller, ctx.people.admin]) {
      const refused = await as(persona, 'post', `/api/bookings/${bookingId}/reviews`, { stars: 1 });
      expect(refused.status).toBe(403);
      expect((await as(persona, 'get', `/api/bookings/${bookingId}/reviews`)).status).toBe(403);
    }
    expect((await as(null, 'post', `/api/bookings/${bookingId}/reviews`, { stars: 1 })).status).toBe(401);
    const left = await ctx.app.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM reviews WHERE booking_id = ?',
      [bookingId],
    );
    expect(Number(left?.n)).toBe(0);
  });

  it('a deal that did not complete cannot be reviewed: unpaid, held, cancelled, declined, expired', async () => {
    const listing = () => createListing(ctx.app.server, ctx.people.seller.token, { stock: 1 });
    const unpaid = await book(ctx.app.server, ctx.people.buyer.token, await listing());
    const held = (await heldDeal(ctx.app.server, ctx.people.buyer.token, await listing())).bookingId;
    const cancelled = (await heldDeal(ctx.app.server, ctx.people.buyer.token, await listing())).bookingId;
    expect((await as(ctx.people.buyer, 'post', `/api/bookings/${cancelled}/cancel`)).status).toBe(200);
    const declined = (await heldDeal(ctx.app.server, ctx.people.buyer.token, await listing())).bookingId;
    expect((await as(ctx.people.seller, 'post', `/api/bookings/${declined}/decline`)).status).toBe(200);
    const cases: [string, string][] = [
      [unpaid, 'unpaid'],
      [held, 'held'],
      [cancelled, 'cancelled'],
      [declined, 'declined'],
    ];
    for (const [bookingId, status] of cases) {
      for (const persona of [ctx.people.buyer, ctx.people.seller]) {
        const refused = await as(persona, 'post', `/api/bookings/${bookingId}/reviews`, { stars: 5 });
        expect([status, refused.status, refused.body.code]).toEqual([status, 409, 'not_completed']);
        expect((await dealReviews(persona, bookingId)).canReview).toBe(false);
      }
    }
    // The hold window passes on the deal clock: the held deal expires and stays unreviewable.
    await later(7 * 24 * 60 * MINUTE);
    const expired = await as(ctx.people.buyer, 'get', `/api/bookings/${held}`);
    expect(expired.body.status).toBe('expired');
    const refused = await as(ctx.people.buyer, 'post', `/api/bookings/${held}/reviews`, { stars: 5 });
    expect([refused.status, refused.body.code]).toEqual([409, 'not_completed']);
  });

  it('once each: a second review, also two at once, is refused as a duplicate', async () => {
    const { bookingId } = await deal();
    const [first, second] = await Promise.all([
      as(ctx.people.buyer, 'post', `/api/bookings/${bookingId}/reviews`, { stars: 5 }),
      as(ctx.people.buyer, 'post', `/api/bookings/${bookingId}/reviews`, { stars: 1 }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect([first, second].find((response) => response.status === 409)?.body.code).toBe('duplicate');
    const again = await as(ctx.people.buyer, 'post', `/api/bookings/${bookingId}/reviews`, { stars: 3 });
    expect([again.status, again.body.code]).toEqual([409, 'duplicate']);
    const mine = await dealReviews(ctx.people.buyer, bookingId);
    expect(mine.canReview).toBe(false);
    expect([5, 1]).toContain(mine.mine?.stars);
  });

  it('within the window on the deal clock: a minute before it closes yes, after it closes no', async () => {
    const { bookingId } = await deal();
    const before = await dealReviews(ctx.people.buyer, bookingId);
    expect(before.canReview).toBe(true);
    const completedAt = (await as(ctx.people.buyer, 'get', `/api/bookings/${bookingId}`)).body.completedAt;
    expect(Date.parse(before.windowClosesAt) - Date.parse(completedAt)).toBe(REVIEW_WINDOW_MS);
    await later(REVIEW_WINDOW_MS - MINUTE);
    await review(ctx.people.buyer, bookingId, { stars: 4 });
    await later(2 * MINUTE);
    const closed = await as(ctx.people.seller, 'post', `/api/bookings/${bookingId}/reviews`, { stars: 4 });
    expect([closed.status, closed.body.code]).toEqual([409, 'review_closed']);
    expect((await dealReviews(ctx.people.seller, bookingId)).canReview).toBe(false);
  });
});

describe('double-blind', () => {
  it("neither sees the other's review until both have written; the second review publishes both", async () => {
    const { bookingId } = await deal({ buyerChecked: true });
    const written = await review(ctx.people.buyer, bookingId, { stars: 4, text: 'Good phone' });
    expect(written.published).toBe(false);
    const sellerSide = await dealReviews(ctx.people.seller, bookingId);
    expect(sellerSide.theirs).toBeUndefined();
    expect(sellerSide.canReview).toBe(true);
    expect((await sellerReviews(demoAccounts.seller._id)).items.map((item) => item._id)).not.toContain(
      written._id,
    );
    // The reviewed person cannot reply to or report what they cannot see yet.
    const reply = await as(ctx.people.seller, 'post', `/api/reviews/${written._id}/reply`, {
      text: 'Thanks',
    });
    expect([reply.status, reply.body.code]).toEqual([409, 'review_hidden']);

    const answer = await review(ctx.people.seller, bookingId, { stars: 5, text: 'Punctual buyer' });
    expect(answer.published).toBe(true);
    const buyerSide = await dealReviews(ctx.people.buyer, bookingId);
    expect(buyerSide.theirs).toMatchObject({ _id: answer._id, about: 'buyer', stars: 5 });
    expect((await dealReviews(ctx.people.seller, bookingId)).theirs).toMatchObject({ _id: written._id });
    const listed = (await sellerReviews(demoAccounts.seller._id)).items.find(
      (item) => item._id === written._id,
    );
    // The buyer's own check (the IMEI they typed from *#06#, the boxes they ticked), kept with the deal.
    expect(listed).toMatchObject({
      published: true,
      text: 'Good phone',
      verifiedHandover: { imeiMatched: true, conditionMatched: true, signedOut: true },
    });
    // The seller's review of the buyer carries no handover evidence (it is about the buyer).
    expect(buyerSide.theirs?.verifiedHandover).toBeUndefined();
  });

  it('both writing at once still publishes both (the second to commit sees the first)', async () => {
    const { bookingId } = await deal();
    await Promise.all([
      review(ctx.people.buyer, bookingId, { stars: 5 }),
      review(ctx.people.seller, bookingId, { stars: 4 }),
    ]);
    expect((await dealReviews(ctx.people.buyer, bookingId)).theirs?.published).toBe(true);
    expect((await dealReviews(ctx.people.seller, bookingId)).theirs?.published).toBe(true);
  });

  it('the window closing publishes a review the other party never answered', async () => {
    const { bookingId } = await deal();
    const written = await review(ctx.people.seller, bookingId, { stars: 2 });
    expect((await dealReviews(ctx.people.buyer, bookingId)).theirs).toBeUndefined();
    await later(REVIEW_WINDOW_MS);
    expect((await dealReviews(ctx.people.buyer, bookingId)).theirs).toMatchObject({
      _id: written._id,
      published: true,
    });
  });
});

describe('the demo clock', () => {
  it('publishes and counts a lone review at once when an admin moves it past the window', async () => {
    // a seller of its own: other tests' lone reviews of the demo seller are published by the same move
    const seller = await newSeller(ctx.app, 'Demo Clock Seller');
    const { bookingId } = await deal({ seller });
    await review(ctx.people.buyer, bookingId, { stars: 4 });
    // the seller's stored rating, which cards and "4 stars and up" read: moved only by a publication
    const counted = async () =>
      Number(
        (
          await ctx.app.db.get<{ n: number }>(
            'SELECT review_count AS n FROM seller_ratings WHERE seller_id = ?',
            [await idOf(seller)],
          )
        )?.n ?? 0,
      );
    const before = await counted();
    const moved = await as(ctx.people.admin, 'post', '/api/demo/clock', {
      hours: REVIEW_WINDOW_MS / 3_600_000,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // no wait for the job's next tick (10 minutes): the move itself ran it
    expect(before).toBe(0);
    expect(await counted()).toBe(1);
  });
});

describe('replies, reports and hiding', () => {
  /** A published review of the demo seller by the demo buyer. */
  async function published() {
    const { bookingId } = await deal();
    const written = await review(ctx.people.buyer, bookingId, { stars: 3 });
    await review(ctx.people.seller, bookingId);
    return written;
  }

  it('the reviewed person replies once; the author and anyone else may not', async () => {
    const written = await published();
    for (const persona of [ctx.people.buyer, ctx.people.otherSeller, ctx.people.admin]) {
      expect((await as(persona, 'post', `/api/reviews/${written._id}/reply`, { text: 'Mine' })).status).toBe(
        403,
      );
    }
    const replied = await as(ctx.people.seller, 'post', `/api/reviews/${written._id}/reply`, {
      text: '<b>Thanks</b> for coming',
    });
    expect(replied.status).toBe(201);
    // What a person writes is kept and answered as text, never as markup.
    expect(replied.body.reply.text).toBe('<b>Thanks</b> for coming');
    const twice = await as(ctx.people.seller, 'post', `/api/reviews/${written._id}/reply`, { text: 'Again' });
    expect([twice.status, twice.body.code]).toEqual([409, 'duplicate']);
    const listed = (await sellerReviews(demoAccounts.seller._id)).items.find(
      (item) => item._id === written._id,
    );
    expect(listed?.reply?.text).toBe('<b>Thanks</b> for coming');
  });

  it('either party reports a review once; nobody else may', async () => {
    const written = await published();
    const path = `/api/reviews/${written._id}/report`;
    expect((await as(ctx.people.seller, 'post', path, { reason: 'Not what happened' })).status).toBe(201);
    expect((await as(ctx.people.buyer, 'post', path, { reason: 'I wrote too much' })).status).toBe(201);
    const twice = await as(ctx.people.seller, 'post', path, { reason: 'Not what happened' });
    expect([twice.status, twice.body.code]).toEqual([409, 'duplicate']);
    expect((await as(ctx.people.otherBuyer, 'post', path, { reason: 'Looks fake' })).status).toBe(403);
  });

  it("the admins' queue lists a reported review with each report until it is hidden, then under hidden", async () => {
    const written = await published();
    const queue = async (status: string) => {
      const response = await as(ctx.people.admin, 'get', `/api/review-reports?status=${status}&pageSize=100`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body as ReportedReviewPage).items.find((item) => item.review._id === written._id);
    };
    expect(await queue('open')).toBeUndefined();
    await as(ctx.people.seller, 'post', `/api/reviews/${written._id}/report`, { reason: '<i>Not</i> true' });
    ctx.app.services.clock.advance(MINUTE);
    await as(ctx.people.buyer, 'post', `/api/reviews/${written._id}/report`, { reason: 'I wrote too much' });
    const open = await queue('open');
    expect(open?.subject).toEqual({ _id: demoAccounts.seller._id, name: demoAccounts.seller.name });
    expect(open?.reports.map(({ by, reason, reporterName }) => ({ by, reason, reporterName }))).toEqual([
      { by: 'author', reason: 'I wrote too much', reporterName: demoAccounts.buyer.name },
      { by: 'subject', reason: '<i>Not</i> true', reporterName: demoAccounts.seller.name },
    ]);
    // The newest report puts its review first.
    const first = await as(ctx.people.admin, 'get', '/api/review-reports?pageSize=1');
    expect(first.body.items[0].review._id).toBe(written._id);
    expect(await queue('hidden')).toBeUndefined();
    await as(ctx.people.admin, 'post', `/api/reviews/${written._id}/hide`, { reason: 'Personal details' });
    expect(await queue('open')).toBeUndefined();
    expect((await queue('hidden'))?.review.hidden?.reason).toBe('Personal details');
    expect((await as(ctx.people.admin, 'get', '/api/review-reports?status=closed')).status).toBe(400);
  });

  it('an admin hides a review with a reason: audited once, gone from the page and the rating, the author sees why', async () => {
    const written = await published();
    const before = await profile(demoAccounts.seller._id);
    const hidden = await as(ctx.people.admin, 'post', `/api/reviews/${written._id}/hide`, {
      reason: 'Personal details',
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.hidden.reason).toBe('Personal details');
    const again = await as(ctx.people.admin, 'post', `/api/reviews/${written._id}/hide`, { reason: 'Twice' });
    expect(again.body.hidden.reason).toBe('Personal details');
    const audit = await as(ctx.people.admin, 'get', '/api/audit-log?pageSize=100');
    const entries = (audit.body.items as { action: string; target: string; actorEmail: string }[]).filter(
      (entry) => entry.target === written._id,
    );
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'review.hide',
        actorEmail: demoAccounts.admin.email,
        // The log names whose review of whom, not only its id.
        targetName: `${demoAccounts.buyer.name}'s review of ${demoAccounts.seller.name}`,
      }),
    ]);
    const after = await profile(demoAccounts.seller._id);
    expect(after.rating.count).toBe(before.rating.count - 1);
    expect((await sellerReviews(demoAccounts.seller._id)).items.map((item) => item._id)).not.toContain(
      written._id,
    );
    const mine = await dealReviews(ctx.people.buyer, written.bookingId);
    expect(mine.mine?.hidden?.reason).toBe('Personal details');
    expect((await dealReviews(ctx.people.seller, written.bookingId)).theirs).toBeUndefined();
    // Nobody replies to a hidden review.
    const reply = await as(ctx.people.seller, 'post', `/api/reviews/${written._id}/reply`, { text: 'Hm' });
    expect(reply.status).toBe(409);
  });
});

describe('who is told (notifications, in the same transaction)', () => {
  /** The person's review notifications about one listing, newest first. */
  async function told(persona: Persona, mobileId: string) {
    const response = await as(persona, 'get', '/api/notifications?pageSize=100');
    expect(response.status).toBe(200);
    return (
      response.body.items as { kind: string; text: string; link: string; listing: { mobileId: string } }[]
    ).filter((item) => item.listing.mobileId === mobileId && item.kind.startsWith('review_'));
  }

  it('the other party learns they were reviewed (not what was said), then both that the reviews are public; never the writer', async () => {
    const { bookingId, mobileId } = await deal();
    await review(ctx.people.buyer, bookingId, { stars: 2, text: 'Secret words' });
    expect(await told(ctx.people.buyer, mobileId)).toEqual([]);
    const received = await told(ctx.people.seller, mobileId);
    expect(received).toEqual([
      expect.objectContaining({ kind: 'review_received', link: '/dashboard/myBuyers' }),
    ]);
    // double-blind: the words stay with the review
    expect(received[0]!.text).not.toContain('Secret words');
    expect(received[0]!.text).toMatch(/^The buyer reviewed you for /);

    await review(ctx.people.seller, bookingId);
    // the buyer, whose review is now public with the seller's; the seller wrote, so is not told again
    expect((await told(ctx.people.buyer, mobileId)).map((item) => [item.kind, item.link])).toEqual([
      ['review_published', '/dashboard'],
    ]);
    expect((await told(ctx.people.seller, mobileId)).map((item) => item.kind)).toEqual(['review_received']);
    // nobody else
    expect(await told(ctx.people.otherSeller, mobileId)).toEqual([]);
  });

  it('the author is told when an admin hides their review, with the reason as text; once, and nobody else', async () => {
    const { bookingId, mobileId } = await deal();
    const written = await review(ctx.people.buyer, bookingId, { stars: 1 });
    await review(ctx.people.seller, bookingId);
    const path = `/api/reviews/${written._id}/hide`;
    expect((await as(ctx.people.admin, 'post', path, { reason: '<b>Personal</b> details' })).status).toBe(
      200,
    );
    expect((await as(ctx.people.admin, 'post', path, { reason: 'Again' })).status).toBe(200);
    const hidden = (await told(ctx.people.buyer, mobileId)).filter((item) => item.kind === 'review_hidden');
    expect(hidden.map((item) => [item.text, item.link])).toEqual([
      [expect.stringMatching(/hid your review for .*: <b>Personal<\/b> details$/), '/dashboard'],
    ]);
    expect((await told(ctx.people.seller, mobileId)).map((item) => item.kind)).not.toContain('review_hidden');
    expect((await told(ctx.people.admin, mobileId)).map((item) => item.kind)).toEqual([]);
  });

  it('the window closing publishes a lone review: its author and the person it is about are told once, even by two runs at once', async () => {
    const { bookingId, mobileId } = await deal();
    await review(ctx.people.seller, bookingId, { stars: 4 });
    ctx.app.services.clock.advance(REVIEW_WINDOW_MS);
    // two processes' jobs at once, then another run: one publication, one notice each
    const runs = await Promise.all([
      ctx.app.services.reviews.publishDue(),
      ctx.app.services.reviews.publishDue(),
    ]);
    await ctx.app.services.reviews.publishDue();
    expect(runs.reduce((sum, published) => sum + published, 0)).toBeGreaterThanOrEqual(1);
    const published = (persona: Persona) =>
      told(persona, mobileId).then((items) => items.filter((item) => item.kind === 'review_published'));
    expect((await published(ctx.people.seller)).map((item) => [item.text, item.link])).toEqual([
      [expect.stringMatching(/^Your review for .* is published$/), '/dashboard/myBuyers'],
    ]);
    expect((await published(ctx.people.buyer)).map((item) => [item.text, item.link])).toEqual([
      [expect.stringMatching(/^A review of you for .* is published$/), '/dashboard'],
    ]);
    const row = await ctx.app.db.get<{ published_at: string; window_closes_at: string }>(
      'SELECT published_at, window_closes_at FROM reviews WHERE booking_id = ?',
      [bookingId],
    );
    // published as of the window's closing, the time it became public
    expect(row?.published_at).toBe(row?.window_closes_at);
  });

  it('a review refused (a duplicate) tells nobody', async () => {
    const { bookingId, mobileId } = await deal();
    await review(ctx.people.buyer, bookingId);
    const twice = await as(ctx.people.buyer, 'post', `/api/bookings/${bookingId}/reviews`, { stars: 5 });
    expect(twice.status).toBe(409);
    expect((await told(ctx.people.seller, mobileId)).map((item) => item.kind)).toEqual(['review_received']);
  });
});

describe('ratings', () => {
  it('agree exactly with the published, not hidden rows, before and after a hide', async () => {
    const seller = ctx.people.otherSeller;
    const sellerId = await idOf(seller);
    const buyers = await Promise.all(
      ['Rater One', 'Rater Two', 'Rater Three'].map((name) => newBuyer(ctx.app, name)),
    );
    const written: Review[] = [];
    for (const [index, stars] of [5, 4, 1].entries()) {
      const { bookingId } = await deal({ buyer: buyers[index], seller });
      written.push(await review(buyers[index]!, bookingId, { stars }));
      await review(seller, bookingId, { stars: 5 });
    }
    const fromRows = async () => {
      const items = (await sellerReviews(sellerId)).items;
      const sum = items.reduce((total, item) => total + item.stars, 0);
      return {
        average: items.length ? Math.round((sum / items.length) * 100) / 100 : null,
        count: items.length,
      };
    };
    expect((await profile(sellerId)).rating).toEqual(await fromRows());
    expect((await profile(sellerId)).rating).toEqual({ average: 3.33, count: 3 });
    const hidden = await as(ctx.people.admin, 'post', `/api/reviews/${written[2]!._id}/hide`, {
      reason: 'Abuse',
    });
    expect(hidden.status).toBe(200);
    expect((await profile(sellerId)).rating).toEqual({ average: 4.5, count: 2 });
    expect((await profile(sellerId)).rating).toEqual(await fromRows());
    expect((await profile(sellerId)).completedDeals).toBe(3);
  });

  it('the stored rating (cards, search) equals a recount of the published rows after a second review, the clock and a hide', async () => {
    const seller = await newSeller(ctx.app, 'Stored Rating Seller');
    const sellerId = await idOf(seller);
    const buyers = await Promise.all(
      ['Stored A', 'Stored B', 'Stored C'].map((name) => newBuyer(ctx.app, name)),
    );
    const stored = async () =>
      (await ctx.app.db.get<{ total: number; n: number }>(
        'SELECT stars_total AS total, review_count AS n FROM seller_ratings WHERE seller_id = ?',
        [sellerId],
      )) ?? { total: 0, n: 0 };
    const recount = async () => {
      const row = await ctx.app.db.get<{ total: number | null; n: number }>(
        `SELECT SUM(stars) AS total, COUNT(*) AS n FROM reviews WHERE subject_id = ? AND about = 'seller'
         AND published_at IS NOT NULL AND hidden_at IS NULL`,
        [sellerId],
      );
      return { total: Number(row?.total ?? 0), n: Number(row?.n ?? 0) };
    };
    const agree = async (expected: { total: number; n: number }) => {
      const figures = await stored();
      expect({ total: Number(figures.total), n: Number(figures.n) }).toEqual(await recount());
      expect(await recount()).toEqual(expected);
    };
    await agree({ total: 0, n: 0 });
    const deals = [];
    for (const buyer of buyers) deals.push((await deal({ buyer, seller })).bookingId);
    // a lone review counts nowhere yet (blind); the second review publishes both
    const first = await review(buyers[0]!, deals[0]!, { stars: 5 });
    await agree({ total: 0, n: 0 });
    await review(seller, deals[0]!, { stars: 3 });
    await agree({ total: 5, n: 1 });
    // the seller's review of the buyer is about a buyer: not in the seller's rating
    await review(buyers[1]!, deals[1]!, { stars: 2 });
    await review(buyers[2]!, deals[2]!, { stars: 4 });
    await agree({ total: 5, n: 1 });
    // the window closes on the deal clock: the job publishes the two lone reviews
    ctx.app.services.clock.advance(REVIEW_WINDOW_MS);
    await ctx.app.services.reviews.publishDue();
    await agree({ total: 11, n: 3 });
    // a hide takes one out; hiding it again changes nothing
    for (const time of [1, 2]) {
      const hidden = await as(ctx.people.admin, 'post', `/api/reviews/${first._id}/hide`, {
        reason: `Abuse ${time}`,
      });
      expect(hidden.status).toBe(200);
      await agree({ total: 6, n: 2 });
    }
    // the author of a counted review deleted: their reviews leave the rating with them
    const leaving = await idOf(buyers[2]!);
    expect((await as(ctx.people.admin, 'delete', `/api/users/${leaving}`)).status).toBe(200);
    await agree({ total: 2, n: 1 });
  });

  it("a buyer's record is for the booking's seller and admins only, and counts the sellers' published reviews", async () => {
    const buyer = await newBuyer(ctx.app, 'Recorded Buyer');
    const { bookingId } = await deal({ buyer });
    await review(ctx.people.seller, bookingId, { stars: 2 });
    const path = `/api/bookings/${bookingId}/buyer-record`;
    // Blind until the buyer writes theirs.
    expect((await as(ctx.people.seller, 'get', path)).body).toEqual({
      rating: { average: null, count: 0 },
      completedDeals: 1,
    });
    await review(buyer, bookingId, { stars: 5 });
    expect((await as(ctx.people.seller, 'get', path)).body).toEqual({
      rating: { average: 2, count: 1 },
      completedDeals: 1,
    });
    expect((await as(ctx.people.admin, 'get', path)).status).toBe(200);
    expect((await as(ctx.people.otherSeller, 'get', path)).status).toBe(403);
    expect((await as(buyer, 'get', path)).status).toBe(403);
    expect((await as(null, 'get', path)).status).toBe(401);
  });
});

describe('bad input', () => {
  it.each([
    ['no stars', {}],
    ['zero stars', { stars: 0 }],
    ['six stars', { stars: 6 }],
    ['negative', { stars: -1 }],
    ['a fraction', { stars: 3.5 }],
    ['huge', { stars: 1e308 }],
    ['a string', { stars: '5' }],
    ['text too long', { stars: 5, text: 'x'.repeat(REVIEW_TEXT_MAX + 1) }],
    ['an extra field', { stars: 5, authorId: 'u-demo-admin' }],
    ['a server-owned field', { stars: 5, published: true }],
  ])('a review with %s is a 400 in the Error shape', async (_name, body) => {
    const { bookingId } = await sharedDeal();
    const response = await as(ctx.people.buyer, 'post', `/api/bookings/${bookingId}/reviews`, body);
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
  });

  it('odd ids: unknown is 404, malformed is 400', async () => {
    expect((await as(ctx.people.buyer, 'post', '/api/bookings/b-nope/reviews', { stars: 5 })).status).toBe(
      404,
    );
    expect((await as(ctx.people.seller, 'post', '/api/reviews/rv-nope/reply', { text: 'Hi' })).status).toBe(
      404,
    );
    expect((await as(ctx.people.admin, 'post', '/api/reviews/rv-nope/hide', { reason: 'abc' })).status).toBe(
      404,
    );
    const long = 'x'.repeat(65);
    expect((await as(null, 'get', `/api/sellers/${long}/profile`)).status).toBe(400);
    expect((await as(null, 'get', `/api/sellers/${demoAccounts.seller._id}/reviews?page=0`)).status).toBe(
      400,
    );
    expect(
      (await as(null, 'get', `/api/sellers/${demoAccounts.seller._id}/reviews?pageSize=101`)).status,
    ).toBe(400);
    const empty = await as(ctx.people.seller, 'post', '/api/reviews/rv-demo-of-seller/reply', {
      text: '   ',
    });
    expect(empty.status).toBe(400);
  });

  it('the longest text is taken, and the database holds the same limits as @recell/api', async () => {
    const { bookingId } = await deal();
    const text = 'é'.repeat(REVIEW_TEXT_MAX);
    expect((await review(ctx.people.buyer, bookingId, { stars: REVIEW_STARS_MAX, text })).text).toBe(text);
    for (const engine of ['sqlite', 'postgres']) {
      const sql = readFileSync(
        join(import.meta.dirname, `../src/db/migrations/${engine}/019-reviews.sql`),
        'utf8',
      );
      expect(sql).toContain(`CHECK (stars BETWEEN ${REVIEW_STARS_MIN} AND ${REVIEW_STARS_MAX})`);
      expect(sql).toMatch(new RegExp(`length\\(text\\) <= ${REVIEW_TEXT_MAX}\\)`));
    }
    const refused = await ctx.app.db
      .run('UPDATE reviews SET stars = ? WHERE booking_id = ?', [REVIEW_STARS_MAX + 1, bookingId])
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isConstraintViolation(refused)).toBe(true);
  });
});

let shared: Promise<{ bookingId: string }> | undefined;
/** One completed deal for the bad-input cases (none of them writes). */
const sharedDeal = () => (shared ??= deal());
