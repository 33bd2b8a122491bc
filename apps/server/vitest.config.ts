import { defineConfig } from 'vitest/config';

// The whole integration suite runs twice: on SQLite (the embedded default) and on PostgreSQL (DATABASE_URL).
// Files about SQLite's own machinery (the connection, its files, the embedded start-up of `npm start`) run on
// SQLite only; `*.postgres.test.ts` (many processes on one database) on PostgreSQL only.
const SQLITE_ONLY = [
  'test/database.test.ts',
  'test/read-pool.test.ts',
  'test/restart.test.ts',
  'test/demo-mode.test.ts',
  'test/emulator-accounts.test.ts',
  'test/emulator-tokens.test.ts',
  'test/start-processes.test.ts',
  // pure: no database
  'test/safety.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Each file gets its own server and database; two at a time fit two cores beside the emulator.
    maxWorkers: 2,
    testTimeout: 30_000,
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
          exclude: SQLITE_ONLY,
          globalSetup: ['test/support/auth-emulator.ts', 'test/support/postgres.ts'],
        },
      },
    ],
  },
});
