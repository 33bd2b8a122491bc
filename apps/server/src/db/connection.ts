// One sqlite3 connection per process. Statements are prepared once and reused. Because every request shares the
// connection, a transaction would otherwise swallow other requests' writes issued while it awaits: writes run
// under one async lock, and a transaction holds it from BEGIN IMMEDIATE to COMMIT.
import { AsyncLocalStorage } from 'node:async_hooks';
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import sqlite3 from 'sqlite3';

export type SqlValue = string | number | null;
export type Params = readonly SqlValue[];

export interface RunResult {
  changes: number;
  lastID: number;
}

export interface Database {
  all<T>(sql: string, params?: Params): Promise<T[]>;
  get<T>(sql: string, params?: Params): Promise<T | undefined>;
  run(sql: string, params?: Params): Promise<RunResult>;
  /**
   * `all` through a read cache that any write empties: this process is the only writer, so a cached answer is
   * never staler than the last write. For hot reads (the catalogue, the caller's user record).
   */
  cachedAll<T>(sql: string, params?: Params): Promise<readonly T[]>;
  /** Any value derived only from the database (a serialized page), cached under `key` by the same rule. */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations); not prepared. */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one IMMEDIATE transaction: all of it is written, or none of it. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  busyTimeoutMs?: number;
}

/**
 * The database holds every user's email and bookings: owner-only (0600), whatever the umask. SQLite gives the
 * -wal and -shm files it creates the main file's mode, so the main file is created 0600 before SQLite opens it;
 * files from before this rule are tightened too.
 */
function ownerOnlyFiles(path: string) {
  if (path === '' || path === ':memory:' || path.startsWith('file:')) return;
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

export async function openDatabase(path: string, options: OpenOptions = {}): Promise<Database> {
  ownerOnlyFiles(path);
  const raw = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened = new sqlite3.Database(path, (error) => (error ? reject(error) : resolve(opened)));
  });
  raw.configure('busyTimeout', options.busyTimeoutMs ?? 5000);

  const exec = (sql: string) =>
    new Promise<void>((resolve, reject) => raw.exec(sql, (error) => (error ? reject(error) : resolve())));

  // WAL lets readers in other processes (backups, the bench) work beside the writer; FULL syncs each commit,
  // so an acknowledged write survives a crash of the process or the machine.
  await exec(`PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA temp_store = MEMORY;`);

  const statements = new Map<string, sqlite3.Statement>();
  function prepared(sql: string): Promise<sqlite3.Statement> {
    const cached = statements.get(sql);
    if (cached) return Promise.resolve(cached);
    return new Promise((resolve, reject) => {
      const statement = raw.prepare(sql, (error) => {
        if (error) return reject(error);
        statements.set(sql, statement);
        resolve(statement);
      });
    });
  }

  const all = async <T>(sql: string, params: Params = []) => {
    const statement = await prepared(sql);
    return new Promise<T[]>((resolve, reject) =>
      statement.all(params, (error: Error | null, rows: T[]) => (error ? reject(error) : resolve(rows))),
    );
  };
  const get = async <T>(sql: string, params: Params = []) => {
    const statement = await prepared(sql);
    return new Promise<T | undefined>((resolve, reject) => {
      statement.get(params, (error: Error | null, row: T | undefined) =>
        error ? reject(error) : resolve(row),
      );
      // `get` leaves the statement mid-result (and its read snapshot open) until reset; the reset is queued
      // behind this get on the same statement.
      statement.reset();
    });
  };
  const runNow = async (sql: string, params: Params = []) => {
    const statement = await prepared(sql);
    return new Promise<RunResult>((resolve, reject) =>
      statement.run(params, function (this: sqlite3.RunResult, error: Error | null) {
        if (error) reject(error);
        else resolve({ changes: this.changes, lastID: this.lastID });
      }),
    );
  };

  // The read cache. `version` moves on every write, before and after it; a read stores its answer only if no
  // write started or ended while it ran, and never while a transaction holds uncommitted rows.
  const cache = new Map<string, unknown>();
  let version = 0;
  let writing = 0;
  const changed = () => {
    version += 1;
    cache.clear();
  };
  async function write<T>(work: () => Promise<T>): Promise<T> {
    writing += 1;
    changed();
    try {
      return await work();
    } finally {
      writing -= 1;
      changed();
    }
  }
  const CACHE_ENTRIES = 2000;
  async function memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (cache.has(key)) return cache.get(key) as T;
    const seen = version;
    const value = await compute();
    if (seen === version && writing === 0) {
      if (cache.size >= CACHE_ENTRIES) cache.clear();
      cache.set(key, value);
    }
    return value;
  }

  // The write lock: a promise chain. `inTransaction` marks the async context of the transaction holding it.
  let tail: Promise<unknown> = Promise.resolve();
  const inTransaction = new AsyncLocalStorage<true>();
  function withLock<T>(work: () => Promise<T>): Promise<T> {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  }

  return {
    all,
    get,
    run(sql, params) {
      return inTransaction.getStore()
        ? runNow(sql, params)
        : withLock(() => write(() => runNow(sql, params)));
    },
    cachedAll<T>(sql: string, params: Params = []) {
      return memo(`sql\u0000${sql}\u0000${JSON.stringify(params)}`, () => all<T>(sql, params));
    },
    memo,
    exec(sql) {
      return inTransaction.getStore() ? exec(sql) : withLock(() => write(() => exec(sql)));
    },
    transaction(work) {
      if (inTransaction.getStore()) return work();
      return withLock(() =>
        write(() =>
          inTransaction.run(true, async () => {
            await runNow('BEGIN IMMEDIATE');
            try {
              const result = await work();
              await runNow('COMMIT');
              return result;
            } catch (error) {
              await runNow('ROLLBACK').catch(() => undefined);
              throw error;
            }
          }),
        ),
      );
    },
    async close() {
      await withLock(async () => {
        for (const statement of statements.values()) {
          await new Promise<void>((resolve) => statement.finalize(() => resolve()));
        }
        statements.clear();
        await new Promise<void>((resolve, reject) =>
          raw.close((error) => (error ? reject(error) : resolve())),
        );
      });
    },
  };
}
