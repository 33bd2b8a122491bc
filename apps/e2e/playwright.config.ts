import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '@recell/local/chromium';

export default defineConfig({
  testDir: 'tests',
  globalSetup: './src/global-setup.ts',
  // Each worker has its own server, database and Auth emulator (src/stack.ts): spec files run side by side on
  // two workers, and `--shard=k/n` splits them; the tests of one file run in order in one worker.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  // A journey of a dozen pages, each with axe, in one of two browsers sharing two cores with two servers and
  // the rest of `npm test`: 1-4 minutes; a reviews journey took over 3 at load 20.
  timeout: 360_000,
  // what a person waits for (a sign-up landing, a reload of the mocked app's dev server) took over 15 s at
  // load 20 on two cores
  expect: { timeout: 30_000 },
  outputDir: 'test-results/artifacts',
  reporter: [['list'], ['./src/summary-reporter.ts', { outputFile: 'test-results/e2e.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Debian's Chromium, never a downloaded browser (setup-notes.md).
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
  },
});
