// The journeys' test objects (globalSetup's server, or the mocked app, as baseURL), and `check(page, name)`,
// which every page a journey visits goes through: at 375 and 1280 px, light and dark, axe (WCAG 2.x A/AA, zero
// violations) and a full-page screenshot.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { join } from 'node:path';

export const screenshotDir = join(import.meta.dirname, '..', '..', 'web', 'test-results', 'screenshots');

/** Named screens that issue notes point at (header-375.png, payment-receipt-375.png), in apps/e2e. */
export const screensDir = join(import.meta.dirname, '..', 'test-results', 'screens');

const WIDTHS = [375, 1280] as const;

/**
 * A listing's Seller fact as it reads: the name, its marks ("Verified", "Phone verified"), then the seller's
 * rating, "New seller" or "4.8 (3)" (the star is a picture).
 */
export function sellerFactText(name: string, marks: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(name)}${literal(marks)}(New seller|\\d\\.\\d \\(\\d+\\))$`);
}

/** axe with the WCAG 2.x A/AA rules on the page as it is now; any violation fails the test. */
async function expectNoAxeViolations(page: Page, name: string): Promise<void> {
  // A dialog still fading in reads as low contrast (its buttons are half transparent): axe waits for every
  // finite animation or transition to end (a spinner's endless one never would).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // react-aria's off-screen live announcer keeps an announcement that points (aria-labelledby) at a label
    // which has already left the page; it is react-aria's node, not the app's.
    .exclude('[data-live-announcer]')
    .analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 200)}`)
        .join('\n  ')}`,
  );
  expect(summary, `axe violations on ${name} (${page.url()})`).toEqual([]);
}

/** At each width (the phone layout has its own navbar and menus): axe, then a full-page screenshot. */
async function checkWidths(page: Page, name: string): Promise<void> {
  // no page is checked half-loaded: skeletons and spinners are gone first
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** A test object whose baseURL is the app globalSetup started and named in this environment variable. */
function testOn(variable: 'RECELL_E2E_URL' | 'RECELL_E2E_MOCK_URL') {
  return base.extend({
    // Home, blogs and about arrive as a static frame that the app replaces at its first render (issue 12): a
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
    // Playwright fixtures take their dependencies by destructuring; the base URL depends on none.
    // eslint-disable-next-line no-empty-pattern
    baseURL: async ({}, use) => {
      const url = process.env[variable];
      if (!url) throw new Error(`${variable} is not set: globalSetup did not start the app`);
      await use(url);
    },
  });
}

/** The real stack: server, database, Auth emulator and the production build. */
export const test = testOn('RECELL_E2E_URL');

/** QA's mocked app (`npm run dev:mock`: the Vite dev server in mock mode): MSW in the browser, no server. */
export const mockTest = testOn('RECELL_E2E_MOCK_URL');

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
 * What every page a journey visits goes through: at 375 and 1280 px, in the light theme and then the dark one
 * (the app follows the system's scheme; screenshots of the dark one are named `${name}-dark-…`), axe with zero
 * violations and a full-page screenshot. It ends in light.
 */
export async function check(page: Page, name: string): Promise<void> {
  await checkWidths(page, name);
  await switchScheme(page, 'dark');
  await checkWidths(page, `${name}-dark`);
  await switchScheme(page, 'light');
}
