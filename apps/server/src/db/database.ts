// The one interface every repository works against, and what is the same on every engine. Each driver lives
// beside it (sqlite.ts, postgres.ts) and implements it; open.ts picks one from the configuration.
export type SqlValue = string | number | null;
export type Params = readonly SqlValue[];

export interface RunResult {
  changes: number;
}

/** A unique or check constraint refused the write (SQLite's code, or PostgreSQL's class 23). */
export function isConstraintViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT' || (typeof code === 'string' && code.startsWith('23'));
}

/**
 * A read stopped because its budget (`Database.withinBudget`) was spent: by the time it would start, or while it
 * ran (SQLite interrupts it on its read connection, PostgreSQL cancels it through statement_timeout).
 */
export class ReadTooSlow extends Error {
  constructor() {
    super('A read ran past its budget');
    this.name = 'ReadTooSlow';
  }
}

export interface Database {
  /** Which engine: the few statements that must differ (full-text search, migrations) ask. */
  readonly engine: 'sqlite' | 'postgres';
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
  /**
   * PostgreSQL only (SQLite's cache needs no version read): `work`'s cached reads, until `answered` says the
   * answer has begun, take the database's version from one read made for them all, at or after `work` began,
   * where each would read it again; a write of `work`'s own gets the next read a fresh version. For a request:
   * its cached answers are as new as they would be if it had asked them all at one moment after it arrived.
   */
  readScope?: <T>(work: () => T, answered: () => boolean) => T;
  /**
   * `work`'s reads (all, get, cachedAll) outside a transaction, together, may take `ms` from now: one still
   * running then is stopped and fails with ReadTooSlow, as does one asked after. For reads only (a search):
   * a write, and whatever a transaction does, is never stopped (a write asked inside still runs to its end).
   * SQLite stops a read on its read-only connection; PostgreSQL runs them on read-only connections of their own,
   * each with statement_timeout set to what is left.
   */
  withinBudget<T>(ms: number, work: () => Promise<T>): Promise<T>;
  /**
   * The query planner's statistics, gathered for the tables that have none or whose rows have changed much
   * since (SQLite: PRAGMA optimize, a bounded sample of each index; PostgreSQL: ANALYZE of the tables autovacuum's
   * rule would pick). Cheap when nothing changed: at start-up after migrations and the seed, and every few
   * minutes (jobs.ts). Answers the tables analysed.
   */
  optimize(): Promise<string[]>;
  /** Runs a script of several statements (migrations); not prepared. */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction: all of it is written, or none of it, and it sees no other writer's
   * half-done work. On PostgreSQL it may run more than once (see postgres.ts): database work only.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` unless another process runs the same `name` right now (then undefined): scheduled jobs run
   * once across every server process. One process owns a SQLite file, so there it always runs.
   */
  exclusive<T>(name: string, work: () => Promise<T>, options?: { wait?: boolean }): Promise<T | undefined>;
  /**
   * PostgreSQL only (SQLite has one process, which tells itself): a connection of its own, outside the pool,
   * that LISTENs on `channel` for as long as the process runs. It reconnects when the connection drops, and then
   * calls `reconnected`, since what was notified while it was away is lost. The answer stops listening.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  notification(payload: string): void;
  reconnected(): void;
}
