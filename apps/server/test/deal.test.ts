// The safe deal against real SQLite and the real Auth emulator: the hold, the handover code, walking
// away, expiry on a controlled clock, the races between them, and Stripe's webhooks through the local fake.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  dealRefusals,
  DEFAULT_HOLD_WINDOW_HOURS,
  HANDOVER_ATTEMPTS,
  MAX_HOLD_WINDOW_HOURS,
  type DealRefusal,
} from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import { createServices } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/sqlite';
import { HttpError } from '../src/http/errors';
import { startChildServer, type ChildServer } from './support/child-server';
import { book, createListing, heldDeal, intentFor } from './support/fixtures';
import { startFakeStripe } from './support/fake-stripe';
import { emulatorHost, verifiedAccount } from './support/accounts';
import { call, expectContract, personas, startApp, useServer, type TestApp } from './support/harness';

const HOUR = 60 * 60 * 1000;
/** n, n - 1, ..., 0: the attempts left after each wrong code. */
const countdown = (n: number) => Array.from({ length: n + 1 }, (_, index) => n - index);
/** A refusal of the rulebook as the contract's Error body (its HTTP status is the answer's). */
const errorBody = ({ status: _status, ...body }: DealRefusal) => body;
const ctx = useServer();

const stockOf = async (app: TestApp, mobileId: string) =>
  (await app.db.get<{ stock: number }>('SELECT stock FROM mobiles WHERE id = ?', [mobileId]))?.stock;
const intentStatus = async (app: TestApp, id: string) =>
  (await app.db.get<{ status: string }>('SELECT status FROM test_intents WHERE id = ?', [id]))?.status;
const paymentStatus = async (app: TestApp, transaction: string) =>
  (
    await app.db.get<{ status: string }>('SELECT status FROM payments WHERE transaction_id = ?', [
      transaction,
    ])
  )?.status;

const as = (who: 'buyer' | 'otherBuyer' | 'seller' | 'otherSeller' | 'admin') => ctx.people[who].token;
const read = (bookingId: string, who: Parameters<typeof as>[0] = 'buyer') =>
  call(ctx.app.server, 'get', `/api/bookings/${bookingId}`, { token: as(who) });
const handover = (bookingId: string, code: string, who: Parameters<typeof as>[0] = 'seller') =>
  call(ctx.app.server, 'post', `/api/bookings/${bookingId}/handover`, { token: as(who), body: { code } });
const cancel = (bookingId: string, who: Parameters<typeof as>[0] = 'buyer') =>
  call(ctx.app.server, 'post', `/api/bookings/${bookingId}/cancel`, { token: as(who) });
const decline = (bookingId: string, who: Parameters<typeof as>[0] = 'seller') =>
  call(ctx.app.server, 'post', `/api/bookings/${bookingId}/decline`, { token: as(who) });
const notAsDescribed = (bookingId: string, reason = 'The IMEI does not match the box') =>
  call(ctx.app.server, 'post', `/api/bookings/${bookingId}/not-as-described`, {
    token: as('buyer'),
    body: { reason },
  });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

/** A fresh listing of the demo seller with `stock` units and the buyer's held deal on it. */
async function held(stock = 2) {
  const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock });
  return { mobileId, ...(await heldDeal(ctx.app.server, ctx.people.buyer.token, mobileId)) };
}

describe('the hold', () => {
  it('authorizes without capturing, reserves one unit, and shows the code to the buyer only', async () => {
    const deal = await held(2);
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(1);
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('requires_capture');
    expect(await paymentStatus(ctx.app, deal.transaction)).toBe('held');
    const mine = (await read(deal.bookingId)).body;
    expect(mine).toMatchObject({
      status: 'held',
      paid: false,
      transaction: deal.transaction,
      handoverAttemptsLeft: HANDOVER_ATTEMPTS,
      handoverLocked: false,
    });
    expect(mine.handoverCode).toMatch(/^[0-9]{6}$/);
    // The default window: 120 hours from the hold.
    expect(Date.parse(mine.holdExpiresAt) - Date.parse(mine.heldAt)).toBe(120 * HOUR);
    const orders = await call(ctx.app.server, 'get', `/api/bookings?email=${demoAccounts.buyer.email}`, {
      token: as('buyer'),
    });
    const listed = (orders.body.items as { _id: string; handoverCode?: string }[]).find(
      (item) => item._id === deal.bookingId,
    );
    expect(listed?.handoverCode).toBe(deal.code);
    // Never to the seller's board, nor to an admin reading the booking.
    const board = await call(
      ctx.app.server,
      'get',
      `/api/mybuyers?email=${demoAccounts.seller.email}&pageSize=100`,
      {
        token: as('seller'),
      },
    );
    const onBoard = (board.body.items as { _id: string }[]).find((item) => item._id === deal.bookingId);
    expect(onBoard).toMatchObject({ status: 'held', handoverAttemptsLeft: HANDOVER_ATTEMPTS });
    expect(onBoard).not.toHaveProperty('handoverCode');
    expect((await read(deal.bookingId, 'admin')).body).not.toHaveProperty('handoverCode');
    // The code is derived, never stored.
    const row = await ctx.app.db.get<Record<string, unknown>>('SELECT * FROM bookings WHERE id = ?', [
      deal.bookingId,
    ]);
    expect(Object.values(row ?? {})).not.toContain(deal.code);
  });
});

describe("the seller's board", () => {
  it('leads with held deals, then the newest bookings', async () => {
    const deal = await held(2);
    // a newer booking that is only booked, not held
    const newer = await book(
      ctx.app.server,
      as('otherBuyer'),
      await createListing(ctx.app.server, as('seller')),
    );
    const board = await call(
      ctx.app.server,
      'get',
      `/api/mybuyers?email=${demoAccounts.seller.email}&pageSize=100`,
      { token: as('seller') },
    );
    const items = board.body.items as { _id: string; status: string }[];
    const statuses = items.map((item) => item.status);
    expect(statuses).toContain('held');
    expect(statuses).toContain('unpaid');
    // every held deal before any deal in another state
    expect(statuses.slice(statuses.findIndex((status) => status !== 'held'))).not.toContain('held');
    expect(statuses[0]).toBe('held');
    const ids = items.map((item) => item._id);
    expect(ids.indexOf(deal.bookingId)).toBeLessThan(ids.indexOf(newer));
  });
});

describe('the handover', () => {
  it('captures with the right code: complete, paid, the unit stays sold, earnings count it', async () => {
    const before = (
      await call(ctx.app.server, 'get', `/api/earnings?email=${demoAccounts.seller.email}`, {
        token: as('seller'),
      })
    ).body;
    const deal = await held(2);
    const during = (
      await call(ctx.app.server, 'get', `/api/earnings?email=${demoAccounts.seller.email}`, {
        token: as('seller'),
      })
    ).body;
    expect(during.heldCount).toBe(before.heldCount + 1);
    expect(during.heldCents).toBe(before.heldCents + 70000);
    // Only the listing's seller (or an admin) enters it; the others change nothing.
    expect((await handover(deal.bookingId, deal.code, 'buyer')).status).toBe(403);
    expect((await handover(deal.bookingId, deal.code, 'otherSeller')).status).toBe(403);
    const done = await handover(deal.bookingId, deal.code);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', paid: true, cancelled: false });
    expect(done.body).not.toHaveProperty('handoverCode');
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('succeeded');
    expect(await paymentStatus(ctx.app, deal.transaction)).toBe('captured');
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(1);
    expect((await read(deal.bookingId)).body).toMatchObject({ status: 'completed', paid: true });
    const after = (
      await call(ctx.app.server, 'get', `/api/earnings?email=${demoAccounts.seller.email}`, {
        token: as('seller'),
      })
    ).body;
    expect(after).toMatchObject({
      completedCount: before.completedCount + 1,
      completedCents: before.completedCents + 70000,
      heldCount: before.heldCount,
      heldCents: before.heldCents,
      // the seller's money waits through the claim window (payouts-module.test.ts follows it out)
      pendingCents: before.pendingCents + 70000,
    });
    // Once: again, or walking away now, is refused and changes nothing.
    expect((await handover(deal.bookingId, deal.code)).body).toMatchObject({ code: 'already_paid' });
    expect((await cancel(deal.bookingId)).status).toBe(409);
    expect((await decline(deal.bookingId)).status).toBe(409);
    expect((await notAsDescribed(deal.bookingId)).status).toBe(409);
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('succeeded');
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(1);
  });

  it('refuses a wrong code with the attempts left, and locks after the last attempt: both sides see it', async () => {
    const deal = await held(2);
    const first = await handover(deal.bookingId, wrong(deal.code));
    expect(first.status).toBe(422);
    expect(first.body).toEqual(errorBody(dealRefusals.wrongCode(HANDOVER_ATTEMPTS - 1)));
    expect(first.body).toMatchObject({
      code: 'wrong_code',
      details: { attemptsLeft: HANDOVER_ATTEMPTS - 1 },
    });
    // Someone else's wrong codes are refused before they count.
    expect((await handover(deal.bookingId, wrong(deal.code), 'otherSeller')).status).toBe(403);
    expect((await read(deal.bookingId)).body.handoverAttemptsLeft).toBe(HANDOVER_ATTEMPTS - 1);
    const left = [];
    for (let attempt = 1; attempt < HANDOVER_ATTEMPTS; attempt += 1) {
      left.push((await handover(deal.bookingId, wrong(deal.code))).body.details.attemptsLeft);
    }
    expect(left).toEqual(countdown(HANDOVER_ATTEMPTS - 2));
    // Locked: even the right code is refused now, and the money stays held.
    const locked = await handover(deal.bookingId, deal.code);
    expect(locked.status).toBe(409);
    expect(locked.body).toEqual(errorBody(dealRefusals.handoverLocked()));
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('requires_capture');
    const buyerSees = (await read(deal.bookingId)).body;
    expect(buyerSees).toMatchObject({ status: 'held', handoverLocked: true, handoverAttemptsLeft: 0 });
    expect(buyerSees).not.toHaveProperty('handoverCode');
    const board = await call(
      ctx.app.server,
      'get',
      `/api/mybuyers?email=${demoAccounts.seller.email}&pageSize=100`,
      {
        token: as('seller'),
      },
    );
    expect((board.body.items as { _id: string }[]).find((item) => item._id === deal.bookingId)).toMatchObject(
      {
        handoverLocked: true,
      },
    );
    // The buyer can still walk away: voided, the unit back.
    expect((await cancel(deal.bookingId)).body).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer' });
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('canceled');
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(2);
  });

  it('wrong codes racing lock it exactly once, never past 0', async () => {
    const deal = await held(2);
    const answers = await Promise.all(
      Array.from({ length: HANDOVER_ATTEMPTS + 3 }, () => handover(deal.bookingId, wrong(deal.code))),
    );
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(HANDOVER_ATTEMPTS);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect(
      answers
        .filter((answer) => answer.status === 422)
        .map((answer) => answer.body.details.attemptsLeft)
        .sort((a, b) => a - b),
    ).toEqual(countdown(HANDOVER_ATTEMPTS - 1).reverse());
    // An admin resolves a locked deal by declining it.
    expect((await decline(deal.bookingId, 'admin')).body).toMatchObject({
      status: 'declined',
      cancelled: true,
    });
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(2);
  });
});

describe('walking away', () => {
  it('the buyer cancels a held deal: voided, the unit back, once however often', async () => {
    const deal = await held(2);
    expect((await cancel(deal.bookingId, 'otherBuyer')).status).toBe(403);
    expect((await cancel(deal.bookingId, 'admin')).status).toBe(403);
    const answers = await Promise.all([
      cancel(deal.bookingId),
      cancel(deal.bookingId),
      cancel(deal.bookingId),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[0]?.body).toMatchObject({ status: 'cancelled', cancelled: true, cancelledBy: 'buyer' });
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(2);
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('canceled');
    expect(await paymentStatus(ctx.app, deal.transaction)).toBe('voided');
    expect((await handover(deal.bookingId, deal.code)).body).toMatchObject({ code: 'not_held' });
  });

  it('not as described: voided, the unit back, one report filed for moderation', async () => {
    const deal = await held(2);
    const [first, second] = await Promise.all([
      notAsDescribed(deal.bookingId),
      notAsDescribed(deal.bookingId),
    ]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect(first?.body).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer', notAsDescribed: true });
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(2);
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('canceled');
    const reports = await ctx.app.db.all<{ reason: string; status: string }>(
      'SELECT reason, status FROM reports WHERE mobile_id = ?',
      [deal.mobileId],
    );
    expect(reports).toEqual([
      { reason: 'Not as described: The IMEI does not match the box', status: 'open' },
    ]);
    // Only a held deal can be walked away from this way.
    const unpaid = await book(ctx.app.server, ctx.people.buyer.token, deal.mobileId);
    expect((await notAsDescribed(unpaid)).body).toMatchObject({ code: 'not_held' });
    expect(
      (
        await call(ctx.app.server, 'post', `/api/bookings/${deal.bookingId}/not-as-described`, {
          token: as('buyer'),
          body: { reason: 'x', extra: 1 },
        })
      ).status,
    ).toBe(400);
  });

  it('the seller declines (a held deal or an unpaid booking): voided, the unit back; the buyer cannot pay', async () => {
    const deal = await held(2);
    expect((await decline(deal.bookingId, 'otherSeller')).status).toBe(403);
    expect((await decline(deal.bookingId, 'buyer')).status).toBe(403);
    const [first, again] = await Promise.all([decline(deal.bookingId), decline(deal.bookingId)]);
    expect([first?.status, again?.status]).toEqual([200, 200]);
    expect(first?.body).toMatchObject({ status: 'declined', cancelled: true });
    expect(first?.body).not.toHaveProperty('cancelledBy');
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(2);
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('canceled');
    expect((await cancel(deal.bookingId)).body).toMatchObject({ code: 'not_held' });

    const unpaid = await book(ctx.app.server, ctx.people.buyer.token, deal.mobileId);
    expect((await decline(unpaid)).body).toMatchObject({ status: 'declined' });
    const intent = await call(ctx.app.server, 'post', '/api/create-payment-intent', {
      token: as('buyer'),
      body: { bookingId: unpaid },
    });
    expect(intent.body).toMatchObject({ code: 'cancelled' });
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(2);
  });
});

describe('expiry, on the controlled clock', () => {
  it('voids a hold once its window passed, idempotently; the code is refused after', async () => {
    const deal = await held(2);
    ctx.app.services.clock.advance(119 * HOUR);
    await ctx.app.services.payments.reconcile();
    expect((await read(deal.bookingId)).body.status).toBe('held');
    ctx.app.services.clock.advance(1 * HOUR);
    const first = await ctx.app.services.payments.reconcile();
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const expired = (await read(deal.bookingId)).body;
    expect(expired).toMatchObject({ status: 'expired', cancelled: true, paid: false });
    expect(expired).not.toHaveProperty('handoverCode');
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(2);
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('canceled');
    expect((await ctx.app.services.payments.reconcile()).expired).toBe(0);
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(2);
    expect((await handover(deal.bookingId, deal.code)).body).toMatchObject({ code: 'expired' });
  });

  it('a code entered after the window, before the job ran, expires the hold instead of capturing', async () => {
    const deal = await held(2);
    ctx.app.services.clock.advance(121 * HOUR);
    const late = await handover(deal.bookingId, deal.code);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'expired' });
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('canceled');
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(2);
  });
});

describe('races: one outcome, and the money and the stock agree with it', () => {
  it('capture racing expiry, decline and cancel', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      const deal = await held(1);
      // Due exactly now on the deal clock: the job and the code meet at the window's edge.
      await ctx.app.db.run('UPDATE bookings SET hold_expires_at = ? WHERE id = ?', [
        new Date(ctx.app.services.clock.now().getTime() + round * 3).toISOString(),
        deal.bookingId,
      ]);
      const [code, , declined, cancelled] = await Promise.all([
        handover(deal.bookingId, deal.code),
        ctx.app.services.payments.reconcile(),
        round % 2 ? decline(deal.bookingId) : Promise.resolve(undefined),
        round % 3 === 0 ? cancel(deal.bookingId) : Promise.resolve(undefined),
      ]);
      const status = (await read(deal.bookingId)).body.status as string;
      outcomes.add(status);
      const stock = await stockOf(ctx.app, deal.mobileId);
      const money = await intentStatus(ctx.app, deal.transaction);
      const successes = [code, declined, cancelled].filter((answer) => answer?.status === 200);
      if (status === 'completed') {
        expect({ stock, money, code: code.status }).toEqual({ stock: 0, money: 'succeeded', code: 200 });
        expect(await paymentStatus(ctx.app, deal.transaction)).toBe('captured');
      } else {
        expect(['expired', 'declined', 'cancelled']).toContain(status);
        expect({ stock, money }).toEqual({ stock: 1, money: 'canceled' });
        expect(code.status).toBe(409);
        expect(await paymentStatus(ctx.app, deal.transaction)).toBe('voided');
      }
      expect(successes.length).toBeLessThanOrEqual(1);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });
});

describe('reconciliation of a decision the processor never heard', () => {
  it('captures a deal the database completed when the process died before the capture', async () => {
    const deal = await held(2);
    // What a kill -9 between the database's decision and the processor call leaves.
    await ctx.app.db.run(
      "UPDATE bookings SET status = 'completed', paid = 1, completed_at = ? WHERE id = ?",
      [new Date().toISOString(), deal.bookingId],
    );
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('requires_capture');
    const result = await ctx.app.services.payments.reconcile();
    expect(result.finished).toBeGreaterThanOrEqual(1);
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('succeeded');
    expect(await paymentStatus(ctx.app, deal.transaction)).toBe('captured');
    expect((await ctx.app.services.payments.reconcile()).finished).toBe(0);
  });

  it('completes a held deal the processor already captured (the crash after the capture)', async () => {
    const deal = await held(2);
    await ctx.app.db.run("UPDATE test_intents SET status = 'succeeded' WHERE id = ?", [deal.transaction]);
    await ctx.app.services.payments.reconcile();
    expect((await read(deal.bookingId)).body).toMatchObject({ status: 'completed', paid: true });
    expect(await paymentStatus(ctx.app, deal.transaction)).toBe('captured');
    expect(await stockOf(ctx.app, deal.mobileId)).toBe(1);
  });

  it('voids the hold of a deal whose listing was taken down', async () => {
    const deal = await held(2);
    const removed = await call(ctx.app.server, 'delete', `/api/mobile/${deal.mobileId}`, {
      token: as('seller'),
    });
    expect(removed.status).toBe(200);
    expect((await read(deal.bookingId)).body).toMatchObject({ status: 'cancelled', cancelledBy: 'listing' });
    await ctx.app.services.payments.reconcile();
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('canceled');
    expect(await paymentStatus(ctx.app, deal.transaction)).toBe('voided');
  });
});

describe('a buyer deleted with a held deal', () => {
  it('ends the deal (the unit back, the hold voided) and keeps it as a record', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 1 });
    const deal = await heldDeal(ctx.app.server, ctx.people.otherBuyer.token, mobileId);
    expect(await stockOf(ctx.app, mobileId)).toBe(0);
    const users = await call(ctx.app.server, 'get', '/api/users?role=buyer&pageSize=100', {
      token: as('admin'),
    });
    const target = (users.body.items as { _id: string; email: string }[]).find(
      (user) => user.email === ctx.people.otherBuyer.email,
    );
    const deleted = await call(ctx.app.server, 'delete', `/api/users/${target?._id}`, { token: as('admin') });
    expect(deleted.status).toBe(200);
    expect(await stockOf(ctx.app, mobileId)).toBe(1);
    expect(
      await ctx.app.db.get('SELECT status, cancelled_by FROM bookings WHERE id = ?', [deal.bookingId]),
    ).toEqual({ status: 'cancelled', cancelled_by: 'buyer' });
    await ctx.app.services.payments.reconcile();
    expect(await intentStatus(ctx.app, deal.transaction)).toBe('canceled');
    expect(await paymentStatus(ctx.app, deal.transaction)).toBe('voided');
  });
});

describe('the window and the demo clock', () => {
  it('HOLD_WINDOW_HOURS: the rulebook default and maximum, anything else refused at start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'recell-window-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const env = { DATA_DIR: dir, DEMO_MODE: '1', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() };
    expect(loadConfig(env).holdWindowHours).toBe(DEFAULT_HOLD_WINDOW_HOURS);
    expect(loadConfig({ ...env, HOLD_WINDOW_HOURS: String(MAX_HOLD_WINDOW_HOURS) }).holdWindowHours).toBe(
      MAX_HOLD_WINDOW_HOURS,
    );
    for (const bad of [String(MAX_HOLD_WINDOW_HOURS + 1), '0', '-1', '2.5', 'ten']) {
      expect(() => loadConfig({ ...env, HOLD_WINDOW_HOURS: bad }), bad).toThrow(/HOLD_WINDOW_HOURS/);
    }
  });

  it('advanceDemoClock is refused (404) outside demo mode', async () => {
    const services = createServices({
      config: { ...ctx.app.config, demoMode: false },
      db: ctx.app.db,
      identity: ctx.app.identity,
      payments: ctx.app.payments,
      logger: (await import('pino')).pino({ level: 'silent' }),
    });
    const admin = { id: 'u-admin', email: demoAccounts.admin.email, name: 'Admin', role: 'admin' as const };
    await expect(services.deal.advanceDemoClock(admin as never, 1)).rejects.toSatisfy(
      (error) => error instanceof HttpError && error.status === 404,
    );
    expect(services.clock.offsetMs).toBe(0);
  });

  it('moves the clock in demo mode (admins only) and runs the expiry job at once', async () => {
    const deal = await held(2);
    const refused = await call(ctx.app.server, 'post', '/api/demo/clock', {
      token: as('buyer'),
      body: { hours: 200 },
    });
    expect(refused.status).toBe(403);
    const moved = await call(ctx.app.server, 'post', '/api/demo/clock', {
      token: as('admin'),
      body: { hours: 121 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.expired).toBeGreaterThanOrEqual(1);
    expect((await read(deal.bookingId)).body.status).toBe('expired');
    expect(
      (await call(ctx.app.server, 'post', '/api/demo/clock', { token: as('admin'), body: { hours: 0 } }))
        .status,
    ).toBe(400);
  });
});

describe('a server killed between the decision and the capture', () => {
  it('captures it when the server starts again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'recell-deal-kill-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const stop = async (server: ChildServer) => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
    };
    const api = async (server: ChildServer, path: string, token: string, body?: object) => {
      const response = await fetch(`${server.url}/api${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const idToken = await verifiedAccount(ctx.app, demoAccounts.buyer);
    const first = await startChildServer(dataDir);
    onTestFinished(() => stop(first));
    const token = String((await api(first, '/jwt', idToken)).body.accessToken);
    const bookingId = String(
      (await api(first, '/bookings', token, { mobileId: 'm-apple-iphone-13' })).body.insertedId,
    );
    const intent = (await api(first, '/create-payment-intent', token, { bookingId })).body;
    const confirmed = await api(
      first,
      `/test-processor/payment-intents/${String(intent.id)}/confirm`,
      token,
      {
        clientSecret: intent.clientSecret,
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' },
        billing_details: { name: 'Ayesha Khan', email: demoAccounts.buyer.email },
      },
    );
    expect(confirmed.body.status).toBe('requires_capture');
    first.child.kill('SIGKILL');
    await stop(first);

    // The database said complete; the kill came before the processor was told.
    const db = await openDatabase(join(dataDir, 'recell.sqlite'));
    await db.run("UPDATE bookings SET status = 'completed', paid = 1, completed_at = ? WHERE id = ?", [
      new Date().toISOString(),
      bookingId,
    ]);
    expect(
      (await db.get<{ status: string }>('SELECT status FROM test_intents WHERE id = ?', [String(intent.id)]))
        ?.status,
    ).toBe('requires_capture');
    await db.close();

    const second = await startChildServer(dataDir);
    onTestFinished(() => stop(second));
    await expect
      .poll(
        async () => {
          const check = await openDatabase(join(dataDir, 'recell.sqlite'));
          try {
            return (
              await check.get<{ status: string }>('SELECT status FROM payments WHERE booking_id = ?', [
                bookingId,
              ])
            )?.status;
          } finally {
            await check.close();
          }
        },
        { timeout: 20_000 },
      )
      .toBe('captured');
    // Two server starts (a child process each): more than the default 30 s on a loaded machine.
  }, 90_000);
});

describe('Stripe: manual capture and webhooks, replayed and out of order', () => {
  const WEBHOOK_SECRET = 'whsec_test_recell_deal';
  const signer = new Stripe('sk_test_only_for_signing');
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let app: TestApp;
  let people: Awaited<ReturnType<typeof personas>>;
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

  let events = 0;
  async function deliver(type: string, intentId: string, eventId = `evt_deal_${(events += 1)}`) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      data: { object: fake.intents.get(intentId) },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const { default: request } = await import('supertest');
    const response = await request(app.server)
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', header)
      .send(payload);
    expectContract('post', '/api/webhooks/stripe', response.status, response.body);
    expect(response.status).toBe(200);
    return eventId;
  }
  const status = async (bookingId: string) =>
    (await app.db.get<{ status: string }>('SELECT status FROM bookings WHERE id = ?', [bookingId]))?.status;
  async function authorized(stock = 2) {
    const mobileId = await createListing(app.server, people.seller.token, { stock });
    const bookingId = await book(app.server, people.buyer.token, mobileId);
    const intent = await intentFor(app.server, people.buyer.token, bookingId);
    fake.authorize(intent.id);
    return { mobileId, bookingId, intentId: intent.id };
  }

  it('holds from the webhook alone, captures at the handover, and replays change nothing', async () => {
    const deal = await authorized();
    const held = await deliver('payment_intent.amount_capturable_updated', deal.intentId);
    expect(await status(deal.bookingId)).toBe('held');
    await deliver('payment_intent.amount_capturable_updated', deal.intentId, held);
    await deliver('payment_intent.amount_capturable_updated', deal.intentId);
    expect(await stockOf(app, deal.mobileId)).toBe(1);
    // the buyer skips their check: the answer shows the code
    const code = (
      await call(app.server, 'post', `/api/bookings/${deal.bookingId}/buyer-check/skip`, {
        token: people.buyer.token,
      })
    ).body.handoverCode as string;
    const done = await call(app.server, 'post', `/api/bookings/${deal.bookingId}/handover`, {
      token: people.seller.token,
      body: { code },
    });
    expect(done.body).toMatchObject({ status: 'completed' });
    expect(fake.intents.get(deal.intentId)?.status).toBe('succeeded');
    expect(
      fake.requests.filter((entry) => entry.path === `/v1/payment_intents/${deal.intentId}/capture`),
    ).toHaveLength(1);
    // Stripe's .succeeded, then a late .amount_capturable_updated: nothing moves.
    await deliver('payment_intent.succeeded', deal.intentId);
    await deliver('payment_intent.amount_capturable_updated', deal.intentId);
    expect(await status(deal.bookingId)).toBe('completed');
    expect(await stockOf(app, deal.mobileId)).toBe(1);
    expect(fake.refunds.map((refund) => refund.paymentIntent)).not.toContain(deal.intentId);
  });

  it('a capture reported before the hold (out of order) completes the deal once', async () => {
    const deal = await authorized();
    fake.succeed(deal.intentId);
    await deliver('payment_intent.succeeded', deal.intentId);
    expect(await status(deal.bookingId)).toBe('completed');
    await deliver('payment_intent.amount_capturable_updated', deal.intentId);
    expect(await status(deal.bookingId)).toBe('completed');
    expect(await stockOf(app, deal.mobileId)).toBe(1);
    expect(
      await app.db.get('SELECT COUNT(*) AS n, MIN(status) AS status FROM payments WHERE booking_id = ?', [
        deal.bookingId,
      ]),
    ).toEqual({ n: 1, status: 'captured' });
  });

  it('a cancel reported before the hold leaves the booking unpaid; a cancel of a held deal ends it', async () => {
    const early = await authorized();
    fake.intents.get(early.intentId)!.status = 'canceled';
    await deliver('payment_intent.canceled', early.intentId);
    await deliver('payment_intent.amount_capturable_updated', early.intentId);
    expect(await status(early.bookingId)).toBe('unpaid');
    expect(await stockOf(app, early.mobileId)).toBe(2);

    const deal = await authorized();
    await deliver('payment_intent.amount_capturable_updated', deal.intentId);
    expect(await stockOf(app, deal.mobileId)).toBe(1);
    // Stripe canceled the authorization itself (its own 7-day limit, or the dashboard).
    fake.intents.get(deal.intentId)!.status = 'canceled';
    const canceled = await deliver('payment_intent.canceled', deal.intentId);
    await deliver('payment_intent.canceled', deal.intentId, canceled);
    await deliver('payment_intent.canceled', deal.intentId);
    expect(await status(deal.bookingId)).toBe('expired');
    expect(await stockOf(app, deal.mobileId)).toBe(2);
  });

  it('walking away cancels the authorization at Stripe; a decided deal is finished when Stripe was down', async () => {
    const deal = await authorized();
    await deliver('payment_intent.amount_capturable_updated', deal.intentId);
    const walked = await call(app.server, 'post', `/api/bookings/${deal.bookingId}/cancel`, {
      token: people.buyer.token,
    });
    expect(walked.body).toMatchObject({ status: 'cancelled' });
    expect(fake.intents.get(deal.intentId)?.status).toBe('canceled');

    // The capture call fails (Stripe unreachable): the deal is complete, the reconciliation captures later.
    const other = await authorized();
    await deliver('payment_intent.amount_capturable_updated', other.intentId);
    // the buyer skips their check: the answer shows the code
    const code = (
      await call(app.server, 'post', `/api/bookings/${other.bookingId}/buyer-check/skip`, {
        token: people.buyer.token,
      })
    ).body.handoverCode as string;
    const intent = fake.intents.get(other.intentId)!;
    intent.status = 'processing'; // the capture endpoint refuses anything but requires_capture
    const done = await call(app.server, 'post', `/api/bookings/${other.bookingId}/handover`, {
      token: people.seller.token,
      body: { code },
    });
    expect(done.body).toMatchObject({ status: 'completed' });
    expect(await paymentStatus(app, other.intentId)).toBe('held');
    intent.status = 'requires_capture';
    await app.services.payments.reconcile();
    expect(intent.status).toBe('succeeded');
    expect(await paymentStatus(app, other.intentId)).toBe('captured');
  });
});
