// Phone truth against the real database (both engines) and the real Auth emulator: the model the TAC
// names (match, mismatch, unknown; an admin's confirmation; a buyer's *#06# at the handover kept as a confirmation,
// learned from only as tac-learning.test.ts says), one
// IMEI one active listing (two sellers racing), a returning phone flagged, the registry, and the re-check at the
// handover that voids a blocked device's hold exactly once even racing expiry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dealRefusals, IMEI_CHECK_REPORTER, imeiRefusals, shippedTac } from '@recell/api';
import { heldDeal, imeiWith, listing } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();
type Who = 'buyer' | 'otherBuyer' | 'seller' | 'otherSeller' | 'admin';
const as = (who: Who) => ctx.people[who].token;

const IPHONE_13 = '00301301'; // a shipped row: Apple iPhone 13 (category 03)
/** A TAC the shipped table does not hold (its real rows start 35 too, so one is drawn again). */
const unknownTac = (): string => {
  const tac = `35${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
  return shippedTac(tac) ? unknownTac() : tac;
};

const publish = (who: Who, overrides: Record<string, unknown>) =>
  call(ctx.app.server, 'post', '/api/mobiles', { token: as(who), body: listing(overrides) });
const read = async (id: string, who: Who | null = 'buyer') =>
  (await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: who ? as(who) : null })).body;
const check = (body: { imei: string; category_id: string; title: string }) =>
  call(ctx.app.server, 'post', '/api/imei-check', { token: as('seller'), body });
const mark = (imei: string, status: 'blocked' | 'clean', reason = 'Reported stolen, police case 2211') =>
  call(ctx.app.server, 'put', `/api/imeis/${imei}/status`, { token: as('admin'), body: { status, reason } });
const refusal = ({ status: _status, ...body }: { status: number; message: string; code: string }) => body;

describe('the IMEI names the model', () => {
  it('match, mismatch and unknown, told to the seller before publishing and to the buyer on the listing', async () => {
    const imei = imeiWith(IPHONE_13);
    const matched = await check({ imei, category_id: '03', title: 'Apple iPhone 13 128 GB' });
    expect(matched.status).toBe(200);
    expect(matched.body.model).toEqual({ outcome: 'match', name: 'Apple iPhone 13' });
    expect(matched.body.device).toMatchObject({ status: 'clean', source: 'recell' });
    expect(Date.parse(matched.body.device.checkedAt)).not.toBeNaN();

    // Another variant of the model is not the model.
    const pro = await check({ imei, category_id: '03', title: 'Apple iPhone 13 Pro' });
    expect(pro.body.model).toEqual({ outcome: 'mismatch', name: 'Apple iPhone 13' });
    const otherBrand = await check({ imei, category_id: '02', title: 'Samsung Galaxy iPhone 13' });
    expect(otherBrand.body.model.outcome).toBe('mismatch');
    const unknown = await check({
      imei: imeiWith(unknownTac()),
      category_id: '03',
      title: 'Apple iPhone 13',
    });
    expect(unknown.body.model).toEqual({ outcome: 'unknown' });

    // Nothing was stored by checking: the same IMEI still publishes.
    const created = await publish('seller', { imei, title: 'Apple iPhone 13', stock: 1 });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    expect((await read(id, null)).imeiCheck.model).toEqual({ outcome: 'match', name: 'Apple iPhone 13' });
    expect((await read(id)).imeiCheck.device).toMatchObject({ status: 'clean', source: 'recell' });
  });

  it('a seller who listed the wrong model corrects the title (or the IMEI) and the outcome follows', async () => {
    const created = await publish('seller', {
      imei: imeiWith(IPHONE_13),
      title: 'Apple iPhone 12',
      stock: 1,
    });
    const id = created.body.insertedId as string;
    expect((await read(id)).imeiCheck.model.outcome).toBe('mismatch');
    const retitled = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: as('seller'),
      body: { title: 'Apple iPhone 13' },
    });
    expect(retitled.status).toBe(200);
    expect(retitled.body.imeiCheck.model).toEqual({ outcome: 'match', name: 'Apple iPhone 13' });
    const reimei = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: as('seller'),
      body: { imei: imeiWith(unknownTac()) },
    });
    expect(reimei.status).toBe(200);
    expect(reimei.body.imeiCheck.model).toEqual({ outcome: 'unknown' });
  });

  it('learns a TAC from a listing an admin confirmed (audited), and listings waiting on it follow', async () => {
    const tac = unknownTac();
    const first = (
      await publish('seller', {
        imei: imeiWith(tac),
        category_id: '02',
        title: 'Samsung Galaxy S24',
        stock: 1,
      })
    ).body.insertedId as string;
    const waiting = (
      await publish('otherSeller', {
        imei: imeiWith(tac),
        category_id: '02',
        title: 'Samsung Galaxy S24 256GB',
        stock: 1,
      })
    ).body.insertedId as string;
    expect((await read(waiting)).imeiCheck.model.outcome).toBe('unknown');

    const refused = await call(ctx.app.server, 'post', `/api/mobile/${first}/imei-model`, {
      token: as('seller'),
    });
    expect(refused.status).toBe(403);
    const confirmed = await call(ctx.app.server, 'post', `/api/mobile/${first}/imei-model`, {
      token: as('admin'),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.model).toEqual({ outcome: 'match', name: 'Samsung Galaxy S24' });
    expect((await read(waiting)).imeiCheck.model).toEqual({ outcome: 'match', name: 'Samsung Galaxy S24' });
    const other = await check({ imei: imeiWith(tac), category_id: '02', title: 'Samsung Galaxy S23' });
    expect(other.body.model).toEqual({ outcome: 'mismatch', name: 'Samsung Galaxy S24' });

    const audit = await call(ctx.app.server, 'get', '/api/audit-log?pageSize=100', { token: as('admin') });
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({
        action: 'imei.confirm-model',
        target: first,
        actorEmail: ctx.people.admin.email,
      }),
    );
  });

  it('keeps a handover where the buyer matched the IMEI on *#06# as a confirmation, which alone teaches nothing', async () => {
    const [confirmedTac, silentTac] = [unknownTac(), unknownTac()];
    for (const [tac, imeiConfirmed] of [
      [confirmedTac, true],
      [silentTac, false],
    ] as const) {
      const imei = imeiWith(tac);
      const id = (
        await publish('seller', {
          imei,
          category_id: '01',
          title: 'Xiaomi 14 Ultra',
          stock: 1,
        })
      ).body.insertedId as string;
      // the buyer types the IMEI from *#06# on their own screen, or skips the check
      const deal = await heldDeal(ctx.app.server, as('buyer'), id, imeiConfirmed ? { imei } : 'skip');
      const done = await call(ctx.app.server, 'post', `/api/bookings/${deal.bookingId}/handover`, {
        token: as('seller'),
        body: { code: deal.code },
      });
      expect(done.status).toBe(200);
    }
    // One pair's word is not enough: 3 separate pairs must agree (tac-learning.test.ts).
    const learned = await check({
      imei: imeiWith(confirmedTac),
      category_id: '01',
      title: 'Xiaomi 14 Ultra',
    });
    expect(learned.body.model).toEqual({ outcome: 'unknown' });
    const kept = (tac: string) => ctx.app.db.all('SELECT id FROM tac_confirmations WHERE tac = ?', [tac]);
    expect(await kept(confirmedTac)).toHaveLength(1);
    expect(await kept(silentTac)).toHaveLength(0);
    const notLearned = await check({
      imei: imeiWith(silentTac),
      category_id: '01',
      title: 'Xiaomi 14 Ultra',
    });
    expect(notLearned.body.model).toEqual({ outcome: 'unknown' });
  });
});

describe('one IMEI, one listing', () => {
  it('refuses a second active listing of the IMEI, from any seller, with a clear sentence', async () => {
    const imei = imeiWith(IPHONE_13);
    expect((await publish('seller', { imei, stock: 1 })).status).toBe(201);
    for (const who of ['otherSeller', 'seller'] as const) {
      const again = await publish(who, { imei, stock: 1 });
      expect(again.status).toBe(409);
      expect(again.body).toEqual(refusal(imeiRefusals.listed));
    }
    // Nor may an edit move another listing onto it.
    const other = (await publish('otherSeller', { imei: imeiWith(IPHONE_13), stock: 1 })).body
      .insertedId as string;
    const moved = await call(ctx.app.server, 'patch', `/api/mobile/${other}`, {
      token: as('otherSeller'),
      body: { imei, title: 'Apple iPhone 13 moved' },
    });
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual(refusal(imeiRefusals.listed));
    expect((await read(other)).title).not.toBe('Apple iPhone 13 moved');
  });

  it('two sellers racing for one IMEI: exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const imei = imeiWith(IPHONE_13);
      const answers = await Promise.all([
        publish('seller', { imei, stock: 1 }),
        publish('otherSeller', { imei, stock: 1 }),
        publish('seller', { imei, stock: 1 }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
      const active = await ctx.app.db.all('SELECT id FROM mobiles WHERE imei = ? AND imei_released = 0', [
        imei,
      ]);
      expect(active).toHaveLength(1);
    }
  });

  it('a phone sold through ReCell may come back from its new holder, and moderation hears of it', async () => {
    const imei = imeiWith(IPHONE_13);
    const sold = (await publish('seller', { imei, stock: 1 })).body.insertedId as string;
    const deal = await heldDeal(ctx.app.server, as('buyer'), sold);
    expect((await publish('otherSeller', { imei, stock: 1 })).status).toBe(409);
    const done = await call(ctx.app.server, 'post', `/api/bookings/${deal.bookingId}/handover`, {
      token: as('seller'),
      body: { code: deal.code },
    });
    expect(done.status).toBe(200);
    const back = await publish('otherSeller', { imei, stock: 1 });
    expect(back.status).toBe(201);
    const reports = await call(ctx.app.server, 'get', '/api/reports?status=open&pageSize=100', {
      token: as('admin'),
    });
    expect(reports.body.items).toContainEqual(
      expect.objectContaining({ mobileId: back.body.insertedId, reporterEmail: IMEI_CHECK_REPORTER }),
    );
    expect(reports.body.items).not.toContainEqual(
      expect.objectContaining({ mobileId: sold, reporterEmail: IMEI_CHECK_REPORTER }),
    );
    // Its new holder's listing holds the IMEI now.
    expect((await publish('seller', { imei, stock: 1 })).status).toBe(409);
  });
});

describe("ReCell's registry, and the admin's IMEI page", () => {
  it('an admin marks an IMEI stolen (audited): its listings say so, and it cannot be listed again', async () => {
    const imei = imeiWith(IPHONE_13);
    const id = (await publish('seller', { imei, stock: 1 })).body.insertedId as string;
    expect((await mark(imei, 'blocked')).status).toBe(200);
    expect((await read(id)).imeiCheck.device).toMatchObject({ status: 'blocked', source: 'recell' });
    const page = await call(ctx.app.server, 'get', `/api/imeis/${imei}`, { token: as('admin') });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      imei,
      tac: IPHONE_13,
      modelName: 'Apple iPhone 13',
      device: { status: 'blocked', source: 'recell' },
      mark: {
        status: 'blocked',
        reason: 'Reported stolen, police case 2211',
        markedBy: ctx.people.admin.email,
      },
      listings: [{ _id: id, sellerEmail: ctx.people.seller.email, active: true }],
    });
    for (const who of ['seller', 'buyer'] as const) {
      expect((await call(ctx.app.server, 'get', `/api/imeis/${imei}`, { token: as(who) })).status).toBe(403);
    }

    const deleted = await call(ctx.app.server, 'delete', `/api/mobile/${id}`, { token: as('seller') });
    expect(deleted.status).toBe(200);
    const again = await publish('otherSeller', { imei, stock: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refusal(imeiRefusals.blockedAtListing));

    expect((await mark(imei, 'clean', 'Found by its owner, police case closed')).status).toBe(200);
    expect((await publish('otherSeller', { imei, stock: 1 })).status).toBe(201);
    const audit = await call(ctx.app.server, 'get', '/api/audit-log?pageSize=100', { token: as('admin') });
    const actions = audit.body.items.filter((entry: { target: string }) => entry.target === imei);
    expect(actions.map((entry: { action: string }) => entry.action)).toEqual(['imei.clear', 'imei.block']);
  });
});

describe('the re-check at the handover', () => {
  afterEach(() => vi.restoreAllMocks());
  const stockOf = async (id: string) =>
    (await ctx.app.db.get<{ stock: number }>('SELECT stock FROM mobiles WHERE id = ?', [id]))?.stock;
  const paymentStatus = async (transaction: string) =>
    (
      await ctx.app.db.get<{ status: string }>('SELECT status FROM payments WHERE transaction_id = ?', [
        transaction,
      ])
    )?.status;

  it('a blocked device voids the hold, takes the listing down for review, and tells both sides', async () => {
    const imei = imeiWith(IPHONE_13);
    const id = (await publish('seller', { imei, stock: 2 })).body.insertedId as string;
    const deal = await heldDeal(ctx.app.server, as('buyer'), id);
    await mark(imei, 'blocked');
    const refused = await call(ctx.app.server, 'post', `/api/bookings/${deal.bookingId}/handover`, {
      token: as('seller'),
      body: { code: deal.code },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(refusal(imeiRefusals.blockedAtHandover));
    const booking = (
      await call(ctx.app.server, 'get', `/api/bookings/${deal.bookingId}`, { token: as('buyer') })
    ).body;
    expect(booking).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'listing',
      deviceBlocked: true,
      paid: false,
    });
    expect(await stockOf(id)).toBe(0);
    expect(await paymentStatus(deal.transaction)).toBe('voided');
    const restock = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: as('seller'),
      body: { stock: 1 },
    });
    expect(restock.status).toBe(409);
    const reports = await call(ctx.app.server, 'get', '/api/reports?status=open&pageSize=100', {
      token: as('admin'),
    });
    expect(reports.body.items).toContainEqual(
      expect.objectContaining({ mobileId: id, reporterEmail: IMEI_CHECK_REPORTER }),
    );
    // Entering the code again is told the deal is over, not voided twice.
    const twice = await call(ctx.app.server, 'post', `/api/bookings/${deal.bookingId}/handover`, {
      token: as('seller'),
      body: { code: deal.code },
    });
    expect(twice.status).toBe(409);
  });

  it('voids the hold exactly once even racing expiry', async () => {
    const release = vi.spyOn(ctx.app.payments, 'release');
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const imei = imeiWith(IPHONE_13);
      const id = (await publish('seller', { imei, stock: 1 })).body.insertedId as string;
      const deal = await heldDeal(ctx.app.server, as('buyer'), id);
      await mark(imei, 'blocked');
      // Due at the window's edge on the deal clock: the expiry job and the code meet.
      await ctx.app.db.run('UPDATE bookings SET hold_expires_at = ? WHERE id = ?', [
        new Date(ctx.app.services.clock.now().getTime() + round * 3).toISOString(),
        deal.bookingId,
      ]);
      release.mockClear();
      const [code] = await Promise.all([
        call(ctx.app.server, 'post', `/api/bookings/${deal.bookingId}/handover`, {
          token: as('seller'),
          body: { code: deal.code },
        }),
        ctx.app.services.payments.reconcile(),
      ]);
      expect(code.status).toBe(409);
      const booking = (
        await call(ctx.app.server, 'get', `/api/bookings/${deal.bookingId}`, { token: as('buyer') })
      ).body;
      outcomes.add(booking.status);
      if (booking.deviceBlocked) {
        expect(booking.status).toBe('cancelled');
        expect(code.body).toEqual(refusal(imeiRefusals.blockedAtHandover));
        expect(await stockOf(id)).toBe(0);
      } else {
        expect(booking.status).toBe('expired');
        expect(code.body).toEqual(refusal(dealRefusals.notHeld('expired')));
      }
      expect(release.mock.calls.filter(([transaction]) => transaction === deal.transaction)).toHaveLength(1);
      expect(await paymentStatus(deal.transaction)).toBe('voided');
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it('leaves a void on its way to the processor alone: the reconciliation does not send it again', async () => {
    const imei = imeiWith(IPHONE_13);
    const id = (await publish('seller', { imei, stock: 1 })).body.insertedId as string;
    const deal = await heldDeal(ctx.app.server, as('buyer'), id);
    await mark(imei, 'blocked');
    // the handover's void waits at the processor, its decision committed, until the gate opens
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const original = ctx.app.payments.release.bind(ctx.app.payments);
    const release = vi.spyOn(ctx.app.payments, 'release').mockImplementationOnce(async (transaction) => {
      await gate;
      return original(transaction);
    });
    const handover = call(ctx.app.server, 'post', `/api/bookings/${deal.bookingId}/handover`, {
      token: as('seller'),
      body: { code: deal.code },
    });
    await vi.waitFor(() => expect(release).toHaveBeenCalledTimes(1));
    // the deal reads cancelled and its payment still held: what a void that failed leaves, but this one is not over
    await ctx.app.services.payments.reconcile();
    expect(release).toHaveBeenCalledTimes(1);
    open();
    expect((await handover).status).toBe(409);
    expect(release.mock.calls.filter(([transaction]) => transaction === deal.transaction)).toHaveLength(1);
    expect(await paymentStatus(deal.transaction)).toBe('voided');
  });
});

describe('an upheld stolen-device report', () => {
  it("adds the listing's IMEI to the registry in the reporter's words; a dismissed one does not", async () => {
    const [upheld, dismissed] = [imeiWith(IPHONE_13), imeiWith(IPHONE_13)];
    for (const [imei, action] of [
      [upheld, 'remove-listing'],
      [dismissed, 'dismiss'],
    ] as const) {
      const id = (await publish('seller', { imei, stock: 1 })).body.insertedId as string;
      const filed = await call(ctx.app.server, 'post', '/api/report', {
        token: as('buyer'),
        body: { mobileId: id, Report: 'This phone was stolen from me last week' },
      });
      expect(filed.status).toBe(201);
      const resolved = await call(ctx.app.server, 'post', `/api/reports/${filed.body.insertedId}/resolve`, {
        token: as('admin'),
        body: { action },
      });
      expect(resolved.status).toBe(200);
    }
    const page = (imei: string) => call(ctx.app.server, 'get', `/api/imeis/${imei}`, { token: as('admin') });
    expect((await page(upheld)).body).toMatchObject({
      device: { status: 'blocked', source: 'recell' },
      mark: {
        status: 'blocked',
        reason: 'Upheld report: This phone was stolen from me last week',
        markedBy: ctx.people.buyer.email,
      },
    });
    expect((await page(dismissed)).body.device.status).toBe('clean');
    expect((await page(dismissed)).body).not.toHaveProperty('mark');
  });
});
