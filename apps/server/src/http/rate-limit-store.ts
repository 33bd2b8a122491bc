// Rate limits shared by every server process on one PostgreSQL database: express-rate-limit's counters in the
// table rate_limits (postgres/009), one atomic upsert per request. On SQLite one process serves everything, and
// express-rate-limit's own memory store counts exactly; `sharedRateLimits` gives it (undefined) there.
import type { IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Database } from '../db/database';

class DatabaseStore implements Store {
  windowMs = 60_000;
  // Not local: the count is the same in every process, so express-rate-limit may share one store per prefix.
  localKeys = false;
  private swept = 0;

  constructor(
    private readonly db: Database,
    readonly prefix: string,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = Date.now();
    // Old windows are deleted now and then, by whichever process gets there (idempotent).
    if (now - this.swept > this.windowMs) {
      this.swept = now;
      await this.db.run('DELETE FROM rate_limits WHERE reset_at < ?', [now]);
    }
    const row = await this.db.get<{ hits: number; reset_at: number }>(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.reset_at <= ? THEN 1 ELSE rate_limits.hits + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= ? THEN excluded.reset_at ELSE rate_limits.reset_at END
       RETURNING hits, reset_at`,
      [this.prefix + key, now + this.windowMs, now, now],
    );
    return { totalHits: row?.hits ?? 1, resetTime: new Date(row?.reset_at ?? now + this.windowMs) };
  }

  async decrement(key: string) {
    await this.db.run('UPDATE rate_limits SET hits = hits - 1 WHERE key = ? AND hits > 0', [
      this.prefix + key,
    ]);
  }

  async resetKey(key: string) {
    await this.db.run('DELETE FROM rate_limits WHERE key = ?', [this.prefix + key]);
  }
}

/** A store for one limiter (`name` keeps limiters apart), or undefined for express-rate-limit's memory store. */
export function sharedRateLimits(db: Database, name: string): Store | undefined {
  return db.engine === 'postgres' ? new DatabaseStore(db, `${name}:`) : undefined;
}
