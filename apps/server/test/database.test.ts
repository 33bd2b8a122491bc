// The database layer: versioned migrations, an idempotent seed from the fixtures, all-or-nothing transactions
// under the one connection's write lock, and a read cache that never answers older than the last write.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blogs, categories, mobiles, users } from '@recell/api/fixtures';
import type { Database } from '../src/db/database';
import { openDatabase } from '../src/db/sqlite';
import { migrate, migrations } from '../src/db/migrate';
import { seed } from '../src/db/seed';

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recell-db-'));
  db = await openDatabase(join(dir, 'test.sqlite'));
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (table: string) => (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n;

describe('database', () => {
  it('runs WAL with foreign keys on', async () => {
    expect(await db.get('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(await db.get('PRAGMA foreign_keys')).toEqual({ foreign_keys: 1 });
  });

  it('applies each migration once and seeds once, in integer cents', async () => {
    const versions = migrations().map((migration) => migration.version);
    expect(await migrate(db)).toEqual(versions);
    expect(await migrate(db)).toEqual([]);
    expect(await db.get('PRAGMA user_version')).toEqual({ user_version: versions.at(-1) });
    expect(await seed(db, { demo: true })).toBe(true);
    expect(await seed(db, { demo: true })).toBe(false);
    expect(await count('mobiles')).toBe(mobiles.length);
    expect(await count('users')).toBe(users.length);
    expect(await db.get("SELECT resale_cents FROM mobiles WHERE id = 'm-apple-iphone-13'")).toEqual({
      resale_cents: 61000,
    });
    // A row deleted later does not come back on the next start.
    await db.run("DELETE FROM blogs WHERE id = 'blog-battery-health'");
    await seed(db, { demo: true });
    expect(await db.get("SELECT id FROM blogs WHERE id = 'blog-battery-health'")).toBeUndefined();
  });

  it('seeds a real deployment (not demo mode) with the catalogue only: no demo people, no demo admin', async () => {
    await migrate(db);
    expect(await seed(db, { demo: false })).toBe(true);
    expect(await seed(db, { demo: false })).toBe(false);
    expect(await count('categories')).toBe(categories.length);
    expect(await count('blogs')).toBe(blogs.length);
    expect(await count('users')).toBe(0);
    expect(await count('mobiles')).toBe(0);
    expect(await count('bookings')).toBe(0);
  });

  it('keeps the database, its WAL and its SHM owner-only (0600), even when the file was 0644 before', async () => {
    await migrate(db);
    await db.run("INSERT INTO meta (key, value) VALUES ('mode', 'check')");
    const path = join(dir, 'test.sqlite');
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect([path, `${path}-wal`, `${path}-shm`].map(mode)).toEqual([0o600, 0o600, 0o600]);
    await db.close();
    chmodSync(path, 0o644);
    db = await openDatabase(path);
    expect(mode(path)).toBe(0o600);
    // A new database under a permissive umask is still created owner-only.
    const before = process.umask(0o022);
    try {
      const fresh = await openDatabase(join(dir, 'fresh.sqlite'));
      await fresh.exec('CREATE TABLE t (x)');
      expect(mode(join(dir, 'fresh.sqlite'))).toBe(0o600);
      expect(mode(join(dir, 'fresh.sqlite-wal'))).toBe(0o600);
      await fresh.close();
    } finally {
      process.umask(before);
    }
  });

  it('writes a transaction all or nothing', async () => {
    await migrate(db);
    await expect(
      db.transaction(async () => {
        await db.run("INSERT INTO blogs (id, title, details, position) VALUES ('b1', 't', 'd', 1)");
        throw new Error('half-way');
      }),
    ).rejects.toThrow('half-way');
    expect(await count('blogs')).toBe(0);
  });

  it('serializes racing read-modify-write transactions', async () => {
    await migrate(db);
    await db.run("INSERT INTO meta (key, value) VALUES ('counter', '0')");
    await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction(async () => {
          const row = await db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'counter'");
          await new Promise((resolve) => setTimeout(resolve, 1));
          await db.run("UPDATE meta SET value = ? WHERE key = 'counter'", [String(Number(row?.value) + 1)]);
        }),
      ),
    );
    expect(await db.get("SELECT value FROM meta WHERE key = 'counter'")).toEqual({ value: '50' });
  });

  it('never answers a cached read older than the last write', async () => {
    await migrate(db);
    const read = () => db.cachedAll<{ id: string }>('SELECT id FROM blogs ORDER BY id');
    expect(await read()).toEqual([]);
    await db.run("INSERT INTO blogs (id, title, details, position) VALUES ('b1', 't', 'd', 1)");
    expect(await read()).toEqual([{ id: 'b1' }]);
    // A read that starts before a write and ends after it is not kept.
    const slow = db.memo('slow', async () => {
      const rows = await read();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return rows.length;
    });
    await db.run("INSERT INTO blogs (id, title, details, position) VALUES ('b2', 't', 'd', 2)");
    expect(await slow).toBe(1);
    expect(await db.memo('slow', async () => (await read()).length)).toBe(2);
    // Inside a transaction nothing is cached: a rollback leaves no trace in the cache.
    await db
      .transaction(async () => {
        await db.run("INSERT INTO blogs (id, title, details, position) VALUES ('b3', 't', 'd', 3)");
        expect(await read()).toHaveLength(3);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await read()).toHaveLength(2);
  });
});
