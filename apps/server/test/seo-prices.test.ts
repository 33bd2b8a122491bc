// Issue 46: a model's public price page (/prices/{modelKey}) is served with its own head (title, a description
// that says what it sold for, canonical, Open Graph) and its guide, drawn into #root by the web build's
// server-side module, so the figures are in the HTML with JavaScript off. A model with too few deals for a figure
// is noindex and out of the sitemap; a key that names no model is a 404. The sitemap lists the others.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyMonths, PRICE_GUIDE_MIN_DEALS, type PriceGuide } from '@recell/api';
import { FRAMES_MODULE, PAGES_FILE, SERVED_PRICE_GUIDE_ELEMENT, type PageEntry } from '@recell/api/pages';
import { XMLParser } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { pricesRepository } from '../src/modules/prices/repository';
import { publicOrigin } from '../src/modules/seo/origin';
import { call, useServer } from './support/harness';
import { readPage } from './support/html';
import { BUILT_PAGES, fakeWebDist } from './support/web-dist';

const dir = mkdtempSync(join(tmpdir(), 'recell-seo-prices-'));
const dist = fakeWebDist(dir);
// the build's row for the page, as apps/web's route table describes it (regexparam's pattern)
const PRICES_ROW: PageEntry = {
  path: '/prices/:modelKey',
  match: { source: '^\\/prices\\/([^/]+?)\\/?$', flags: 'i', keys: ['modelKey'] },
  dataHead: 'priceGuide',
  files: [],
};
writeFileSync(join(dist, PAGES_FILE), JSON.stringify([...BUILT_PAGES, PRICES_ROW]));
// A stand-in for the build's module (the real one, React drawing the page, is held to the browser's first render
// by apps/web's frame.test, and run for real by the e2e price-guide spec): it draws what it was given, as text.
mkdirSync(join(dist, 'ssr'), { recursive: true });
writeFileSync(
  join(dist, FRAMES_MODULE),
  `
    const text = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    export async function renderPriceGuideFrame(path, guide) {
      return '<main id="main"><h1>' + text(guide.model.title) + '</h1><p>Median $' + guide.overall.median +
        '</p><table>' + guide.history.map((month) => '<tr><th>' + month.month + '</th><td>' + month.count +
        '</td></tr>').join('') + '</table></main>';
    }
  `,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ctx = useServer({ WEB_DIST: dist });
const origin = () => publicOrigin(ctx.app.config);
const page = (path: string) => request(ctx.app.server).get(path).set('accept', 'text/html');
const money = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

const DAY_MS = 24 * 60 * 60 * 1000;
let serial = 0;
/** Captured prices of a catalogue model, `days` before now each; `counted: false` is a same-person deal. */
async function capture(
  modelKey: string,
  title: string,
  days: readonly number[],
  { counted = true }: { counted?: boolean } = {},
) {
  const prices = pricesRepository(ctx.app.db);
  for (const ago of days) {
    serial += 1;
    await prices.insert({
      id: `pc-test-${modelKey}-${serial}`,
      booking_id: null,
      source: 'demo',
      model_key: modelKey,
      category_id: '01',
      title,
      storage_gb: 256,
      condition: 'Good',
      price_cents: 30_000 + serial * 100,
      captured_at: new Date(Date.now() - ago * DAY_MS).toISOString(),
      not_counted: counted ? null : 'same_person',
    });
  }
}

const guideOf = async (key: string) =>
  (await call(ctx.app.server, 'get', `/api/price-guide/${key}`)).body as PriceGuide;

describe("a model's price page", () => {
  it('carries its own head, serves its guide and paints its figures with the HTML (JavaScript off)', async () => {
    const guide = await guideOf('samsung-galaxy-s21');
    // the demo's captured prices: enough for the figures
    expect(guide.overall.median).toBeDefined();
    const response = await page('/prices/samsung-galaxy-s21');
    expect(response.status).toBe(200);
    const html = readPage(response.text);
    const url = `${origin()}/prices/samsung-galaxy-s21`;
    expect(html.titles).toEqual(['Samsung Galaxy S21 price guide | ReCell']);
    const [description] = html.metaName('description');
    expect(description).toContain('What a used Samsung Galaxy S21 really sold for on ReCell');
    expect(description).toContain(
      `median ${money(guide.overall.median!)}, half between ${money(guide.overall.p25!)} and ${money(guide.overall.p75!)}`,
    );
    expect(html.canonical).toEqual([url]);
    expect(html.metaName('robots')).toEqual([]);
    expect(html.metaProperty('og:url')).toEqual([url]);
    expect(html.metaProperty('og:title')).toEqual(['Samsung Galaxy S21 price guide']);
    // the guide the page was made from, exactly as the API answers it, for the app's first render
    const served = html.scripts.filter((script) => script.type === 'application/json');
    expect(served).toHaveLength(1);
    expect(response.text).toContain(`id="${SERVED_PRICE_GUIDE_ELEMENT}"`);
    expect(JSON.parse(served[0]!.text)).toEqual(guide);
    // drawn from it into #root: the median and the history's table are in the HTML itself
    expect(html.root).toBe(
      `<main id="main"><h1>Samsung Galaxy S21</h1><p>Median $${guide.overall.median}</p><table><tbody>${guide.history
        .map((month) => `<tr><th>${month.month}</th><td>${month.count}</td></tr>`)
        .join('')}</tbody></table></main>`,
    );
    expect(guide.history.reduce((sum, month) => sum + month.count, 0)).toBeGreaterThanOrEqual(
      PRICE_GUIDE_MIN_DEALS,
    );
  });

  it('a model with fewer deals than a figure needs says how many, and is kept out of search', async () => {
    await capture('xiaomi-13t', 'Xiaomi 13T', [3, 20, 40]);
    const response = await page('/prices/xiaomi-13t');
    expect(response.status).toBe(200);
    const html = readPage(response.text);
    expect(html.titles).toEqual(['Xiaomi 13T price guide | ReCell']);
    expect(html.metaName('description')[0]).toContain(
      `not enough completed deals yet (3 of ${PRICE_GUIDE_MIN_DEALS}) in the last 90 days`,
    );
    expect(html.metaName('robots')).toEqual(['noindex']);
    expect(JSON.parse(html.scripts.find((script) => script.type === 'application/json')!.text)).toEqual(
      await guideOf('xiaomi-13t'),
    );
  });

  it('a key that names no model (unknown, badly formed, too long) is a 404 kept out of search, with nothing served', async () => {
    for (const key of ['nokia-3310-classic', 'Samsung_Galaxy', 'a'.repeat(81), '%3Cscript%3E']) {
      const response = await page(`/prices/${key}`);
      expect(response.status, key).toBe(404);
      const html = readPage(response.text);
      expect(html.titles).toEqual(['Model not found | ReCell']);
      expect(html.metaName('robots')).toEqual(['noindex']);
      expect(html.scripts.map((script) => script.type)).not.toContain('application/json');
      expect(html.root).toBe('');
      expect(html.hasRoot).toBe(true);
    }
  });
});

describe("the sitemap's price pages", () => {
  const parser = new XMLParser({ isArray: (name) => name === 'url' });
  const listed = async () => {
    const response = await request(ctx.app.server).get('/sitemap.xml');
    expect(response.status).toBe(200);
    const urls = (parser.parse(response.text) as { urlset: { url: { loc: string; lastmod?: string }[] } })
      .urlset.url;
    return new Map(
      urls
        .filter((url) => url.loc.startsWith(`${origin()}/prices/`))
        .map((url) => [url.loc.slice(`${origin()}/prices/`.length), url.lastmod]),
    );
  };

  it('lists each model with the minimum of counted deals in the last 12 months, with its newest as lastmod', async () => {
    // four counted and one between two accounts of one person: not yet
    await capture('xiaomi-redmi-note-12', 'Xiaomi Redmi Note 12', [1, 5, 9, 30]);
    await capture('xiaomi-redmi-note-12', 'Xiaomi Redmi Note 12', [2], { counted: false });
    // enough deals, all before the guide's 12 months
    const before = Math.ceil(
      (Date.now() - Date.parse(`${historyMonths(new Date())[0]}-01T00:00:00Z`)) / DAY_MS,
    );
    await capture(
      'xiaomi-redmi-note-12-5g',
      'Xiaomi Redmi Note 12 5G',
      [1, 2, 3, 4, 5].map((n) => before + n),
    );

    const first = await listed();
    // the demo's Galaxy S21 and iPhone 13 (the shared fixtures)
    expect([...first.keys()]).toContain('samsung-galaxy-s21');
    expect([...first.keys()]).toContain('apple-iphone-13');
    for (const key of ['xiaomi-13t', 'xiaomi-redmi-note-12', 'xiaomi-redmi-note-12-5g'])
      expect(first.has(key), key).toBe(false);
    // each listed page is one the page itself lets a search engine keep (not noindex)
    for (const key of first.keys()) {
      const html = readPage((await page(`/prices/${key}`)).text);
      expect(html.metaName('robots'), key).toEqual([]);
    }

    // a fifth counted deal: listed, its lastmod the newest counted capture
    await capture('xiaomi-redmi-note-12', 'Xiaomi Redmi Note 12', [0.5]);
    const newest = await ctx.app.db.get<{ at: string }>(
      "SELECT max(captured_at) AS at FROM price_captures WHERE model_key = 'xiaomi-redmi-note-12' AND counts = 1",
    );
    const second = await listed();
    expect(second.get('xiaomi-redmi-note-12')).toBe(newest!.at);
    const html = readPage((await page('/prices/xiaomi-redmi-note-12')).text);
    expect(html.metaName('robots')).toEqual([]);
  });
});
