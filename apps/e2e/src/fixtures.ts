// The journeys' test objects (each worker's own stack, or the mocked app, as baseURL: src/stack.ts), and
// `check(page, name)`, which every page a journey visits goes through: axe (WCAG 2.x A/AA, zero violations) at the
// page's own width and theme. The width x theme sweep of axe lives where it costs less: every screen story in
// both themes (apps/web, stories-light and stories-dark) and every page at 320 px in both themes over the mocks
// (apps/web/scripts/check-320.test.ts). E2E_SCREENSHOTS=1 also takes each page's full-page screenshots at 375 and
// 1280 px, light and dark, for a person to look at; otherwise Playwright keeps one of a failed test only.
import { expect, test as base, type Page, type PageScreenshotOptions } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { axeViolations } from '@recell/local/axe';
import { startMockApp, startStack, type Running, type Stack } from './stack';

export const screenshotDir = join(import.meta.dirname, '..', '..', 'web', 'test-results', 'screenshots');

/** Named screens that issue notes point at (header-375.png, payment-receipt-375.png), in apps/e2e. */
export const screensDir = join(import.meta.dirname, '..', 'test-results', 'screens');

const WIDTHS = [375, 1280] as const;

/** Whether pages are photographed (E2E_SCREENSHOTS=1): for a person to look at, never a check in itself. */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** A screenshot for a person to look at, taken only with E2E_SCREENSHOTS=1. */
export async function screenshot(
  page: Page,
  options: PageScreenshotOptions & { path: string },
): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(dirname(options.path), { recursive: true });
  await page.screenshot(options);
}

/**
 * A listing's Seller fact as it reads: the name, its marks ("Verified", "Phone verified"), then the seller's
 * rating, "New seller" or "4.8 (3)" (the star is a picture).
 */
export function sellerFactText(name: string, marks: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(name)}${literal(marks)}(New seller|\\d\\.\\d \\(\\d+\\))$`);
}

/** axe (@recell/local/axe, as the 320 px check runs it) on the page as it is now; any violation fails the test. */
async function expectNoAxeViolations(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${name} (${page.url()})`).toEqual([]);
}

/** Full-page screenshots at each width (the phone layout has its own navbar and menus). */
async function screenshotWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** The page waits for the running app after goto and reload. */
const withApp = base.extend({
  // Home, blogs and about arrive as a static frame that the app replaces at its first render: a
  // journey starts once the app is running (its first render marks <html> with data-theme), or it would act
  // on the frame's elements as they go.
  page: async ({ page }, use) => {
    const running = () => page.waitForFunction(() => document.documentElement.dataset.theme !== undefined);
    const { goto, reload } = { goto: page.goto.bind(page), reload: page.reload.bind(page) };
    page.goto = async (...args) => {
      const response = await goto(...args);
      await running();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await running();
      return response;
    };
    await use(page);
  },
});

/**
 * The real stack: this worker's own server, database and Auth emulator, serving the production build. Started
 * with the worker's first test that asks for it and kept for its later ones; a worker that a failure replaced
 * starts a fresh one.
 */
export const test = withApp.extend<{ stack: Stack }, { workerStack: Stack }>({
  workerStack: [
    // Playwright fixtures take their dependencies by destructuring; this one depends on none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  stack: async ({ workerStack }, use) => use(workerStack),
  baseURL: async ({ workerStack }, use) => use(workerStack.url),
});

/** QA's mocked app (`npm run dev:mock`: the Vite dev server in mock mode): MSW in the browser, no server. */
export const mockTest = withApp.extend<object, { mockApp: Running }>({
  mockApp: [
    async ({ launchOptions }, use) => {
      const app = await startMockApp(launchOptions);
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ mockApp }, use) => use(mockApp.url),
});

/** The scaled-out product the scaled config's globalSetup started (`npm run start:scaled`: src/scaled-setup.ts). */
export const scaledTest = withApp.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.RECELL_E2E_URL;
    if (!url) throw new Error('RECELL_E2E_URL is not set: the scaled globalSetup did not start the product');
    await use(url);
  },
});

export { expect };

/** Switches the system colour scheme the app follows, and waits for the app to repaint in it. */
async function switchScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const query = `(prefers-color-scheme: ${scheme})`;
  if (await page.evaluate((media) => matchMedia(media).matches, query)) return;
  const before = await page.evaluate(() => document.documentElement.className);
  await page.emulateMedia({ colorScheme: scheme });
  await expect.poll(() => page.evaluate(() => document.documentElement.className)).not.toBe(before);
}

/**
 * What every page a journey visits goes through: once nothing on it is loading (skeletons and spinners gone),
 * axe with zero violations at its own width and theme. With E2E_SCREENSHOTS=1, full-page screenshots at 375 and
 * 1280 px in the light theme and then the dark one (named `${name}-dark-…`), ending in light.
 */
export async function check(page: Page, name: string): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, name);
  if (!SCREENSHOTS) return;
  await screenshotWidths(page, name);
  await switchScheme(page, 'dark');
  await screenshotWidths(page, `${name}-dark`);
  await switchScheme(page, 'light');
}
