// The buyer journey against the scaled-out product (`npm run start:scaled`: PostgreSQL, several server processes,
// nginx in front; src/scaled-setup.ts), after the main suite in `npm test -w @recell/e2e`.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: 'scaled',
  // one product for both files, and failover.spec.ts kills one of its processes
  workers: 1,
  // the whole journey is one test, and here it shares two cores with PostgreSQL, nginx and every server process
  timeout: 300_000,
  globalSetup: './src/scaled-setup.ts',
  outputDir: 'test-results/scaled-artifacts',
  reporter: [['list'], ['./src/summary-reporter.ts', { outputFile: 'test-results/e2e-scaled.json' }]],
});
