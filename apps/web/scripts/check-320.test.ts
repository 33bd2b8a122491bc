// Every page at 320 px wide, in Debian's Chromium, over the MSW mocks, light and dark: fails when a page
// scrolls sideways, naming what sticks out, or when axe finds a violation (the phone layout's axe sweep in both
// themes lives here; the e2e journeys check each real page once, at its own width). It serves the built app (dist/) and answers /api from the mocks'
// handlers inside Playwright's router, so it needs no server, no identity emulator and no network.
// With E2E_SCREENSHOTS=1, screenshots land in test-results/320/.   npm run check:320 -w @recell/web (builds first)
// It runs under vitest (vitest.check-320.config.ts) because the mocks import the contract with Vite's ?raw.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { bookings, caughtMail, demoAccounts } from '@recell/api/fixtures';
import { createHandlers, createMockStore } from '@recell/api/mocks';
import { getResponse } from 'msw';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '@recell/local/axe';
import { CHROMIUM, CHROMIUM_FLAGS } from '@recell/local/chromium';
import { sessionFor } from '../src/testing/session.ts';

const WIDTH = Number(process.env.CHECK_WIDTH ?? 320);
const ORIGIN = 'http://recell.test';
const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const pictures = resolve(root, '../../packages/api/src/fixtures/pictures');
const shots = join(root, 'test-results', String(WIDTH));
/** Screenshots for a person to look at (E2E_SCREENSHOTS=1), as the e2e journeys take them. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

type Persona = keyof typeof demoAccounts | 'visitor';
const unpaid = bookings.find((booking) => !booking.paid && booking.email === demoAccounts.buyer.email)!;
const pages: [Persona, string][] = [
  ['visitor', '/'],
  ['visitor', '/blogs'],
  ['visitor', '/about'],
  ['visitor', '/login'],
  ['visitor', '/register'],
  ['visitor', '/no-such-page'],
  ['buyer', '/'],
  ['buyer', '/category/02'],
  ['buyer', '/category/02?maxPrice=350&condition=Good&sort=price_asc'],
  ['buyer', '/search?q=128'],
  // one long word, as someone might paste it: the heading and its chip wrap or shorten
  ['buyer', '/search?q=quokka17953714578411795371457841'],
  ['buyer', '/mobile/m-samsung-s21'],
  // the public price page: a chart, two tables of figures
  ['visitor', '/prices/samsung-galaxy-s21'],
  ['buyer', '/dashboard'],
  ['buyer', '/dashboard/wishlist'],
  ['buyer', `/dashboard/payment/${unpaid._id}`],
  ['seller', '/dashboard/addProduct'],
  ['seller', '/dashboard/myProduct'],
  ['seller', '/dashboard/myBuyers'],
  ['admin', '/dashboard/users'],
  ['admin', '/dashboard/report'],
  ['seller', '/dashboard/notifications'],
  ['buyer', '/dashboard/notifications/settings'],
  ['admin', '/dashboard/mail'],
  ['admin', `/dashboard/mail/${caughtMail[0]!._id}`],
  ['visitor', `/unsubscribe?token=${demoAccounts.buyer._id}.message.${'A'.repeat(43)}`],
];

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

function serveFile(route: Route, file: string) {
  return route.fulfill({
    body: readFileSync(file),
    contentType: types[extname(file)] ?? 'application/octet-stream',
  });
}

/** The built app, /uploads pictures from the fixtures, and /api from a fresh mock store per page. */
async function serve(page: Page) {
  const handlers = createHandlers(createMockStore());
  await page.route(`${ORIGIN}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    // the live stream never ends, and route.fulfill needs a whole body: answer 204 (no stream, the app polls
    // instead), so the page can go quiet for the network-idle wait below
    if (url.pathname === '/api/events') return route.fulfill({ status: 204 });
    if (url.pathname.startsWith('/api/')) {
      const body = request.postDataBuffer();
      const response = await getResponse(
        handlers,
        new Request(url, {
          method: request.method(),
          headers: await request.allHeaders(),
          ...(body && request.method() !== 'GET' ? { body: new Uint8Array(body) } : {}),
        }),
      );
      if (!response) return route.fulfill({ status: 404, json: { message: 'Not found' } });
      return route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    }
    if (url.pathname.startsWith('/uploads/')) {
      const file = join(pictures, url.pathname.split('/').pop()!);
      return existsSync(file) ? serveFile(route, file) : route.fulfill({ status: 404 });
    }
    const file = join(dist, url.pathname);
    return existsSync(file) && !file.endsWith('/') && extname(file)
      ? serveFile(route, file)
      : serveFile(route, join(dist, 'index.html'));
  });
}

interface Overflow {
  scrollWidth: number;
  offenders: string[];
  /** What a table's cell shows (an action: Pay, Delete, Advertise; a badge) past the right edge, even inside a scroller. */
  hiddenCells: string[];
}

/** The page's width and the visible elements reaching past the right edge outside any clipping box. */
function measure(): Overflow {
  const width = window.innerWidth;
  const clipped = (element: Element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (parent === document.body) return false;
      if (getComputedStyle(parent).overflowX !== 'visible') return true;
    }
    return false;
  };
  const offenders = [...document.body.querySelectorAll('*')]
    .filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.right > width + 0.5 && !clipped(element);
    })
    .slice(0, 8)
    .map((element) => {
      const rect = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`;
      return `${name} "${(element.textContent ?? '').trim().slice(0, 40)}" right=${Math.round(rect.right)}`;
    });
  const hiddenCells = [...document.querySelectorAll('table td *')]
    .filter((element) => element.getBoundingClientRect().right > width + 0.5)
    .map(
      (element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
    );
  return { scrollWidth: document.documentElement.scrollWidth, offenders, hiddenCells };
}

let browser: Browser;
beforeAll(async () => {
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('Build the app first: npm run build -w @recell/web');
  if (SCREENSHOTS) mkdirSync(shots, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
});
afterAll(() => browser?.close());

describe.each(['light', 'dark'] as const)(`at ${WIDTH} px wide (%s)`, (scheme) => {
  it.each(pages)('%s: %s fits without scrolling sideways and passes axe', async (persona, path) => {
    const context = await browser.newContext({
      viewport: { width: WIDTH, height: 720 },
      colorScheme: scheme,
    });
    try {
      if (persona !== 'visitor') {
        const session = JSON.stringify(sessionFor(demoAccounts[persona]));
        await context.addInitScript((value) => localStorage.setItem('recell.session', value), session);
      }
      const page = await context.newPage();
      await serve(page);
      await page.goto(`${ORIGIN}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const result = await page.evaluate(measure);
      const name = `${scheme}-${persona}${path === '/' ? '_home' : path.replaceAll('/', '_')}`;
      // The demo mail's HTML sits in an empty-sandbox frame, which is cross-origin (opaque): Chromium does not
      // render such a frame while it is off the screen, and a full-page capture does not make it, so below the
      // fold it came out blank. Scrolled into view once, it is painted and stays in the capture (scrolled back
      // to the top it is skipped again; the sticky navbar then shows where the page was scrolled to).
      if (SCREENSHOTS) {
        for (const frame of await page.locator('iframe').all()) await frame.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
      }
      expect(result.scrollWidth, `sticks out:\n${result.offenders.join('\n')}`).toBeLessThanOrEqual(WIDTH);
      expect(result.hiddenCells, "a table's cells off the screen").toEqual([]);
      // axe cannot enter a caught email's frame, whose empty sandbox runs no script (by design): it waits for the
      // frame a minute and fails; the mail list is checked, as the e2e journey checks it (notifications.spec.ts)
      if (!path.startsWith('/dashboard/mail/'))
        expect(await axeViolations(page), `axe violations at ${WIDTH} px (${scheme})`).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
