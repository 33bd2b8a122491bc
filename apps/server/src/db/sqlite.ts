// The Database (database.ts) over a SQLite file. One writer connection per process, and a few read-only ones
// beside it (WAL lets them read while it writes), so an uncached read never waits behind another: node-sqlite3
// runs one statement at a time per connection. Statements are prepared once per connection and reused. Because
// every request shares the writer, a transaction would otherwise swallow other requests' writes issued while it
// awaits: writes run under one async lock, and a transaction holds it from BEGIN IMMEDIATE to COMMIT; reads
// inside a transaction use the writer, so they see its own uncommitted rows. A read under a budget
// (withinBudget) that runs past it is interrupted on its read connection (node-sqlite3 has no progress handler,
// but has sqlite3_interrupt); the writer is never interrupted.
import { AsyncLocalStorage } from 'node:async_hooks';
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import sqlite3 from 'sqlite3';
import { ReadTooSlow, type Database, type Params, type RunResult } from './database';

export interface OpenOptions {
  busyTimeoutMs?: number;
  /** Read-only connections beside the writer (0 for none; an in-memory database always has none). */
  readers?: number;
  /** false: cachedAll and memo compute every time (to measure the database itself). */
  cache?: boolean;
}

/** Two reads at once fit two cores, with a third so a slow read does not hold up a quick one. */
export const DEFAULT_READERS = 3;

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
  // ANALYZE (optimize below) reads a bounded sample of each index, not all of it.
  await writer.exec('PRAGMA analysis_limit = 400;');
  const inMemory = path === '' || path === ':memory:' || path.includes('mode=memory');
  const readers = await Promise.all(
    Array.from({ length: inMemory ? 0 : (options.readers ?? DEFAULT_READERS) }, async () => {
      const reader = await connect(path, sqlite3.OPEN_READONLY, options, { reader: true });
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
  // The budget of the reads made inside withinBudget: when they must have ended (Date.now()).
  const budget = new AsyncLocalStorage<number>();
  const all = <T>(sql: string, params: Params = []) => reader().all<T>(sql, params, budget.getStore());
  const get = <T>(sql: string, params: Params = []) => reader().get<T>(sql, params, budget.getStore());

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
    withinBudget: (ms, work) => budget.run(Date.now() + ms, work),
    optimize: () =>
      withLock(async () => {
        // Which tables PRAGMA optimize would analyze (0x01: it only says), of all of them (0x10000): none, mostly.
        const stale = async () =>
          (await writer.all<{ optimize: string }>('PRAGMA optimize = 0x10003', [])).map((row) =>
            row.optimize.replace(/^ANALYZE /, ''),
          );
        const before = await stale();
        if (before.length === 0) return [];
        await exec('PRAGMA optimize = 0x10002');
        // An empty table without an index gets no statistics, and is named again every time: not analysed.
        const left = new Set(await stale());
        const analysed = before.filter((table) => !left.has(table));
        if (analysed.length === 0) return [];
        // The read connections keep the statistics they loaded, and their statements the plans made with them,
        // until the schema changes (ANALYZE leaves it as it is): a view made and dropped changes it, so each
        // loads the new statistics, and prepares its statements again, at its next read.
        await exec('CREATE VIEW recell_statistics_changed AS SELECT 1; DROP VIEW recell_statistics_changed;');
        return analysed;
      }),
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

/**
 * One sqlite3 connection with its prepared statements, and how many statements it has in flight. `deadline`
 * (Date.now() by which a read must end) is kept on a read connection only; the writer ignores it.
 */
interface Connection {
  pending: number;
  all<T>(sql: string, params: Params, deadline?: number): Promise<T[]>;
  get<T>(sql: string, params: Params, deadline?: number): Promise<T | undefined>;
  run(sql: string, params?: Params): Promise<RunResult>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

const interrupted = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_INTERRUPT';

async function connect(
  path: string,
  mode: number,
  options: OpenOptions,
  { reader = false } = {},
): Promise<Connection> {
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
  const allOf = <T>(statement: sqlite3.Statement, params: Params) =>
    new Promise<T[]>((resolve, reject) =>
      statement.all(params, (error: Error | null, rows: T[]) => (error ? reject(error) : resolve(rows))),
    );
  // `get` leaves the statement mid-result (and its read snapshot open) until reset: answered once the reset is
  // done, so the next statement on this connection starts with none of this one's left running.
  const getOf = <T>(statement: sqlite3.Statement, params: Params) =>
    new Promise<T | undefined>((resolve, reject) => {
      let found: { row: T | undefined } | { error: Error } = { row: undefined };
      statement.get(params, (error: Error | null, row: T | undefined) => {
        found = error ? { error } : { row };
      });
      statement.reset(() => ('error' in found ? reject(found.error) : resolve(found.row)));
    });
  /**
   * On a read connection, a read runs alone (node-sqlite3 holds the connection's lock through a whole statement
   * anyway; a read waits its turn here rather than on one of libuv's few threads), so the statement running when
   * a read's budget is spent is that read's own, and interrupting the connection stops nothing else. A read under
   * a budget gives up when it is spent: waiting for its turn (it is not started), or running (interrupted).
   */
  let turn: Promise<unknown> = Promise.resolve();
  function read<T>(
    sql: string,
    deadline: number | undefined,
    run: (statement: sqlite3.Statement) => Promise<T>,
  ): Promise<T> {
    return counted(async () => {
      if (!reader) return run(await prepared(sql));
      if (deadline === undefined) {
        const mine = turn.then(async () => run(await prepared(sql)));
        turn = mine.catch(() => undefined);
        return mine;
      }
      if (Date.now() >= deadline) throw new ReadTooSlow();
      return new Promise<T>((resolve, reject) => {
        let state: 'waiting' | 'running' | 'over' = 'waiting';
        let stopped = false;
        const timer = setTimeout(() => {
          if (state === 'waiting') {
            state = 'over';
            reject(new ReadTooSlow());
          } else if (state === 'running') {
            stopped = true;
            try {
              raw.interrupt();
            } catch {
              // closing: the read ends with the connection
            }
          }
        }, deadline - Date.now());
        turn = turn.then(async () => {
          try {
            // Prepared before it counts as running: an interrupt stops a statement, not a prepare.
            const statement = state === 'waiting' ? await prepared(sql) : undefined;
            if (statement === undefined || state !== 'waiting') return;
            state = 'running';
            resolve(await run(statement));
          } catch (error) {
            reject(stopped && interrupted(error) ? new ReadTooSlow() : error);
          } finally {
            state = 'over';
            clearTimeout(timer);
          }
        });
      });
    });
  }
  const connection: Connection = {
    pending: 0,
    all: <T>(sql: string, params: Params, deadline?: number) =>
      read(sql, deadline, (statement) => allOf<T>(statement, params)),
    get: <T>(sql: string, params: Params, deadline?: number) =>
      read(sql, deadline, (statement) => getOf<T>(statement, params)),
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
