// Versioned migrations, one folder per engine with the same numbers: src/db/migrations/<engine>/NNN-name.sql,
// applied in order, each in its own transaction. SQLite keeps the version in PRAGMA user_version; PostgreSQL in
// schema_migrations, under an advisory lock, so server processes starting at once apply each migration once.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function migrations(engine: Database['engine'] = 'sqlite'): Migration[] {
  const dir = join(import.meta.dirname, 'migrations', engine);
  return readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file,
      sql: readFileSync(join(dir, file), 'utf8'),
    }));
}

const versions = {
  sqlite: {
    async current(db: Database) {
      return (await db.get<{ user_version: number }>('PRAGMA user_version'))?.user_version ?? 0;
    },
    // PRAGMA takes no bound parameters; the version is a number from the file name.
    record: (db: Database, migration: Migration) => db.exec(`PRAGMA user_version = ${migration.version}`),
  },
  postgres: {
    async current(db: Database) {
      await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
      return (await db.get<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations'))?.v ?? 0;
    },
    record: (db: Database, migration: Migration) =>
      db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]),
  },
};

/** Applies the migrations the database has not seen; returns the versions applied. */
export async function migrate(db: Database): Promise<number[]> {
  const engine = versions[db.engine];
  // Another process applying them meanwhile is waited for; then this one finds them applied.
  const applied = await db.exclusive(
    'recell:migrate',
    async () => {
      const done: number[] = [];
      for (const migration of migrations(db.engine)) {
        if (migration.version <= (await engine.current(db))) continue;
        await db.transaction(async () => {
          await db.exec(migration.sql);
          await engine.record(db, migration);
        });
        done.push(migration.version);
      }
      return done;
    },
    { wait: true },
  );
  return applied ?? [];
}
