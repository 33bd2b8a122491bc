// Money is never taken without a record: a write that fails after the charge refunds it at once, and
// reconciliation (at start and on a schedule) settles or refunds every charge a crash left with no payment row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { demoAccounts } from '@recell/api/fixtures';
import { startJobs } from '../src/jobs';
import { startChildServer, type ChildServer } from './support/child-server';
import { book, confirm, createListing, intentFor } from './support/fixtures';
import { startFakeStripe } from './support/fake-stripe';
import { verifiedAccount } from './support/accounts';
import { call, personas, startApp, testDatabase, useServer, type TestApp } from './support/harness';

const ctx = useServer();

const row = <T>(app: TestApp, sql: string, params: string[]) => app.db.get<T>(sql, params);
const intentStatus = async (app: TestApp, id: string) =>
  (await row<{ status: string }>(app, 'SELECT status FROM test_intents WHERE id = ?', [id]))?.status;
const bookingState = async (app: TestApp, id: string) =>
  row<{ status: string; stock: number; payments: number }>(
    app,
    `SELECT b.status, m.stock, (SELECT COUNT(*) FROM payments p WHERE p.booking_id = b.id) AS payments
     FROM bookings b JOIN mobiles m ON m.id = b.mobile_id WHERE b.id = ?`,
    [id],
  );

/** A booking of a fresh listing and its intent, not yet confirmed. */
async function unpaid(stock = 2) {
  const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock });
  const bookingId = await book(ctx.app.server, ctx.people.buyer.token, mobileId);
  const intent = await intentFor(ctx.app.server, ctx.people.buyer.token, bookingId);
  return { mobileId, bookingId, intent };
}

/** What a crash between the processor's authorization and the hold's write leaves: money held and no row. */
const chargedButNotRecorded = (intentId: string) =>
  ctx.app.db.run("UPDATE test_intents SET status = 'requires_capture' WHERE id = ?", [intentId]);

describe('a failed write after the charge', () => {
  it('refunds the charge at once and answers 503, with nothing half-written', async () => {
    const { bookingId, intent } = await unpaid(2);
    await ctx.app.db.exec(
      ctx.app.db.engine === 'sqlite'
        ? "CREATE TRIGGER fail_payment BEFORE INSERT ON payments BEGIN SELECT RAISE(ABORT, 'disk says no'); END"
        : `CREATE FUNCTION disk_says_no() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE 'disk says no'; END $$;
           CREATE TRIGGER fail_payment BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION disk_says_no();`,
    );
    try {
      const response = await confirm(ctx.app.server, ctx.people.buyer.token, intent);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        message: 'Your payment could not be recorded, so it was refunded. Please try again.',
        code: 'refunded',
      });
    } finally {
      await ctx.app.db.exec(
        ctx.app.db.engine === 'sqlite'
          ? 'DROP TRIGGER fail_payment'
          : 'DROP TRIGGER fail_payment ON payments',
      );
    }
    expect(await intentStatus(ctx.app, intent.id)).toBe('canceled');
    // The transaction rolled back whole: not held, stock as it was, no row.
    expect(await bookingState(ctx.app, bookingId)).toEqual({ status: 'unpaid', stock: 2, payments: 0 });
    // A refunded intent can never be recorded afterwards.
    const late = await call(ctx.app.server, 'post', '/api/payments', {
      token: ctx.people.buyer.token,
      body: { bookingId, transaction: intent.id },
    });
    expect(late.status).toBe(402);
    expect((await ctx.app.services.payments.reconcile()).checked).toBe(0);
  });
});

describe('reconciliation', () => {
  it('records a charge a crash left unrecorded, once however often it runs', async () => {
    const { bookingId, intent } = await unpaid(2);
    await chargedButNotRecorded(intent.id);
    expect(await bookingState(ctx.app, bookingId)).toEqual({ status: 'unpaid', stock: 2, payments: 0 });

    const first = await ctx.app.services.payments.reconcile();
    expect(first).toMatchObject({ checked: 1, settled: 1, refunded: 0 });
    expect(await bookingState(ctx.app, bookingId)).toEqual({ status: 'held', stock: 1, payments: 1 });
    expect(await ctx.app.services.payments.reconcile()).toMatchObject({
      checked: 0,
      settled: 0,
      refunded: 0,
    });
    expect(await bookingState(ctx.app, bookingId)).toEqual({ status: 'held', stock: 1, payments: 1 });
  });

  it('refunds an unrecorded charge whose phone sold to someone else meanwhile', async () => {
    const { mobileId, bookingId, intent } = await unpaid(1);
    await chargedButNotRecorded(intent.id);
    // Another buyer takes the last unit properly.
    const rival = await book(ctx.app.server, ctx.people.admin.token, mobileId);
    const rivalIntent = await intentFor(ctx.app.server, ctx.people.admin.token, rival);
    expect((await confirm(ctx.app.server, ctx.people.admin.token, rivalIntent)).status).toBe(200);

    expect(await ctx.app.services.payments.reconcile()).toMatchObject({
      checked: 1,
      settled: 0,
      refunded: 1,
    });
    expect(await intentStatus(ctx.app, intent.id)).toBe('canceled');
    expect(await bookingState(ctx.app, bookingId)).toEqual({ status: 'unpaid', stock: 0, payments: 0 });
  });

  it('runs at start-up (the jobs a server starts)', async () => {
    const { bookingId, intent } = await unpaid(3);
    await chargedButNotRecorded(intent.id);
    const jobs = startJobs(ctx.app.services, ctx.app.db, pino({ level: 'silent' }));
    try {
      await jobs.started;
    } finally {
      jobs.stop();
    }
    expect(await bookingState(ctx.app, bookingId)).toEqual({ status: 'held', stock: 2, payments: 1 });
  });
});

describe('reconciliation with Stripe', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let app: TestApp;
  let people: Awaited<ReturnType<typeof personas>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startApp({ STRIPE_SECRET_KEY: 'sk_test_recell_fake', STRIPE_API_BASE: fake.url });
    people = await personas(app);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  async function succeeded(stock: number) {
    const mobileId = await createListing(app.server, people.seller.token, { stock });
    const bookingId = await book(app.server, people.buyer.token, mobileId);
    const intent = await intentFor(app.server, people.buyer.token, bookingId);
    // The browser confirmed with Stripe.js (an authorization), then the tab closed and no webhook came.
    fake.authorize(intent.id);
    return { mobileId, bookingId, intentId: intent.id };
  }

  it('holds a Stripe authorization that neither the browser nor a webhook reported', async () => {
    const { bookingId } = await succeeded(2);
    expect(await app.services.payments.reconcile()).toMatchObject({ checked: 1, settled: 1, refunded: 0 });
    expect(await bookingState(app, bookingId)).toEqual({ status: 'held', stock: 1, payments: 1 });
    expect(
      fake.requests.some((entry) => entry.method === 'GET' && entry.path === '/v1/payment_intents'),
    ).toBe(true);
  });

  it('never holds a voided authorization, even when stock comes back', async () => {
    const { mobileId, bookingId, intentId } = await succeeded(1);
    await app.db.run('UPDATE mobiles SET stock = 0 WHERE id = ?', [mobileId]);
    expect(await app.services.payments.reconcile()).toMatchObject({ checked: 1, settled: 0, refunded: 1 });
    expect(fake.intents.get(intentId)?.status).toBe('canceled');

    await app.db.run('UPDATE mobiles SET stock = 5 WHERE id = ?', [mobileId]);
    expect(await app.services.payments.reconcile()).toMatchObject({ checked: 0, settled: 0, refunded: 0 });
    const late = await call(app.server, 'post', '/api/payments', {
      token: people.buyer.token,
      body: { bookingId, transaction: intentId },
    });
    expect(late.status).toBe(402);
    expect(await bookingState(app, bookingId)).toEqual({ status: 'unpaid', stock: 5, payments: 0 });
  });
});

describe('a server killed between the charge and the payment row', () => {
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

  it('records the hold when it starts again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'recell-reconcile-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await testDatabase();
    onTestFinished(() => database.drop());
    const idToken = await verifiedAccount(ctx.app, demoAccounts.buyer);
    const first = await startChildServer(dataDir, database.env);
    onTestFinished(() => stop(first));
    const token = String((await api(first, '/jwt', idToken)).body.accessToken);
    const booked = await api(first, '/bookings', token, { mobileId: 'm-apple-iphone-13' });
    const bookingId = String(booked.body.insertedId);
    const intent = await api(first, '/create-payment-intent', token, { bookingId });
    expect(intent.status).toBe(200);
    await stop(first);

    // What the crash left: the processor authorized the card, no payment row was written.
    const db = await database.open(dataDir);
    await db.run("UPDATE test_intents SET status = 'requires_capture' WHERE id = ?", [
      String(intent.body.id),
    ]);
    await db.close();

    const second = await startChildServer(dataDir, database.env);
    onTestFinished(() => stop(second));
    await expect
      .poll(async () => (await api(second, `/bookings/${bookingId}`, token)).body.status, { timeout: 10_000 })
      .toBe('held');
    // Two server starts (a child process each): more than the default 30 s on a loaded machine.
  }, 90_000);
});
