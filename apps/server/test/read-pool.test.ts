// Reads run beside each other and beside the writer (a pool of read-only connections in WAL), while a
// transaction still reads its own uncommitted rows and nobody else sees them before COMMIT. A read under a
// budget is interrupted on its own connection and nothing else is; the read connections plan with the
// statistics the writer gathers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadTooSlow, type Database } from '../src/db/database';
import { openDatabase } from '../src/db/sqlite';

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recell-pool-'));
  db = await openDatabase(join(dir, 'pool.sqlite'));
  await db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

// A read that keeps its connection busy for a while (a few million rows counted).
const SLOW = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000)
  SELECT COUNT(*) AS c FROM n`;

describe('the read pool', () => {
  it('answers a quick read while a slow read is still running', async () => {
    const finished: string[] = [];
    const slow = db.all(SLOW).then(() => finished.push('slow'));
    // Give the slow read a head start on its connection.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const quick = db.get('SELECT 1 AS one').then(() => finished.push('quick'));
    await Promise.all([slow, quick]);
    expect(finished).toEqual(['quick', 'slow']);
  });

  it('a transaction reads its own uncommitted rows; other reads see them only after COMMIT', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let insideSaw: unknown;
    const transaction = db.transaction(async () => {
      await db.run("INSERT INTO t (id, v) VALUES (1, 'new')");
      insideSaw = await db.get('SELECT v FROM t WHERE id = 1');
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await db.get('SELECT v FROM t WHERE id = 1')).toBeUndefined();
    release();
    await transaction;
    expect(insideSaw).toEqual({ v: 'new' });
    expect(await db.get('SELECT v FROM t WHERE id = 1')).toEqual({ v: 'new' });
  });

  it('the read connections cannot write', async () => {
    // A write through a read path (a mistake in a repository) fails instead of bypassing the write lock.
    await expect(db.all("INSERT INTO t (id, v) VALUES (2, 'sneaky') RETURNING id")).rejects.toThrow(
      /readonly|read-only|query_only/i,
    );
    expect(await db.get('SELECT COUNT(*) AS n FROM t')).toEqual({ n: 0 });
  });

  it('interrupts a read past its budget, and the connection then answers the next read in full', async () => {
    const started = Date.now();
    await expect(db.withinBudget(50, () => db.all(SLOW))).rejects.toBeInstanceOf(ReadTooSlow);
    expect(Date.now() - started).toBeLessThan(1000);
    // Every read connection answers, the interrupted one too, and a slow read with budget enough runs to its end.
    expect(await Promise.all([1, 2, 3].map(() => db.get('SELECT 1 AS one')))).toEqual([
      { one: 1 },
      { one: 1 },
      { one: 1 },
    ]);
    expect(await db.withinBudget(60_000, () => db.get(SLOW))).toEqual({ c: 3000000 });
  });

  it('a read whose budget runs out while it waits for its connection is not started, and stops no other', async () => {
    const single = await openDatabase(join(dir, 'pool.sqlite'), { readers: 1 });
    try {
      const slow = single.get(SLOW);
      await new Promise((resolve) => setTimeout(resolve, 5));
      // Behind the slow read on the one read connection: its budget is spent before its turn.
      await expect(single.withinBudget(20, () => single.get('SELECT 1 AS one'))).rejects.toBeInstanceOf(
        ReadTooSlow,
      );
      // The read it waited behind, which has no budget, was not interrupted.
      expect(await slow).toEqual({ c: 3000000 });
    } finally {
      await single.close();
    }
  });

  it('never stops a write, or the reads of a transaction, whatever the budget', async () => {
    const spent = () => new Promise((resolve) => setTimeout(resolve, 10));
    await db.withinBudget(1, async () => {
      await spent();
      await db.run("INSERT INTO t (id, v) VALUES (3, 'written')");
      await db.transaction(async () => {
        await spent();
        expect(await db.get('SELECT v FROM t WHERE id = 3')).toEqual({ v: 'written' });
      });
    });
    expect(await db.get('SELECT v FROM t WHERE id = 3')).toEqual({ v: 'written' });
  });

  it('plans with the statistics optimize gathers, on every read connection', async () => {
    await db.exec(`CREATE TABLE s (id INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER NOT NULL);
      CREATE INDEX s_by_a ON s (a); CREATE INDEX s_by_b ON s (b); INSERT INTO s VALUES (1, 1, 1);`);
    expect(await db.optimize()).toContain('"main"."s"');
    // Grown from 1 row to 5,000: the statistics say 1, and the planner would scan the table for `a = 1`.
    await db.run(`WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
      INSERT INTO s (id, a, b) SELECT i, i, i % 2 FROM n`);
    expect(await db.optimize()).toEqual(['"main"."s"']);
    expect(await db.optimize()).toEqual([]);
    // Each read connection's next read loads the new statistics (an EXPLAIN alone reads no schema).
    await Promise.all([1, 2, 3].map(() => db.all('SELECT COUNT(*) AS n FROM s')));
    let asked = 0;
    const plans = await Promise.all(
      [1, 2, 3].map(() =>
        db.get<{ detail: string }>(
          `EXPLAIN QUERY PLAN SELECT id FROM s WHERE a = ? AND b = ? -- ${++asked}`,
          [1, 1],
        ),
      ),
    );
    expect(plans.map((plan) => plan?.detail)).toEqual(Array(3).fill('SEARCH s USING INDEX s_by_a (a=?)'));
  });
});
