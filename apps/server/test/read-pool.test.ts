// Reads run beside each other and beside the writer (a pool of read-only connections in WAL), while a
// transaction still reads its own uncommitted rows and nobody else sees them before COMMIT.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
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
});
