// Four server processes on one PostgreSQL database, as the load-balanced setup runs them: they start at once
// (migrations applied once), and the races the single SQLite process settled with its write lock are settled
// by the database across processes. Runs on the postgres project only.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrate';
import { useProcesses } from './support/processes';
import { book, confirm, createListing, intentFor } from './support/fixtures';
import { signUpAccount, uniqueEmail } from './support/accounts';
import { call, exchange, giveVerifiedPhone } from './support/harness';

const PROCESSES = 4;
const processes = useProcesses(PROCESSES, { RATE_LIMIT_REPORTS: '10000' });
const { dirs } = processes;

const url = processes.url;

/** A new signed-up account of this role, signed in through process `index`. */
async function account(role: 'buyer' | 'seller', index: number) {
  const email = uniqueEmail(`${role}-${index}`);
  const idToken = await signUpAccount(email, 'scale-out-pw');
  const signedUp = await call(url(index), 'post', '/api/usersall', {
    token: idToken,
    body: { name: `${role} ${index}`, role },
  });
  expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
  // a seller lists phones only with a verified number
  if (role === 'seller') {
    const db = await processes.database.open(dirs[0]!);
    try {
      await giveVerifiedPhone(db, email);
    } finally {
      await db.close();
    }
  }
  return exchange(url(index), idToken);
}

describe(`${PROCESSES} server processes on one PostgreSQL database`, () => {
  it('start at once and apply every migration exactly once', async () => {
    const db = await processes.database.open(dirs[0]!);
    try {
      const applied = await db.all<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(applied.map((row) => row.version)).toEqual(migrations('postgres').map((m) => m.version));
    } finally {
      await db.close();
    }
  });

  it('read cache: once a write through one process has returned, no other process serves what it replaced', async () => {
    const seller = await account('seller', 0);
    const buyer = await account('buyer', 1);
    const mobileId = await createListing(url(0), seller, { title: 'Cached phone 0' });
    const title = async (index: number) => {
      const response = await call(url(index), 'get', `/api/mobile/${mobileId}`, { token: buyer });
      expect(response.status).toBe(200);
      return response.body as { title: string; advertised: boolean };
    };
    expect((await title(1)).title).toBe('Cached phone 0');
    // The cache is on: a change made behind the servers' backs (no write through them) is not seen...
    const behind = new pg.Client({ connectionString: processes.database.env.DATABASE_URL });
    await behind.connect();
    try {
      await behind.query('UPDATE mobiles SET title = $1 WHERE id = $2', [
        'Changed behind its back',
        mobileId,
      ]);
    } finally {
      await behind.end();
    }
    expect((await title(1)).title).toBe('Cached phone 0');
    // ...and every write through any process is seen by every other the moment it has returned: an edit (a
    // transaction) and advertising (a single statement), each read right after through the other processes.
    for (let round = 1; round <= 12; round += 1) {
      const edited = await call(url(round), 'patch', `/api/mobile/${mobileId}`, {
        token: seller,
        body: { title: `Cached phone ${round}` },
      });
      expect(edited.status).toBe(200);
      for (const reader of [round + 1, round + 2, round + 3]) {
        expect((await title(reader)).title, `round ${round}, process ${reader % PROCESSES}`).toBe(
          `Cached phone ${round}`,
        );
      }
    }
    expect((await title(2)).advertised).toBe(false);
    const advertised = await call(url(1), 'post', '/api/advertise', { token: seller, body: { mobileId } });
    expect(advertised.status).toBe(200);
    for (const reader of [0, 2, 3]) expect((await title(reader)).advertised).toBe(true);
  });

  it('50 buyers for the last unit, spread over every process: exactly 1 sale, and nobody else is charged', async () => {
    const seller = await account('seller', 0);
    const mobileId = await createListing(url(0), seller, { stock: 1, resale_price: 300 });
    // Each buyer signs up, books and opens the payment form through one process...
    const carts = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const token = await account('buyer', index);
        const bookingId = await book(url(index), token, mobileId);
        return { index, token, bookingId, intent: await intentFor(url(index), token, bookingId) };
      }),
    );
    // ...then all of them pay at the same moment, each through the next process.
    const outcomes = await Promise.all(
      carts.map(async ({ index, token, bookingId, intent }) => {
        const confirmed = await confirm(url(index + 1), token, intent);
        if (confirmed.status !== 200) return { recorded: 0, body: confirmed.body as unknown };
        const recorded = await call(url(index + 2), 'post', '/api/payments', {
          token,
          body: { bookingId, transaction: intent.id },
        });
        return { recorded: recorded.status, body: recorded.body as unknown };
      }),
    );
    expect(
      outcomes.filter((outcome) => outcome.recorded === 201),
      JSON.stringify(outcomes.slice(0, 5)),
    ).toHaveLength(1);
    for (const outcome of outcomes.filter((candidate) => candidate.recorded !== 201)) {
      // Told it is sold: before the card was charged, or after, with the authorization voided.
      expect(outcome.body).toMatchObject({ code: 'sold_out' });
    }

    const db = await processes.database.open(dirs[0]!);
    try {
      expect(await db.get('SELECT stock FROM mobiles WHERE id = ?', [mobileId])).toEqual({ stock: 0 });
      const bookings = await db.all<{ status: string }>('SELECT status FROM bookings WHERE mobile_id = ?', [
        mobileId,
      ]);
      expect(bookings).toHaveLength(50);
      expect(bookings.filter((row) => row.status === 'held')).toHaveLength(1);
      expect(bookings.filter((row) => row.status !== 'unpaid' && row.status !== 'held')).toHaveLength(0);
      const ids = carts.map((cart) => cart.intent.id);
      const intents = await db.all<{ status: string }>(
        `SELECT status FROM test_intents WHERE id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      // Money: one authorization held for the one sale; every other voided or never authorized; none captured.
      expect(intents).toHaveLength(50);
      expect(intents.filter((row) => row.status === 'requires_capture')).toHaveLength(1);
      expect(
        intents.every((row) =>
          ['requires_capture', 'canceled', 'requires_payment_method'].includes(row.status),
        ),
      ).toBe(true);
      expect(
        await db.get<{ n: number }>(
          'SELECT COUNT(*) AS n FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.mobile_id = ?',
          [mobileId],
        ),
      ).toEqual({ n: 1 });
    } finally {
      await db.close();
    }
  }, 180_000);
});
