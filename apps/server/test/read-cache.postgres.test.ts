// The read cache on PostgreSQL (src/db/postgres.ts): each handle below is what one server process
// holds, with its own pool and cache, on one database. A cached answer is used only under the version of the
// database it was read at, and every write moves that version on once it has committed, so a handle never
// serves what another's returned write replaced. The same across real processes: scale-out.postgres.test.ts.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database';
import { openPostgres } from '../src/db/postgres';
import { testDatabase, type TestDatabase } from './support/harness';

let database: TestDatabase;
let one: Database;
let other: Database;
let url: string;

beforeAll(async () => {
  database = await testDatabase();
  url = database.env.DATABASE_URL ?? '';
  one = await openPostgres(url);
  other = await openPostgres(url);
  await one.exec(`CREATE SEQUENCE read_cache_version;
    CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL);
    INSERT INTO t VALUES (1, 'one')`);
});
afterAll(async () => {
  await one.close();
  await other.close();
  await database.drop();
});

const READ = 'SELECT v FROM t WHERE id = ?';
const cached = async (db: Database) => (await db.cachedAll<{ v: string }>(READ, [1]))[0]?.v;

/** A change no handle makes (so no cache hears of it): shows whether an answer came from a cache. */
async function behindTheirBacks(value: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('UPDATE t SET v = $1 WHERE id = 1', [value]);
  } finally {
    await client.end();
  }
}

describe('the read cache on PostgreSQL', () => {
  it('answers a repeated read from the cache, and a write through any handle empties every handle of it', async () => {
    await other.run('UPDATE t SET v = ? WHERE id = 1', ['two']);
    expect(await cached(one)).toBe('two');
    await behindTheirBacks('unseen');
    // cached: the change no handle made is not seen, by the cache; an uncached read sees it
    expect(await cached(one)).toBe('two');
    expect((await one.all<{ v: string }>(READ, [1]))[0]?.v).toBe('unseen');

    // a single statement through the other handle: seen by this one as soon as it has returned
    await other.run('UPDATE t SET v = ? WHERE id = 1', ['three']);
    expect(await cached(one)).toBe('three');

    // a transaction: not before its COMMIT (the old answer stays right until then), at once after it
    let inside: string | undefined;
    await other.transaction(async () => {
      await other.run('UPDATE t SET v = ? WHERE id = 1', ['four']);
      inside = await cached(one);
      // the transaction's own read reaches the database: it sees its own row, and SERIALIZABLE sees the read
      expect(await cached(other)).toBe('four');
    });
    expect(inside).toBe('three');
    expect(await cached(one)).toBe('four');
    expect(await cached(other)).toBe('four');
  });

  it('keeps the cache when a statement changes no row', async () => {
    expect(await cached(one)).toBe('four');
    await behindTheirBacks('five');
    await other.run('UPDATE t SET v = ? WHERE id = -1', ['none']);
    await other.run('SELECT pg_notify(?, ?)', ['recell_test', 'x']);
    await other.transaction(async () => {
      await other.run('DELETE FROM t WHERE id = -1');
    });
    expect(await cached(one)).toBe('four');
    // a RETURNING write read through `all` moves it on like `run`
    await other.all('UPDATE t SET v = ? WHERE id = 1 RETURNING v', ['six']);
    expect(await cached(one)).toBe('six');
  });

  it('a read racing a write is answered but not kept under the newer version', async () => {
    const slow = one.memo('slow', async () => {
      const [row] = await one.all<{ v: string }>(READ, [1]);
      // the other handle writes while this read is on its way
      await other.run('UPDATE t SET v = ? WHERE id = 1', ['seven']);
      return row?.v;
    });
    expect(await slow).toBe('six');
    expect(await one.memo('slow', async () => (await one.all<{ v: string }>(READ, [1]))[0]?.v)).toBe('seven');
  });

  it('computes every time with the cache off (what the bench compares against)', async () => {
    const uncached = await openPostgres(url, { cache: false });
    try {
      expect(await cached(uncached)).toBe('seven');
      await behindTheirBacks('eight');
      expect(await cached(uncached)).toBe('eight');
    } finally {
      await uncached.close();
    }
  });

  it('reads the version once for a round of reads; one asked while it is on its way waits for the next', async () => {
    const spy = spyVersionQueries();
    try {
      await other.run('UPDATE t SET v = ? WHERE id = 1', ['round']);
      // twenty reads at once: one version query between them (two at most, if one was on its way)
      spy.sent.length = 0;
      expect(await Promise.all(Array.from({ length: 20 }, () => cached(one)))).toEqual(
        Array(20).fill('round'),
      );
      expect(spy.sent.length).toBeLessThanOrEqual(2);

      // a version query answered before a write, handed back after it: a read asked once the write has returned
      // does not take that answer, it waits for the next query
      let release!: () => void;
      spy.hold = new Promise((resolve) => (release = resolve));
      spy.sent.length = 0;
      const before = cached(one);
      await vi.waitFor(() => expect(spy.sent).toHaveLength(1));
      await other.run('UPDATE t SET v = ? WHERE id = 1', ['after']);
      const after = cached(one);
      spy.hold = undefined;
      release();
      // the first read was asked before the write returned: either answer is right for it
      expect(['round', 'after']).toContain(await before);
      expect(await after).toBe('after');
      expect(spy.sent).toHaveLength(2);
    } finally {
      spy.restore();
    }
  });

  it("a request's reads (readScope) share one version read, until it answers or writes", async () => {
    const spy = spyVersionQueries();
    let answered = false;
    try {
      await one.readScope?.(
        async () => {
          spy.sent.length = 0;
          expect(await cached(one)).toBe('after');
          expect(await one.cachedAll('SELECT v FROM t WHERE id = ?', [2])).toEqual([]);
          expect(spy.sent).toHaveLength(1);

          // Another handle's write after the scope began: the scope keeps the version it read (as if it had read
          // everything at that moment); a read begun after the write returned, on the other handle, sees it.
          await other.run('UPDATE t SET v = ? WHERE id = 1', ['moved']);
          expect(await cached(one)).toBe('after');
          expect(spy.sent).toHaveLength(1);
          expect(await cached(other)).toBe('moved');
          spy.sent.length = 0;

          // its own write: its next read takes a version read after it
          await one.run('UPDATE t SET v = ? WHERE id = 1', ['own']);
          expect(await cached(one)).toBe('own');
          expect(spy.sent).toHaveLength(1);
          expect(await cached(one)).toBe('own');
          expect(spy.sent).toHaveLength(1);

          // ...even when a read of its own took a version while the write was moving it on
          let meanwhile: Promise<unknown> | undefined;
          spy.onBump = () => (meanwhile = cached(one));
          await one.run('UPDATE t SET v = ? WHERE id = 1', ['own again']);
          spy.onBump = undefined;
          expect(meanwhile).toBeDefined();
          await meanwhile;
          spy.sent.length = 0;
          expect(await cached(one)).toBe('own again');
          expect(spy.sent).toHaveLength(1);

          // ...and after a transaction of its own
          await one.transaction(() => one.run('UPDATE t SET v = ? WHERE id = 1', ['in a transaction']));
          spy.sent.length = 0;
          expect(await cached(one)).toBe('in a transaction');
          expect(spy.sent).toHaveLength(1);
          spy.sent.length = 0;

          // once its answer has begun (a live stream's later reads), each read reads the version again
          answered = true;
          await cached(one);
          await cached(one);
          expect(spy.sent).toHaveLength(2);
        },
        () => answered,
      );
      expect(answered).toBe(true);
      // outside any scope, as before
      spy.sent.length = 0;
      await cached(one);
      await cached(one);
      expect(spy.sent).toHaveLength(2);
    } finally {
      spy.restore();
    }
  });
});

/**
 * Every version query any handle sends (its SQL, once PostgreSQL has answered), held back from the handle while
 * `hold` is set; `onBump` is called as a write's move of the version is sent.
 */
function spyVersionQueries() {
  const VERSION = /FROM read_cache_version/;
  const spy = {
    sent: [] as string[],
    hold: undefined as Promise<void> | undefined,
    onBump: undefined as (() => void) | undefined,
    restore: () => {
      pg.Pool.prototype.query = query;
    },
  };
  const query = pg.Pool.prototype.query;
  const spied = async function (this: pg.Pool, ...args: unknown[]) {
    const asked = args[0] as string | { text?: string };
    const sql = typeof asked === 'string' ? asked : (asked.text ?? '');
    if (sql.includes("nextval('read_cache_version')")) spy.onBump?.();
    const answer = await (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    if (VERSION.test(sql)) {
      spy.sent.push(sql);
      await spy.hold;
    }
    return answer;
  };
  pg.Pool.prototype.query = spied as typeof query;
  return spy;
}
