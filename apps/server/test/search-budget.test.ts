// A search's reads share one budget (SEARCH_BUDGET_MS): past it a read is stopped (SQLite interrupts
// it on its read connection, PostgreSQL cancels it through statement_timeout), or not started if it is still
// waiting for a connection, and the search answers a 503 that says what to do: never a 500, never a wait behind
// runaway reads. The next request is served as ever. Writes, and the reads of a transaction, are never stopped.
import { describe, expect, it } from 'vitest';
import { ReadTooSlow, type Database } from '../src/db/database';
import { BUDGET_CONNECTIONS } from '../src/db/postgres';
import { DEFAULT_READERS } from '../src/db/sqlite';
import { SEARCH_TOO_SLOW } from '../src/modules/catalogue/service';
import { call, useServer } from './support/harness';
import { insertListings } from './support/listings';

// Started with a budget of 1 ms, from the environment as a deployment sets it.
const ctx = useServer({ SEARCH_BUDGET_MS: '1' });

// A read that takes half a second or more on either engine (two million rows counted).
const SLOW = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000000)
  SELECT COUNT(*) AS c FROM n`;

/**
 * Every connection a budgeted read runs on, busy for half a second or more, as runaway searches (under a budget
 * long enough) would keep them: SQLite's read connections, PostgreSQL's connections for budgeted reads.
 */
function occupy(db: Database) {
  const busy =
    db.engine === 'postgres'
      ? Array.from({ length: BUDGET_CONNECTIONS }, () =>
          db.withinBudget(60_000, () => db.all('SELECT pg_sleep(1) IS NULL AS slept')),
        )
      : Array.from({ length: DEFAULT_READERS }, () => db.withinBudget(60_000, () => db.all(SLOW)));
  return Promise.all(busy);
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the search budget', () => {
  it('answers a search past its budget with a 503 that says what to do, and serves the next requests', async () => {
    expect(ctx.app.config.searchBudgetMs).toBe(1);
    // 10,000 listings the words match and the storage filter drops: read one by one in price order (100 ms or
    // more on SQLite; several ms on PostgreSQL).
    await insertListings(ctx.app.db, 10_000);
    const heavy = '/api/mobiles?q=bulk&storage=128&sort=price_asc';
    const search = (path: string) => call(ctx.app.server, 'get', path, { token: ctx.people.buyer.token });

    const stopped = await search(heavy);
    expect(stopped.status).toBe(503);
    expect(stopped.body).toEqual({ message: SEARCH_TOO_SLOW });

    // What is not a search is served as ever, by the same connections.
    expect((await call(ctx.app.server, 'get', '/api/categorymobiles')).status).toBe(200);
    expect((await call(ctx.app.server, 'get', '/api/mobile/m-bulk-7')).status).toBe(200);

    // With the default budget (the setting is read at each search) the same search is answered in full.
    ctx.app.config.searchBudgetMs = 2000;
    const served = await search(heavy);
    expect(served.status, JSON.stringify(served.body)).toBe(200);
    expect(served.body).toMatchObject({ items: [], total: 0 });
    const newest = await search('/api/mobiles/01?minPrice=100&sort=newest');
    expect(newest.status).toBe(200);
    expect((newest.body as { items: unknown[] }).items).toHaveLength(20);
  });

  it('stops a read at its budget, then reads in full on the same connections', async () => {
    const { db } = ctx.app;
    const started = Date.now();
    await expect(db.withinBudget(100, () => db.all(SLOW))).rejects.toBeInstanceOf(ReadTooSlow);
    expect(Date.now() - started).toBeLessThan(1000);
    const reads = await Promise.all(
      Array.from({ length: 6 }, () =>
        db.withinBudget(5000, () => db.get<{ one: number }>('SELECT 1 AS one')),
      ),
    );
    expect(reads).toEqual(Array(6).fill({ one: 1 }));
  });

  it('gives up on a read still waiting for a connection at its budget, and stops none of the reads ahead', async () => {
    const { db } = ctx.app;
    const busy = occupy(db);
    await later(100);
    const started = Date.now();
    await expect(db.withinBudget(100, () => db.all('SELECT 1 AS one'))).rejects.toBeInstanceOf(ReadTooSlow);
    // At its budget, not once the reads ahead of it end.
    expect(Date.now() - started).toBeLessThan(400);
    expect((await busy).length).toBeGreaterThan(0);
    expect(await db.withinBudget(1000, () => db.all('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
  });

  it('never stops a write, or the reads of a transaction, however long past the budget', async () => {
    const { db } = ctx.app;
    const name = `Budget blog ${Date.now()}`;
    await db.withinBudget(1, async () => {
      await later(20);
      await db.run('INSERT INTO blogs (id, title, details, position) VALUES (?, ?, ?, ?)', [
        name,
        name,
        'Written after the budget ran out',
        999,
      ]);
      await db.transaction(async () => {
        await later(20);
        expect(await db.get('SELECT title FROM blogs WHERE id = ?', [name])).toEqual({ title: name });
      });
    });
    expect(await db.get('SELECT title FROM blogs WHERE id = ?', [name])).toEqual({ title: name });
  });
});
