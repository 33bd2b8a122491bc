import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // One real Firebase Auth emulator for the whole run, started and stopped by PID here.
    globalSetup: ['test/support/auth-emulator.ts'],
    // Each file gets its own server and SQLite file; two at a time fit two cores beside the emulator.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 180_000,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
