// The same Database over PostgreSQL (DATABASE_URL), for many server processes on one database. What differs
// from SQLite, and why it must:
// - Placeholders: the repositories write `?`; PostgreSQL numbers them ($1, $2, ...). Translated once per SQL.
// - Concurrency: there is no process-wide write lock (other processes write too). A transaction runs
//   SERIALIZABLE, so it sees the database as if it ran alone, as it did under SQLite's lock; when PostgreSQL
//   finds it would not be, it aborts it (40001, or a deadlock 40P01) and the whole transaction runs again.
//   Transactions therefore do database work only (no calls to the card processor inside).
// - The read cache is checked against the database: another process's write would not empty this one's cache,
//   so every write moves a sequence on after it commits (023-read-cache-version.sql), and a cached answer is used
//   only under the version it was read at. One tiny read per cached request (shared by its reads, and by the
//   requests asking at once) buys the whole query, its rows and their JSON, and no process ever answers a
//   request begun after a write returned to its caller with what that write replaced.
// - A read under a budget (withinBudget) runs on a connection of a second pool, read-only from its start, with
//   statement_timeout set to what is left of the budget: PostgreSQL cancels it there, and no write can be.
// - 64-bit integers (COUNT, SUM) come back as numbers, not strings: counts and cents stay far below 2^53.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { ReadTooSlow, type Database, type ListenHandlers, type Params, type RunResult } from './database';

const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as never,
};

/** `?` placeholders to `$n`, leaving quoted text ('...', "...") alone. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  let out = '';
  let quote: string | null = null;
  for (const char of sql) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '?') {
      out += `$${++n}`;
      continue;
    }
    out += char;
  }
  return out;
}

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 20;

export interface PostgresOptions {
  /** Connections in this process's pool. */
  max?: number;
  /** false: cachedAll and memo compute every time (to measure the database itself). */
  cache?: boolean;
}

const CACHE_ENTRIES = 2000;
const UNDEFINED_TABLE = '42P01';
/** query_canceled: statement_timeout ran out (or an operator cancelled the statement). */
const QUERY_CANCELED = '57014';
/** Connections for reads under a budget (searches), beside the pool's own. */
export const BUDGET_CONNECTIONS = 5;

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // An idle connection the server drops (a restart of PostgreSQL) must not take the process down.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');

  const translated = new Map<string, string>();
  const text = (sql: string) => {
    let out = translated.get(sql);
    if (out === undefined) {
      out = numberedPlaceholders(sql);
      translated.set(sql, out);
    }
    return out;
  };
  // The transaction's connection, and whether it has changed a row (then its COMMIT moves the cache's version).
  const inTransaction = new AsyncLocalStorage<{ connection: pg.PoolClient; changed: boolean }>();
  // A request's reads share one version read (readScope): a GET of a cached page reads the caller's user and
  // the page, which was two version reads, each a round trip with CPU on both ends.
  const inScope = new AsyncLocalStorage<{ version?: Promise<number> | undefined; answered: () => boolean }>();
  const client = (): pg.Pool | pg.PoolClient => inTransaction.getStore()?.connection ?? pool;
  async function query(sql: string, params: Params) {
    const result = await client().query(text(sql), params as unknown[]);
    // A statement that changed no row (a job finding nothing to do, a pg_notify) leaves every cache as it is;
    // one that did (run, or a RETURNING through all) moves the version on, at its COMMIT inside a transaction.
    if (result.command !== 'SELECT' && (result.rowCount ?? 0) > 0) {
      const transaction = inTransaction.getStore();
      if (transaction) transaction.changed = true;
      else await written();
    }
    return result;
  }
  // Reads under a budget (withinBudget): when they must have ended (Date.now()), and the pool they run on, opened
  // at the first. Its connections are read-only from their start, so a write never runs with a timeout.
  const budget = new AsyncLocalStorage<number>();
  let budgetPool: pg.Pool | undefined;
  async function budgetedRows<T>(sql: string, params: Params, deadline: number): Promise<T[]> {
    if (Date.now() >= deadline) throw new ReadTooSlow();
    budgetPool ??= new pg.Pool({
      connectionString: url,
      max: BUDGET_CONNECTIONS,
      types,
      options: '-c default_transaction_read_only=on',
    }).on('error', () => undefined);
    // Waiting for a connection counts: a read gives up when its budget is spent, and the connection it gets
    // after is handed back.
    const connecting = budgetPool.connect();
    let timer: NodeJS.Timeout | undefined;
    const spent = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), deadline - Date.now());
    });
    const connection = await Promise.race([connecting, spent]).finally(() => clearTimeout(timer));
    if (!connection) {
      void connecting.then((late) => late.release()).catch(() => undefined);
      throw new ReadTooSlow();
    }
    try {
      const left = deadline - Date.now();
      if (left <= 0) throw new ReadTooSlow();
      // Each use sets its own, so none is left over from the read before.
      await connection.query(`SET statement_timeout = ${Math.ceil(left)}`);
      return (await connection.query(text(sql), params as unknown[])).rows as T[];
    } catch (error) {
      throw (error as { code?: string }).code === QUERY_CANCELED ? new ReadTooSlow() : error;
    } finally {
      connection.release();
    }
  }
  async function rows<T>(sql: string, params: Params = []): Promise<T[]> {
    const deadline = budget.getStore();
    if (deadline !== undefined && !inTransaction.getStore()) return budgetedRows<T>(sql, params, deadline);
    return (await query(sql, params)).rows as T[];
  }

  // The read cache, for one version of the database at a time (the newest this process has read).
  const cache = new Map<string, unknown>();
  let cachedVersion = -1;
  /** After a write has committed: answers cached before it are not used again, here or in any other process. */
  async function written(on: pg.Pool | pg.PoolClient = pool): Promise<void> {
    cache.clear();
    // Never a failure of the write, which has committed: the database gone this instant fails every cached read
    // here and elsewhere too (they read the version first), and before the migration that makes the sequence
    // (the migrations run through here) there is nothing to move on.
    await on.query("SELECT nextval('read_cache_version')").catch(() => undefined);
    // The writer's own reads after it take a version read after the write (see readScope); only now, since a
    // read of its own made meanwhile may have taken a version from before it.
    const scope = inScope.getStore();
    if (scope) scope.version = undefined;
  }
  // The version, read once for every cached read asked meanwhile: one query in flight at a time, and whoever
  // asks while it is on its way waits for the next, sent after they asked (the one on its way may have been
  // answered before a write they saw return). Under load that is one query for a whole round of requests, not
  // one each, and the guarantee stays whole: a read asked after a write returned never gets an older version.
  let onItsWay: Promise<unknown> | undefined;
  let next: Promise<number> | undefined;
  function readVersion(): Promise<number> {
    next ??= Promise.resolve(onItsWay)
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        const sent = pool
          .query<{ v: number }>({
            // Named: each connection prepares it once, and PostgreSQL plans it once (a third less of its CPU
            // per read than as plain text, which it parses and plans every time).
            name: 'recell_read_cache_version',
            // a sequence nextval has never moved says its start value, but not called
            text: 'SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM read_cache_version',
          })
          .then(({ rows: found }) => Number(found[0]?.v ?? 0));
        onItsWay = sent;
        return sent;
      });
    return next;
  }
  function scopedVersion(): Promise<number> {
    const scope = inScope.getStore();
    if (!scope || scope.answered()) return readVersion();
    return (scope.version ??= readVersion());
  }
  async function memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    // Inside a transaction a read must reach PostgreSQL: it sees the transaction's own rows, and SERIALIZABLE
    // can only see a conflict through the reads it makes.
    if (options.cache === false || inTransaction.getStore()) return compute();
    let version: number;
    try {
      version = await scopedVersion();
    } catch (error) {
      if ((error as { code?: string }).code === UNDEFINED_TABLE) return compute();
      throw error;
    }
    if (version > cachedVersion) {
      cache.clear();
      cachedVersion = version;
    }
    if (version === cachedVersion && cache.has(key)) return cache.get(key) as T;
    const value = await compute();
    // A read that began under an older version than the cache now holds is answered, not kept.
    if (version === cachedVersion) {
      if (cache.size >= CACHE_ENTRIES) cache.clear();
      cache.set(key, value);
    }
    return value;
  }

  async function exclusive<T>(
    name: string,
    work: () => Promise<T>,
    { wait = false } = {},
  ): Promise<T | undefined> {
    // A session-level advisory lock on its own connection: held while the work runs, whatever connections
    // the work itself uses; another process asking for it meanwhile skips the run (or waits its turn).
    const connection = await pool.connect();
    try {
      const { rows: got } = await connection.query<{ locked: boolean }>(
        wait
          ? 'SELECT pg_advisory_lock(hashtext($1)) IS NOT NULL AS locked'
          : 'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [name],
      );
      if (!got[0]?.locked) return undefined;
      try {
        return await work();
      } finally {
        await connection.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    } finally {
      connection.release();
    }
  }

  return {
    engine: 'postgres',
    all: rows,
    async get<T>(sql: string, params: Params = []) {
      return (await rows<T>(sql, params))[0];
    },
    async run(sql, params = []): Promise<RunResult> {
      const result = await query(sql, params);
      return { changes: result.rowCount ?? 0 };
    },
    cachedAll<T>(sql: string, params: Params = []) {
      return memo(`sql\u0000${sql}\u0000${JSON.stringify(params)}`, () => rows<T>(sql, params));
    },
    memo,
    readScope: (work, answered) => inScope.run({ answered }, work),
    withinBudget: (ms, work) => budget.run(Date.now() + ms, work),
    async optimize() {
      // The tables autovacuum would analyze (never analysed, or 50 + 10% of their rows changed since), now rather
      // than a minute or more later: after migrations, the seed or a bulk load. One process at a time: two
      // ANALYZEs of one table at once can fail.
      const analysed = await exclusive('recell:analyze', async () => {
        const { rows: stale } = await pool.query<{ name: string }>(
          `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
           WHERE coalesce(last_analyze, last_autoanalyze) IS NULL OR n_mod_since_analyze > 50 + 0.1 * n_live_tup
           ORDER BY relname`,
        );
        for (const { name } of stale) await pool.query(`ANALYZE ${name}`);
        return stale.map(({ name }) => name);
      });
      return analysed ?? [];
    },
    async exec(sql) {
      await client().query(sql);
      const transaction = inTransaction.getStore();
      if (transaction) transaction.changed = true;
      else await written();
    },
    async transaction<T>(work: () => Promise<T>): Promise<T> {
      if (inTransaction.getStore()) return work();
      const connection = await pool.connect();
      try {
        for (let attempt = 1; ; attempt += 1) {
          await connection.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
          try {
            const transaction = { connection, changed: false };
            const result = await inTransaction.run(transaction, work);
            await connection.query('COMMIT');
            // on the connection the transaction holds: asking the pool for another while holding one would wait
            // for ever once every connection is a transaction doing the same
            if (transaction.changed) await written(connection);
            return result;
          } catch (error) {
            await connection.query('ROLLBACK').catch(() => undefined);
            const code = (error as { code?: string }).code;
            if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error;
            // A short random wait, so the transactions that collided do not collide again at once.
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
          }
        }
      } finally {
        connection.release();
      }
    },
    exclusive,
    listen: (channel, handlers) => listenOn(url, channel, handlers),
    async close() {
      await budgetPool?.end();
      await pool.end();
    },
  };
}

const RECONNECT_MS = { first: 100, max: 5_000 };

/**
 * One dedicated client that LISTENs on `channel`. A pooled connection would not do: the pool hands it to other
 * queries and closes idle ones. When the connection drops (PostgreSQL restarted, a network cut) it connects
 * again, with a growing wait, and says so once it listens again.
 */
async function listenOn(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let wait = RECONNECT_MS.first;
  let timer: NodeJS.Timeout | undefined;
  const later = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => void reconnect(), wait);
    wait = Math.min(wait * 2, RECONNECT_MS.max);
  };

  const connect = async (): Promise<void> => {
    // Named, so an operator (and the two-process test) can tell this process's listener in pg_stat_activity.
    const client = new pg.Client({
      connectionString: url,
      types,
      application_name: `recell-listen-${process.pid}`,
      // A listener only reads: without TCP keep-alive a silently dead peer (a dropped route) would go unnoticed.
      keepAlive: true,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (current === client) current = undefined;
      later();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined)
        handlers.notification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost();
      throw error;
    }
    current = client;
    wait = RECONNECT_MS.first;
  };
  const reconnect = async () => {
    timer = undefined;
    try {
      await connect();
      handlers.reconnected();
    } catch {
      // onLost has asked for another try
    }
  };

  try {
    await connect();
  } catch (error) {
    stopped = true;
    clearTimeout(timer);
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end().catch(() => undefined);
  };
}
