// The Database (database.ts) over a SQLite file. One writer connection per process, and a few read-only ones
// beside it (WAL lets them read while it writes), so an uncached read never waits behind another: node-sqlite3
// runs one statement at a time per connection. Statements are prepared once per connection and reused. Because
// every request shares the writer, a transaction would otherwise swallow other requests' writes issued while it
// awaits: writes run under one async lock, and a transaction holds it from BEGIN IMMEDIATE to COMMIT; reads
// inside a transaction use the writer, so they see its own uncommitted rows.
import { AsyncLocalStorage } from 'node:async_hooks';
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import sqlite3 from 'sqlite3';
import type { Database, Params, RunResult } from './database';

export interface OpenOptions {
  busyTimeoutMs?: number;
  /** Read-only connections beside the writer (0 for none; an in-memory database always has none). */
  readers?: number;
  /** false: cachedAll and memo compute every time (to measure the database itself). */
  cache?: boolean;
}

/** Two reads at once fit two cores, with a third so a slow read does not hold up a quick one. */
const DEFAULT_READERS = 3;

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
  const writer = await connect(path, sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE, options);
  // WAL lets the readers (and other processes: backups, the bench) work beside the writer; FULL syncs each
  // commit, so an acknowledged write survives a crash of the process or the machine.
  await writer.exec(`PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA temp_store = MEMORY;`);
  // Statistics for the query planner, refreshed where stale (bounded work: a sample of each index).
  await writer.exec('PRAGMA analysis_limit = 400; PRAGMA optimize = 0x10002;');
  const inMemory = path === '' || path === ':memory:' || path.includes('mode=memory');
  const readers = await Promise.all(
    Array.from({ length: inMemory ? 0 : (options.readers ?? DEFAULT_READERS) }, async () => {
      const reader = await connect(path, sqlite3.OPEN_READONLY, options);
      await reader.exec('PRAGMA query_only = ON; PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY;');
      return reader;
    }),
  );
  const exec = writer.exec;
  const runNow = writer.run;

  // A read goes to the reader with the fewest statements in flight (the writer inside a transaction).
  const inTransaction = new AsyncLocalStorage<true>();
  function reader(): Connection {
    if (readers.length === 0 || inTransaction.getStore()) return writer;
    let best = readers[0] as Connection;
    for (const candidate of readers) if (candidate.pending < best.pending) best = candidate;
    return best;
  }
  const all = <T>(sql: string, params: Params = []) => reader().all<T>(sql, params);
  const get = <T>(sql: string, params: Params = []) => reader().get<T>(sql, params);

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
    if (options.cache === false) return compute();
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
  function withLock<T>(work: () => Promise<T>): Promise<T> {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  }

  return {
    engine: 'sqlite',
    all,
    get,
    exclusive: (_name, work) => work(),
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
        for (const connection of readers) await connection.close();
        await writer.close();
      });
    },
  };
}

/** One sqlite3 connection with its prepared statements, and how many statements it has in flight. */
interface Connection {
  pending: number;
  all<T>(sql: string, params: Params): Promise<T[]>;
  get<T>(sql: string, params: Params): Promise<T | undefined>;
  run(sql: string, params?: Params): Promise<RunResult>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

async function connect(path: string, mode: number, options: OpenOptions): Promise<Connection> {
  const raw = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened = new sqlite3.Database(path, mode, (error) => (error ? reject(error) : resolve(opened)));
  });
  raw.configure('busyTimeout', options.busyTimeoutMs ?? 5000);
  // The promise is kept, not the statement: two first uses of one SQL at once share a single statement (two
  // would leave one unfinalized, and closing the connection would fail).
  const statements = new Map<string, Promise<sqlite3.Statement>>();
  function prepared(sql: string): Promise<sqlite3.Statement> {
    let statement = statements.get(sql);
    if (!statement) {
      statement = new Promise((resolve, reject) => {
        const made = raw.prepare(sql, (error) => (error ? reject(error) : resolve(made)));
      });
      statements.set(sql, statement);
      // A statement that failed to prepare is not kept: the next use tries again (and gets the same error).
      statement.catch(() => statements.delete(sql));
    }
    return statement;
  }
  const connection: Connection = {
    pending: 0,
    all: <T>(sql: string, params: Params) =>
      counted(async () => {
        const statement = await prepared(sql);
        return new Promise<T[]>((resolve, reject) =>
          statement.all(params, (error: Error | null, rows: T[]) => (error ? reject(error) : resolve(rows))),
        );
      }),
    get: <T>(sql: string, params: Params) =>
      counted(async () => {
        const statement = await prepared(sql);
        return new Promise<T | undefined>((resolve, reject) => {
          statement.get(params, (error: Error | null, row: T | undefined) =>
            error ? reject(error) : resolve(row),
          );
          // `get` leaves the statement mid-result (and its read snapshot open) until reset; the reset is
          // queued behind this get on the same statement.
          statement.reset();
        });
      }),
    async run(sql: string, params: Params = []) {
      const statement = await prepared(sql);
      return new Promise<RunResult>((resolve, reject) =>
        statement.run(params, function (this: sqlite3.RunResult, error: Error | null) {
          if (error) reject(error);
          else resolve({ changes: this.changes });
        }),
      );
    },
    exec: (sql: string) =>
      new Promise<void>((resolve, reject) => raw.exec(sql, (error) => (error ? reject(error) : resolve()))),
    async close() {
      for (const pending of statements.values()) {
        const statement = await pending.catch(() => undefined);
        if (statement) await new Promise<void>((resolve) => statement.finalize(() => resolve()));
      }
      statements.clear();
      await new Promise<void>((resolve, reject) => raw.close((error) => (error ? reject(error) : resolve())));
    },
  };
  // Counted from the moment a read is handed to this connection (before its statement is even prepared), so
  // the next read picks another connection.
  function counted<T>(work: () => Promise<T>): Promise<T> {
    connection.pending += 1;
    return work().finally(() => (connection.pending -= 1));
  }
  return connection;
}
