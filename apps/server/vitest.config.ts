import { defineConfig } from 'vitest/config';

// Which engines each file runs on, visibly (in the spirit of Backstage's TestDatabases). By default a file
// runs on both, SQLite (the embedded default) and PostgreSQL (DATABASE_URL): every file that touches SQL,
// transactions, the repositories' own rules, the read cache, rate limits, the outbox or the live bus.
// `*.postgres.test.ts` (many processes on one database) run on PostgreSQL only; two lists run on SQLite only.
//
// SQLITE_ONLY: SQLite's own machinery (the connection, its files, the embedded start-up of `npm start`).
const SQLITE_ONLY = [
  'test/database.test.ts',
  'test/read-pool.test.ts',
  'test/restart.test.ts',
  'test/demo-mode.test.ts',
  'test/emulator-accounts.test.ts',
  'test/emulator-tokens.test.ts',
  'test/start-processes.test.ts',
  // the search statements' plans on SQLite (INDEXED BY, sqlite_stat1); PostgreSQL plans them itself
  'test/search-plans.test.ts',
];

// ONE_ENGINE: files whose subject is HTTP, HTML, the identity service or a pure function, run once. What
// they assert is the same on either engine, and the SQL they cause is plain reads and writes that the files
// on both engines cover. A file that mixes such tests with SQL of its own stays on both: hygiene (the
// rate-limit table, the read cache), request-path (a role change seen through the read cache), hostile-input
// and security (CHECKs, races, deletes).
const ONE_ENGINE = [
  // pure: the named-to-positional parameter rewrite, no database
  'test/named-params.test.ts',
  // pure: the log's format and LOG_FORMAT, no server
  'test/logger.test.ts',
  // pure: the concurrency gates in front of sharp, and the pictures service on a temp folder
  'test/pictures-gates.test.ts',
  // no server, a stub database: the stream's keep-alive timing and NOTIFY's payload batching (pure)
  'test/live-stream.test.ts',
  // opens its own SQLite file whatever the project (PostgreSQL's read cache: read-cache.postgres.test.ts)
  'test/cached-json.test.ts',
  // HTTP: encodings, Vary and caching of assets, page shells and JSON answers
  'test/compression.test.ts',
  // HTML: page heads, escaping, frames and preloads, drawn from catalogue reads that run on both elsewhere
  'test/seo-shell.test.ts',
  // HTML: a frame drawn from the API's own read-only answer, never stored
  'test/signed-in-frame.test.ts',
  // the emulator's second step and the access token's claims; refusals come before any handler's SQL
  'test/second-factor.test.ts',
  // every operation with an admin token that lacks the second step: refused in authenticate.ts before any SQL
  'test/admin-without-second-step.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Each file gets its own server and database; two at a time fit two cores beside the emulator.
    maxWorkers: 2,
    // A test that starts server processes of its own (test/support/child-server.ts: a kill -9 and a restart) or
    // waits on the Auth emulator took over 30 s beside the browser suites and two CPU hogs on two cores.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.postgres.test.ts'],
          // One real Firebase Auth emulator for the whole run, started and stopped by PID here.
          globalSetup: ['test/support/auth-emulator.ts'],
          provide: { postgresUrl: '' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/**/*.test.ts'],
          exclude: [...SQLITE_ONLY, ...ONE_ENGINE],
          globalSetup: ['test/support/auth-emulator.ts', 'test/support/postgres.ts'],
        },
      },
    ],
  },
});
