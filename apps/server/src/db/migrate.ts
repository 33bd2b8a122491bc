// Versioned migrations: src/db/migrations/NNN-name.sql, applied in order, each in its own transaction, with
// the schema version kept in PRAGMA user_version.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './connection';

const migrationsDir = join(import.meta.dirname, 'migrations');

export function migrations(): { version: number; name: string; sql: string }[] {
  return readdirSync(migrationsDir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file,
      sql: readFileSync(join(migrationsDir, file), 'utf8'),
    }));
}

/** Applies the migrations the database has not seen; returns the versions applied. */
export async function migrate(db: Database): Promise<number[]> {
  const row = await db.get<{ user_version: number }>('PRAGMA user_version');
  const current = row?.user_version ?? 0;
  const applied: number[] = [];
  for (const migration of migrations()) {
    if (migration.version <= current) continue;
    await db.transaction(async () => {
      await db.exec(migration.sql);
      // PRAGMA takes no bound parameters; the version is a number from the file name.
      await db.exec(`PRAGMA user_version = ${migration.version}`);
    });
    applied.push(migration.version);
  }
  return applied;
}
