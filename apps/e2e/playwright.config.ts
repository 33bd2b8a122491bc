import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '@recell/local/chromium';

export default defineConfig({
  testDir: 'tests',
  globalSetup: './src/global-setup.ts',
  // The journeys share one server and one database, and run in order (the admin deletes the demo buyer last).
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // The journeys check every page at two widths in both themes (axe each time): minutes on a busy 2-core machine.
  timeout: 240_000,
  expect: { timeout: 15_000 },
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
