// Issue 16: /robots.txt and the sitemap are the server's own (not the SPA's HTML), valid, and list what they
// should: the public pages and every listing for sale, never the dashboard, a sold or a removed listing. Past
// 50,000 URLs the sitemap is an index of pages of at most 50,000.
import express from 'express';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { publicOrigin } from '../src/modules/seo/origin';
import { SITEMAP_SQL, seoRepository } from '../src/modules/seo/repository';
import { sitemapRoutes } from '../src/modules/seo/sitemap';
import { createListing } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();
const origin = () => publicOrigin(ctx.app.config);
const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap'].includes(name),
});

interface UrlSet {
  urlset?: { '@_xmlns': string; url?: { loc: string; lastmod?: string }[] };
  sitemapindex?: { '@_xmlns': string; sitemap: { loc: string }[] };
}

/** A sitemap file, checked well-formed and in the sitemaps.org namespace. */
async function sitemap(server: Parameters<typeof request>[0], path: string) {
  const response = await request(server).get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(XMLValidator.validate(response.text), path).toBe(true);
  const doc = parser.parse(response.text) as UrlSet;
  const root = doc.urlset ?? doc.sitemapindex;
  expect(root?.['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return doc;
}

const forSale = async () =>
  (await ctx.app.db.all<{ id: string }>('SELECT id FROM mobiles WHERE stock > 0')).map(
    (row) => `${origin()}/mobile/${row.id}`,
  );

/** Robots rules as crawlers apply them (RFC 9309): the longest matching rule wins, Allow on a tie. */
function allowedBy(robots: string) {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow): (\S+)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ allow: match[1] === 'Allow', prefix: match[2]! }));
  return (path: string) => {
    const matching = rules.filter((rule) => path.startsWith(rule.prefix));
    matching.sort((a, b) => b.prefix.length - a.prefix.length || Number(b.allow) - Number(a.allow));
    return matching[0]?.allow ?? true;
  };
}

describe('/robots.txt', () => {
  it('is plain text in valid robots syntax: public pages allowed, the dashboard and the API not, and names the sitemap', async () => {
    const response = await request(ctx.app.server).get('/robots.txt').set('accept', 'text/html');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.text.split('\n').filter(Boolean);
    for (const line of lines) expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${origin()}/sitemap.xml`);
    const allowed = allowedBy(response.text);
    for (const path of [
      '/',
      '/blogs',
      '/about',
      '/mobile/m-samsung-s21',
      '/category/02',
      '/api/mobile/m-x',
    ]) {
      expect(allowed(path), path).toBe(true);
    }
    for (const path of ['/dashboard', '/dashboard/my-orders', '/api/users', '/api/mobiles/02', '/api/jwt']) {
      expect(allowed(path), path).toBe(false);
    }
  });
});

describe('/sitemap.xml', () => {
  it('lists the public pages and every listing for sale with its lastmod; no sold, removed or private page', async () => {
    const kept = await createListing(ctx.app.server, ctx.people.seller.token);
    const sold = await createListing(ctx.app.server, ctx.people.seller.token);
    const removed = await createListing(ctx.app.server, ctx.people.seller.token);
    const token = ctx.people.seller.token;
    expect(
      (await call(ctx.app.server, 'patch', `/api/mobile/${sold}`, { token, body: { stock: 0 } })).status,
    ).toBe(200);
    expect((await call(ctx.app.server, 'delete', `/api/mobile/${removed}`, { token })).status).toBe(200);

    const doc = await sitemap(ctx.app.server, '/sitemap.xml');
    const urls = doc.urlset?.url ?? [];
    const locs = urls.map((url) => url.loc);
    expect(locs.slice(0, 3)).toEqual([`${origin()}/`, `${origin()}/blogs`, `${origin()}/about`]);
    // then the price pages of the models with enough deals (seo-prices.test.ts), then the listings
    const listings = locs.slice(3).filter((loc) => !loc.startsWith(`${origin()}/prices/`));
    const priced = locs.slice(3, locs.length - listings.length);
    expect(priced.every((loc) => loc.startsWith(`${origin()}/prices/`))).toBe(true);
    expect(listings.sort()).toEqual((await forSale()).sort());
    expect(locs).toContain(`${origin()}/mobile/${kept}`);
    expect(locs).not.toContain(`${origin()}/mobile/${sold}`);
    expect(locs).not.toContain(`${origin()}/mobile/${removed}`);
    expect(locs.filter((loc) => /dashboard|\/api\/|login/.test(loc))).toEqual([]);
    for (const url of urls.slice(3))
      expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });

  it("gives a listing's lastmod as when its public page last changed, not when it was posted", async () => {
    const token = ctx.people.seller.token;
    const id = await createListing(ctx.app.server, token);
    const lastmod = async () => {
      const urls = (await sitemap(ctx.app.server, '/sitemap.xml')).urlset?.url ?? [];
      return urls.find((url) => url.loc === `${origin()}/mobile/${id}`)?.lastmod;
    };
    const posted = (await call(ctx.app.server, 'get', `/api/mobile/${id}`)).body as {
      the_time_it_posted: string;
    };
    expect(await lastmod()).toBe(posted.the_time_it_posted);
    // The seller's phone number is not on the public page: changing it is not a change a crawler should refetch.
    await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token,
      body: { number_of_seller: '+880 1700 111111' },
    });
    expect(await lastmod()).toBe(posted.the_time_it_posted);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token,
      body: { resale_price: 650 },
    });
    expect(edited.status).toBe(200);
    const after = await lastmod();
    expect(after! > posted.the_time_it_posted).toBe(true);
    expect(Date.now() - Date.parse(after!)).toBeLessThan(60_000);
  });

  it('names the configured origin, whatever Host the request names', async () => {
    const response = await request(ctx.app.server).get('/sitemap.xml').set('host', 'evil.example');
    expect(response.text).not.toContain('evil.example');
    expect(response.text).toContain(`<loc>${origin()}/</loc>`);
  });

  it('becomes an index of pages of at most N URLs that together list every listing for sale once', async () => {
    const perFile = 4;
    const app = express().use(sitemapRoutes({ repo: seoRepository(ctx.app.db), origin: origin(), perFile }));
    const index = await sitemap(app, '/sitemap.xml');
    const files = (index.sitemapindex?.sitemap ?? []).map((entry) => entry.loc);
    const last =
      (await ctx.app.db.get<{ last: number }>('SELECT max(rowid) AS last FROM mobiles'))?.last ?? 0;
    expect(files).toEqual([
      `${origin()}/sitemaps/pages.xml`,
      ...Array.from(
        { length: Math.ceil(last / perFile) },
        (_, i) => `${origin()}/sitemaps/listings-${i + 1}.xml`,
      ),
    ]);
    const listed: string[] = [];
    for (const file of files) {
      const urls = (await sitemap(app, file.slice(origin().length))).urlset?.url ?? [];
      expect(urls.length).toBeLessThanOrEqual(perFile);
      listed.push(...urls.map((url) => url.loc));
    }
    expect(listed.slice(0, 3)).toEqual([`${origin()}/`, `${origin()}/blogs`, `${origin()}/about`]);
    expect(listed.slice(3).sort()).toEqual((await forSale()).sort());
    const beyond = await request(app).get(`/sitemaps/listings-${files.length}.xml`);
    expect(beyond.status).toBe(404);
  });

  it('at 120,000 listings it is an index of files of at most 50,000 that list every listing for sale', async () => {
    await ctx.app.db.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 120000)
       INSERT INTO mobiles (id, seller_id, category_id, title, picture, location, resale_cents, buying_cents,
         year_of_purchase, year_of_uses, posted_at, seller_name, condition, number_of_seller, details,
         booking_ref, stock)
       SELECT 'bulk-' || i, (SELECT seller_id FROM mobiles LIMIT 1), '01', 'Bulk phone', '/uploads/seed/x.svg',
         'Dhaka', 10000, 20000, 2022, 1, '2026-01-01T00:00:00.000Z', 'Bulk', 'Good', '+880', 'Fine', 'B',
         CASE WHEN i % 10 = 0 THEN 0 ELSE 1 END
       FROM n`,
    );
    const index = await sitemap(ctx.app.server, '/sitemap.xml');
    const files = (index.sitemapindex?.sitemap ?? []).map((entry) => entry.loc.slice(origin().length));
    expect(files).toEqual([
      '/sitemaps/pages.xml',
      '/sitemaps/listings-1.xml',
      '/sitemaps/listings-2.xml',
      '/sitemaps/listings-3.xml',
    ]);
    let total = 0;
    for (const file of files.slice(1)) {
      const urls = (await sitemap(ctx.app.server, file)).urlset?.url ?? [];
      expect(urls.length).toBeLessThanOrEqual(50_000);
      total += urls.length;
    }
    expect(total).toBe((await forSale()).length);
    const beyond = await request(ctx.app.server).get('/sitemaps/listings-4.xml');
    expect(beyond.status).toBe(404);
    expect(beyond.body).toEqual({ message: 'Not found' });
    // PostgreSQL writes 120,000 rows with their full-text words and indexes more slowly than SQLite.
  }, 120_000);

  it('reads listings by a rowid seek, never a scan or a count, so a file costs the same at any size', async () => {
    if (ctx.app.db.engine === 'sqlite') {
      const plan = async (sql: string, params: (string | number)[]) =>
        (await ctx.app.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params)).map(
          (row) => row.detail,
        );
      expect(await plan(SITEMAP_SQL.forSale, [0, 50_000, 2_000])).toEqual([
        'SEARCH mobiles USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)',
      ]);
      expect(await plan(SITEMAP_SQL.lastRowid, [])).toEqual(['SEARCH mobiles']);
    } else {
      // PostgreSQL's rowid is a column with a unique index (postgres/001): both read that index, and neither
      // the whole table (Seq Scan) nor a count. Plans are read with the planner's table scans off, so a small
      // test table (where a scan is cheaper) still shows whether an index path exists at all.
      const plan = async (sql: string, params: (string | number)[]) =>
        ctx.app.db.transaction(async () => {
          await ctx.app.db.exec('SET LOCAL enable_seqscan = off');
          const rows = await ctx.app.db.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
      for (const [sql, params] of [
        [SITEMAP_SQL.forSale, [0, 50_000, 2_000]],
        [SITEMAP_SQL.lastRowid, []],
      ] as const) {
        const shown = await plan(sql, [...params]);
        expect(shown).toMatch(/Index (Only )?Scan (Backward )?(using|on) mobiles_rowid_key/);
        expect(shown).not.toMatch(/Seq Scan|Aggregate.*count/i);
      }
    }
  });
});
