// The price guide: 20 deals through the real flow, some that must not count (cancelled, declined,
// expired, walked away, never paid, one person on both sides, older than 90 days), and every figure of
// GET /price-guide/{modelKey} checked against a reference computed here from the raw list of captured prices.
import { demoAccounts } from '@recell/api/fixtures';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { book, completedDeal, createListing, heldDeal } from './support/fixtures';
import { call, newBuyer, newSeller, useServer, type Persona } from './support/harness';

const ctx = useServer();
const DAY = 24 * 60 * 60 * 1000;
const KEY = 'apple-iphone-12';

interface Sale {
  storageGb?: number;
  condition: 'Excellent' | 'Good' | 'Fair';
  /** dollars */
  price: number;
  at: string;
}

// The reference, written apart from @recell/api's rules: sort, then interpolate between the two nearest.
function quantile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! * (1 - (rank - below)) + sorted[above]! * (rank - below);
}
const cents = (dollars: number) => Math.round(dollars * 100);
function figures(prices: number[]) {
  if (prices.length < 5) return { count: prices.length };
  const inCents = prices.map(cents);
  const at = (p: number) => Math.round(quantile(inCents, p)) / 100;
  return { count: prices.length, median: at(0.5), p25: at(0.25), p75: at(0.75) };
}

const guide = (key: string) => call(ctx.app.server, 'get', `/api/price-guide/${key}`, { token: null });

describe('the price guide', () => {
  let seller: Persona;
  let buyers: Persona[];
  const counted: Sale[] = [];
  const bookingIds: string[] = [];

  const listingOf = (sale: Omit<Sale, 'at'>, named = true) =>
    createListing(ctx.app.server, seller.token, {
      title: 'Apple iPhone 12',
      ...(named ? { modelKey: KEY } : {}),
      ...(sale.storageGb === undefined ? {} : { storageGb: sale.storageGb }),
      condition: sale.condition,
      resale_price: sale.price,
      stock: 1,
    });
  const completedAt = async (bookingId: string) => {
    const row = await ctx.app.db.get<{ status: string; completed_at: string }>(
      'SELECT status, completed_at FROM bookings WHERE id = ?',
      [bookingId],
    );
    expect(row?.status).toBe('completed');
    return row!.completed_at;
  };
  /** A deal completed with the buyer's code; it counts. */
  async function sold(sale: Omit<Sale, 'at'>, buyer: Persona, named = true) {
    const mobileId = await listingOf(sale, named);
    const deal = await completedDeal(ctx.app.server, { buyer: buyer.token, seller: seller.token }, mobileId);
    bookingIds.push(deal.bookingId);
    counted.push({ ...sale, at: await completedAt(deal.bookingId) });
    return deal;
  }

  /** The guide of KEY as of `now` by the reference, from the counted deals' raw prices. */
  function reference(now: Date) {
    const since = now.getTime() - 90 * DAY;
    const recent = counted.filter((sale) => Date.parse(sale.at) >= since);
    const rangeKeys = [
      [128, 'Good'],
      [256, 'Excellent'],
      [64, 'Good'],
      [undefined, 'Fair'],
    ] as const;
    const ranges = rangeKeys
      .map(([storageGb, condition]) => ({
        ...(storageGb === undefined ? {} : { storageGb }),
        condition,
        ...figures(
          recent
            .filter((sale) => sale.storageGb === storageGb && sale.condition === condition)
            .map((sale) => sale.price),
        ),
      }))
      .filter((range) => range.count > 0)
      .sort((a, b) => (a.storageGb ?? 1e9) - (b.storageGb ?? 1e9));
    const months = Array.from({ length: 12 }, (_, i) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
    );
    const history = months.map((month) => {
      const prices = counted.filter((sale) => sale.at.startsWith(month)).map((sale) => sale.price);
      const { count, median } = figures(prices) as { count: number; median?: number };
      return median === undefined ? { month, count } : { month, count, median };
    });
    return {
      recent,
      body: {
        model: { key: KEY, brand: '03', name: 'iPhone 12', title: 'Apple iPhone 12' },
        windowDays: 90,
        minDeals: 5,
        overall: figures(recent.map((sale) => sale.price)),
        ranges,
        history,
      },
    };
  }
  /** A model's guide as price_guides keeps it (migration 033), or undefined. */
  async function kept(key: string) {
    const row = await ctx.app.db.get<{ guide: string; computed_at: string; fresh_until: string }>(
      'SELECT guide, computed_at, fresh_until FROM price_guides WHERE model_key = ?',
      [key],
    );
    return row && { ...row, guide: JSON.parse(row.guide) as { overall: { count: number } } };
  }

  it("shows the demo's captured prices (the seed's fixtures)", async () => {
    const demo = await guide('samsung-galaxy-s21');
    expect(demo.status, JSON.stringify(demo.body)).toBe(200);
    expect(demo.body.model).toEqual({
      key: 'samsung-galaxy-s21',
      brand: '02',
      name: 'Galaxy S21',
      title: 'Samsung Galaxy S21',
    });
    expect(demo.body.ranges).toEqual([
      expect.objectContaining({ storageGb: 128, condition: 'Good', count: 14 }),
      { storageGb: 256, condition: 'Excellent', count: 3 },
    ]);
    const good = demo.body.ranges[0];
    expect(good.p25).toBeGreaterThanOrEqual(380);
    expect(good.p75).toBeLessThanOrEqual(420);
    expect(demo.headers['cache-control']).toBe('public, max-age=60');
  });

  it('counts 20 deals as the reference says: captured prices of the last 90 days, one person never', async () => {
    seller = await newSeller(ctx.app, 'Guide Seller');
    buyers = await Promise.all([1, 2, 3].map((n) => newBuyer(ctx.app, `Guide Buyer ${n}`)));
    const buyer = (i: number) => buyers[i % buyers.length]!;
    const clock = ctx.app.services.clock;

    // 2 deals, then 100 days pass: in the history, not in the 90 days
    await sold({ storageGb: 128, condition: 'Good', price: 300 }, buyer(0));
    await sold({ storageGb: 128, condition: 'Good', price: 310 }, buyer(1));
    clock.advance(100 * DAY);

    // 128 GB Good: 7 (one completed by the processor's own capture), 256 GB Excellent: 3, no storage Fair: 1
    const goods = [400, 410, 385, 420, 399.5, 430];
    for (const [i, price] of goods.entries())
      await sold({ storageGb: 128, condition: 'Good', price }, buyer(i));
    {
      const mobileId = await listingOf({ storageGb: 128, condition: 'Good', price: 405 });
      const deal = await heldDeal(ctx.app.server, buyer(2).token, mobileId);
      expect(await ctx.app.services.deal.captured(deal.transaction)).toBe(true);
      bookingIds.push(deal.bookingId);
      counted.push({ storageGb: 128, condition: 'Good', price: 405, at: await completedAt(deal.bookingId) });
    }
    for (const [i, price] of [520, 505, 530].entries())
      await sold({ storageGb: 256, condition: 'Excellent', price }, buyer(i));
    await sold({ condition: 'Fair', price: 250 }, buyer(0));
    // a listing that names no model: its title "Apple iPhone 12" is the key
    await sold({ storageGb: 64, condition: 'Good', price: 350 }, buyer(1), false);

    // 6 that never count
    const listed = () => listingOf({ storageGb: 128, condition: 'Good', price: 100 });
    const cancelled = await heldDeal(ctx.app.server, buyer(0).token, await listed());
    expect(
      (
        await call(ctx.app.server, 'post', `/api/bookings/${cancelled.bookingId}/cancel`, {
          token: buyer(0).token,
        })
      ).body.status,
    ).toBe('cancelled');
    const declined = await heldDeal(ctx.app.server, buyer(1).token, await listed());
    expect(
      (
        await call(ctx.app.server, 'post', `/api/bookings/${declined.bookingId}/decline`, {
          token: seller.token,
        })
      ).body.status,
    ).toBe('declined');
    const walked = await heldDeal(ctx.app.server, buyer(2).token, await listed());
    const walkedAway = await call(
      ctx.app.server,
      'post',
      `/api/bookings/${walked.bookingId}/not-as-described`,
      {
        token: buyer(2).token,
        body: { reason: 'The screen is cracked' },
      },
    );
    expect(walkedAway.body.status).toBe('cancelled');
    const unpaid = await book(ctx.app.server, buyer(0).token, await listed());
    // One person on both sides. Booking one's own listing is refused (403), and a verified number belongs to one
    // account at a time (users_by_phone), so the pair is made as it could only come about: a held deal whose
    // buyer account turns out to be the seller's. It completes with the buyer's code, and is kept but not counted.
    const own = await heldDeal(ctx.app.server, buyer(2).token, await listed());
    await ctx.app.db.run('UPDATE bookings SET buyer_email = ? WHERE id = ?', [seller.email, own.bookingId]);
    const ownDone = await call(ctx.app.server, 'post', `/api/bookings/${own.bookingId}/handover`, {
      token: seller.token,
      body: { code: own.code },
    });
    expect(ownDone.body.status).toBe('completed');
    const expiring = await heldDeal(ctx.app.server, buyer(1).token, await listed());
    clock.advance((ctx.app.config.holdWindowHours + 1) * 60 * 60 * 1000);
    expect(await ctx.app.services.deal.expireDue()).toBeGreaterThanOrEqual(1);
    const status = async (id: string) =>
      (await ctx.app.db.get<{ status: string }>('SELECT status FROM bookings WHERE id = ?', [id]))!.status;
    expect(await status(expiring.bookingId)).toBe('expired');
    expect(await status(unpaid)).toBe('unpaid');
    expect(counted).toHaveLength(14);

    // kept with why, not counted
    const ownRow = await ctx.app.db.get<{ counts: number; not_counted: string }>(
      'SELECT counts, not_counted FROM price_captures WHERE booking_id = ?',
      [own.bookingId],
    );
    expect(ownRow).toEqual({ counts: 0, not_counted: 'same_person' });
    const ended = [cancelled.bookingId, declined.bookingId, walked.bookingId, unpaid, expiring.bookingId];
    const endedRows = await ctx.app.db.all(
      `SELECT booking_id FROM price_captures WHERE booking_id IN (${ended.map(() => '?').join(', ')})`,
      ended,
    );
    expect(endedRows).toEqual([]);

    // the reference
    const now = clock.now();
    const { recent, body } = reference(now);
    expect(recent).toHaveLength(12);
    const read = await guide(KEY);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toEqual(body);
    const { history } = body;
    // the figures are the ones a person would work out: 7 Good 128 GB deals, the 4th of them sorted
    expect(read.body.ranges[1]).toMatchObject({ storageGb: 128, condition: 'Good', count: 7, median: 405 });
    expect(history.reduce((sum, month) => sum + month.count, 0)).toBe(14);
  });

  it('counts a deal once however often its completion is retried', async () => {
    const before = (await guide(KEY)).body.overall.count as number;
    const bookingId = bookingIds.at(-1)!;
    await ctx.app.services.prices.captured(bookingId);
    const again = await call(ctx.app.server, 'post', `/api/bookings/${bookingId}/handover`, {
      token: seller.token,
      body: { code: '000000' },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    const rows = await ctx.app.db.get<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM price_captures WHERE booking_id = ?',
      [bookingId],
    );
    expect(Number(rows!.n)).toBe(1);
    expect((await guide(KEY)).body.overall.count).toBe(before);
  });

  it('names a key the catalogue lacks by its latest capture, and 404s a key with neither', async () => {
    const other = await newBuyer(ctx.app, 'Guide Buyer 4');
    const mobileId = await createListing(ctx.app.server, seller.token, {
      title: 'Apple iPhone Prototype X',
      condition: 'Fair',
      resale_price: 999,
      stock: 1,
    });
    await completedDeal(ctx.app.server, { buyer: other.token, seller: seller.token }, mobileId);
    const read = await guide('apple-iphone-prototype-x');
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.model).toEqual({
      key: 'apple-iphone-prototype-x',
      brand: '03',
      name: 'Apple iPhone Prototype X',
      title: 'Apple iPhone Prototype X',
    });
    expect(read.body.overall).toEqual({ count: 1 });
    expect(read.body.ranges).toEqual([{ condition: 'Fair', count: 1 }]);

    const unknown = await guide('nokia-3310-never-sold');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['cache-control']).toBeUndefined();
    // a catalogue model nothing sold of: every count 0
    const empty = await guide('apple-iphone-11');
    expect(empty.status).toBe(200);
    expect(empty.body.overall).toEqual({ count: 0 });
    expect(empty.body.ranges).toEqual([]);
    expect(empty.body.history).toHaveLength(12);
  });

  it('refuses odd keys with a 400 (and a path that steps out of it with the 404 of every such path)', async () => {
    for (const key of [
      'Samsung-Galaxy-S21',
      'a'.repeat(81),
      'samsung--galaxy',
      '-s21',
      'a%20b',
      'x.y',
      '%2E%2Ex',
    ]) {
      const read = await guide(key);
      expect(read.status, key).toBe(400);
      expect(read.body.message, key).toEqual(expect.stringContaining('modelKey'));
    }
    expect((await guide('a'.repeat(80))).status).toBe(404);
    // dot segments and encoded slashes never reach an operation (http/canonical-path.ts)
    for (const key of ['..%2Fx', '%2E%2E%2Fx', '..']) {
      const read = await request(ctx.app.server).get(`/api/price-guide/${key}`);
      expect(read.status, key).toBe(404);
    }
  });

  it('takes no writes: GET is its only method', async () => {
    const raw = request(ctx.app.server);
    const agent = (method: 'post' | 'put' | 'patch' | 'delete', path: string) => raw[method](path);
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      // not in the contract, so sent raw (call() checks answers against the contract)
      const write = await agent(method, `/api/price-guide/${KEY}`)
        .set('authorization', `Bearer ${ctx.people.admin.token}`)
        .send({ overall: { count: 99 } });
      expect([404, 405], method).toContain(write.status);
    }
    expect((await guide(KEY)).body.overall.count).toBe(12);
  });

  it('is public: a visitor and the demo buyer read the same guide', async () => {
    const visitor = await guide(KEY);
    const signedIn = await call(ctx.app.server, 'get', `/api/price-guide/${KEY}`, {
      token: ctx.people.buyer.token,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual(visitor.body);
    expect(demoAccounts.buyer.email).toBe(ctx.people.buyer.email);
  });

  it('keeps each guide computed: a completed deal changes the kept guide at once', async () => {
    const other = 'apple-iphone-13';
    const before = await guide(other);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    // the read kept what it answered
    expect((await kept(other))?.guide).toEqual(before.body);
    const buyer = await newBuyer(ctx.app, 'Guide Buyer 5');
    const mobileId = await createListing(ctx.app.server, seller.token, {
      title: 'Apple iPhone 13',
      modelKey: other,
      storageGb: 128,
      condition: 'Excellent',
      resale_price: 610,
      stock: 1,
    });
    await completedDeal(ctx.app.server, { buyer: buyer.token, seller: seller.token }, mobileId);
    // no read since: the completing transaction kept the new guide
    const after = await kept(other);
    expect(after?.guide.overall.count).toBe((before.body.overall.count as number) + 1);
    const read = await guide(other);
    expect(read.body).toEqual(after?.guide);
    expect(read.body.overall.count).toBe((before.body.overall.count as number) + 1);
  });

  it('computes a kept guide again once the deal clock passes the first moment its figures change', async () => {
    const clock = ctx.app.services.clock;
    const read = () => ctx.app.services.prices.priceGuide(KEY);
    expect(await read()).toEqual(reference(clock.now()).body);
    let row = (await kept(KEY))!;
    // it holds until the 90 days' oldest deal turns older, or the next month begins (the history's months)
    {
      const now = clock.now();
      const oldest = Math.min(...reference(now).recent.map((sale) => Date.parse(sale.at)));
      const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
      expect(row.fresh_until).toBe(new Date(Math.min(oldest + 90 * DAY + 1, nextMonth)).toISOString());
    }
    // step by step to where the 90 days hold none of the deals: each kept guide is right until its last moment,
    // and the first read after it computes the next (the one computed "yesterday" on the deal clock is not kept)
    let steps = 0;
    while (row.guide.overall.count > 0) {
      steps += 1;
      expect(steps).toBeLessThan(40);
      const freshUntil = Date.parse(row.fresh_until);
      // 5 s before (when it is further off than 10 s: some deals completed seconds apart): the kept guide, as
      // the reference says
      if (freshUntil - clock.now().getTime() > 10_000) {
        clock.advance(freshUntil - 5_000 - clock.now().getTime());
        const late = await read();
        expect(late).toEqual(row.guide);
        expect(late).toEqual(reference(clock.now()).body);
        expect((await kept(KEY))?.computed_at).toBe(row.computed_at);
      }
      // then past it: computed again, kept, and different
      const left = freshUntil - clock.now().getTime();
      if (left > 0) clock.advance(left);
      const next = await read();
      expect(next).toEqual(reference(clock.now()).body);
      expect(next).not.toEqual(row.guide);
      const again = (await kept(KEY))!;
      expect(again.guide).toEqual(next);
      expect(Date.parse(again.computed_at)).toBeGreaterThanOrEqual(freshUntil);
      row = again;
    }
    // 12 deals left the 90 days, one at a time or a few at once, and months passed between
    expect(steps).toBeGreaterThanOrEqual(2);
    expect((await guide(KEY)).body.overall).toEqual({ count: 0 });
  });

  it("migration 032's backfill keeps the deals of listings with a model key as the completing transaction did", async () => {
    const columns = `id, booking_id, source, model_key, category_id, title, storage_gb, condition, price_cents,
      captured_at, counts, not_counted`;
    const live = await ctx.app.db.all(
      `SELECT ${columns} FROM price_captures WHERE source = 'deal' AND model_key = ? ORDER BY id`,
      [KEY],
    );
    await ctx.app.db.run("DELETE FROM price_captures WHERE source = 'deal'");
    const migration = readFileSync(
      join(import.meta.dirname, '..', 'src', 'db', 'migrations', ctx.app.db.engine, '032-price-guide.sql'),
      'utf8',
    );
    await ctx.app.db.exec(migration.slice(migration.indexOf('INSERT INTO price_captures')));
    const backfilled = await ctx.app.db.all(
      `SELECT ${columns} FROM price_captures WHERE source = 'deal' AND model_key = ? ORDER BY id`,
      [KEY],
    );
    // the deal of the listing that named no model is the server's to key (its title), not SQL's
    expect(live).toHaveLength(backfilled.length + 1);
    expect(backfilled).toHaveLength(14);
    expect(live.filter((row) => (row as { storage_gb: number | null }).storage_gb !== 64)).toEqual(
      backfilled,
    );
  });
});
