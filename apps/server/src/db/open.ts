// The configured database: PostgreSQL when DATABASE_URL is set, else the SQLite file under the data dir.
import type { Config } from '../config';
import type { Database } from './database';
import { openDatabase } from './sqlite';
import { openPostgres } from './postgres';

export function openConfiguredDatabase(
  config: Pick<Config, 'databasePath' | 'databaseUrl' | 'readCache'>,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { cache: config.readCache })
    : openDatabase(config.databasePath, { cache: config.readCache });
}

/** Where the data is, for the log: never the URL itself (it may carry a password). */
export function describeDatabase(config: Pick<Config, 'databasePath' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return config.databasePath;
  const url = new URL(config.databaseUrl);
  return `postgres://${url.host}${url.pathname}`;
}
