// Issue 16: the HTML shell a listing (and home, blogs, about, a category) is served in carries that page's own
// title, description, canonical URL, Open Graph and Twitter tags and, for a listing, schema.org Product JSON-LD,
// all escaped; a sold listing says so, a removed one is a 404 with nothing of what it was.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoSellerPhones } from '@recell/api/fixtures';
import {
  AUTH_EMULATOR_META,
  FIRST_ANSWER_META,
  FRAMES_MODULE,
  SERVED_LISTING_ELEMENT,
} from '@recell/api/pages';
import express from 'express';
import { loadConfig } from '../src/config';
import { AFTER_PAINT_SCRIPT } from '../src/modules/seo/after-paint';
import { FIRST_ANSWER_SCRIPT, FIRST_ANSWER_SCRIPT_SOURCE } from '../src/modules/seo/first-answer';
import { publicOrigin } from '../src/modules/seo/origin';
import type { HeadFor } from '../src/modules/seo/pages';
import { DRAWS_PER_SECOND, pageShell } from '../src/modules/seo/shell';
import { signUpAccount, uniqueEmail } from './support/accounts';
import { createListing } from './support/fixtures';
import { call, useServer } from './support/harness';
import { readPage } from './support/html';
import { validateProduct } from './support/schema-org';
import { BUILT_INDEX, fakeWebDist, writePages } from './support/web-dist';

const dir = mkdtempSync(join(tmpdir(), 'recell-seo-'));
const dist = fakeWebDist(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ctx = useServer({ WEB_DIST: dist });
const origin = () => publicOrigin(ctx.app.config);
// The seller's verified number: the only one a listing shows.
const PHONE = demoSellerPhones[demoAccounts.seller._id]!;

/** A demo server's page without the meta tag naming its Auth emulator (the shell adds it before </head>). */
const withoutEmulator = (html: string) =>
  html.replace(new RegExp(`<meta name="${AUTH_EMULATOR_META}" content="[^"]*" />\\n  `), '');

const APP_SCRIPT = '<script type="module" crossorigin src="/assets/index-3f9a1c.js"></script>';
/**
 * A framed page's scripts are asked for after its first paint: the app's module script waits in the template
 * (inert), nowhere else in the page, and the one inline script the CSP admits is there to add it.
 */
function waitsForPaint(html: string): boolean {
  const template = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(html);
  const outside = html.replace(template?.[0] ?? '', '');
  return (
    !!template?.[1]?.includes(APP_SCRIPT) &&
    !outside.includes('type="module"') &&
    outside.includes(`<script>${AFTER_PAINT_SCRIPT}</script>`)
  );
}

const page = (path: string) => request(ctx.app.server).get(path).set('accept', 'text/html');
const newListing = (overrides: Record<string, unknown> = {}) =>
  createListing(ctx.app.server, ctx.people.seller.token, overrides);

describe('a listing page', () => {
  it("carries its own title, description, canonical, Open Graph and Twitter tags, and not the seller's contact", async () => {
    const id = await newListing({ title: 'Apple iPhone 14 Pro', resale_price: 745, condition: 'Good' });
    const response = await page(`/mobile/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = readPage(response.text);
    const url = `${origin()}/mobile/${id}`;
    const picture = `${origin()}/uploads/seed/m-apple-iphone-13.svg`;
    expect(html.titles).toEqual(['Apple iPhone 14 Pro | ReCell']);
    expect(html.metaName('description')).toHaveLength(1);
    expect(html.metaName('description')[0]).toMatch(/^Apple iPhone 14 Pro, \$745\. Good condition, Dhaka/);
    expect(html.canonical).toEqual([url]);
    expect(html.metaName('robots')).toEqual([]);
    expect(html.metaProperty('og:title')).toEqual(['Apple iPhone 14 Pro, $745']);
    expect(html.metaProperty('og:type')).toEqual(['product']);
    expect(html.metaProperty('og:url')).toEqual([url]);
    expect(html.metaProperty('og:image')).toEqual([picture]);
    expect(html.metaProperty('og:description')[0]).toContain('Good condition');
    expect(html.metaProperty('product:price:amount')).toEqual(['745.00']);
    expect(html.metaProperty('product:price:currency')).toEqual(['USD']);
    expect(html.metaProperty('product:availability')).toEqual(['in stock']);
    expect(html.metaName('twitter:card')).toEqual(['summary_large_image']);
    expect(html.metaName('twitter:image')).toEqual([picture]);
    // the picture the page will paint largest is fetched with the HTML
    expect(response.text).toContain(
      '<link rel="preload" as="image" href="/uploads/seed/m-apple-iphone-13.svg" fetchpriority="high" />',
    );
    // The SPA still boots from it.
    expect(html.hasRoot).toBe(true);
    expect(html.scripts.some((script) => script.src === '/assets/index-3f9a1c.js')).toBe(true);
    expect(response.text).not.toContain(PHONE);
    expect(response.text).not.toContain(demoAccounts.seller.email);
  });

  it('carries schema.org Product + Offer JSON-LD that validates against the shapes it relies on', async () => {
    const id = await newListing({ title: 'Samsung Galaxy S22', resale_price: 410, category_id: '02' });
    const { jsonLd } = readPage((await page(`/mobile/${id}`)).text);
    expect(jsonLd).toHaveLength(1);
    const product = jsonLd[0];
    expect(validateProduct(product), JSON.stringify(validateProduct.errors)).toBe(true);
    expect(product).toMatchObject({
      name: 'Samsung Galaxy S22',
      image: [`${origin()}/uploads/seed/m-apple-iphone-13.svg`],
      brand: { '@type': 'Brand', name: 'Samsung' },
      offers: {
        '@type': 'Offer',
        url: `${origin()}/mobile/${id}`,
        price: '410.00',
        priceCurrency: 'USD',
        itemCondition: 'https://schema.org/UsedCondition',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Person', name: 'Rahim Uddin' },
      },
    });
    // A broken shape fails the schema (the check is not vacuous).
    expect(validateProduct({ ...product, offers: { ...(product?.offers as object), price: '$410' } })).toBe(
      false,
    );
  });

  it('escapes script-like text: a title with </title><script> comes out as inert text', async () => {
    const title = '</title><script>alert(1)</script>"\'&';
    const details = '</script><script>alert(2)</script><!-- \u2028 end';
    const id = await newListing({ title, details });
    const response = await page(`/mobile/${id}`);
    const html = readPage(response.text);
    expect(html.titles).toEqual([`${title} | ReCell`]);
    expect(html.metaProperty('og:title')).toEqual([`${title}, $700`]);
    // The only scripts are the app's bundle, the JSON-LD and the served listing; both parse back to the text.
    expect(html.scripts.map((script) => script.type)).toEqual([
      'module',
      'application/ld+json',
      'application/json',
    ]);
    expect(html.jsonLd[0]).toMatchObject({ name: title, description: details });
    expect(JSON.parse(html.scripts[2]!.text)).toMatchObject({ _id: id, title, details });
    // Inside <script> no `<` is left to start `</script` or `<!--`: it is written \u003c.
    for (const script of html.scripts.slice(1)) {
      expect(script.text).not.toContain('<');
      expect(script.text).toContain('\\u003c/script');
    }
    expect(response.text).not.toMatch(/<script>alert/);
  });

  it('a sold-out listing answers 200, says Sold out, is noindex and SoldOut', async () => {
    const id = await newListing({ title: 'Xiaomi 12', category_id: '01' });
    const sold = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: ctx.people.seller.token,
      body: { stock: 0 },
    });
    expect(sold.status).toBe(200);
    const response = await page(`/mobile/${id}`);
    expect(response.status).toBe(200);
    const html = readPage(response.text);
    expect(html.titles).toEqual(['Sold out: Xiaomi 12 | ReCell']);
    expect(html.metaName('robots')).toEqual(['noindex']);
    expect(html.metaProperty('og:title')).toEqual(['Sold out: Xiaomi 12, $700']);
    expect(html.metaProperty('product:availability')).toEqual(['out of stock']);
    expect(html.jsonLd[0]).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
  });

  it('a removed listing answers 404 with the app shell, noindex and nothing of what it was', async () => {
    const id = await newListing({ title: 'Removed Phone Model' });
    expect(
      (await call(ctx.app.server, 'delete', `/api/mobile/${id}`, { token: ctx.people.seller.token })).status,
    ).toBe(200);
    for (const path of [
      `/mobile/${id}`,
      '/mobile/m-never-was',
      '/mobile/%3Cscript%3E',
      `/mobile/${'x'.repeat(65)}`,
    ]) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      const html = readPage(response.text);
      expect(html.titles).toEqual(['Phone not found | ReCell']);
      expect(html.metaName('robots')).toEqual(['noindex']);
      expect(html.canonical).toEqual([]);
      expect(html.jsonLd).toEqual([]);
      expect(html.hasRoot).toBe(true);
      expect(response.text).not.toContain('Removed Phone Model');
    }
  });
});

describe("a seller's profile page", () => {
  it('names the seller and their published rating, with ProfilePage + AggregateRating JSON-LD that agrees with the API', async () => {
    const id = demoAccounts.seller._id;
    const profile = (await call(ctx.app.server, 'get', `/api/sellers/${id}/profile`)).body;
    const response = await page(`/seller/${id}`);
    expect(response.status).toBe(200);
    const html = readPage(response.text);
    const url = `${origin()}/seller/${id}`;
    expect(html.titles).toEqual([`${profile.name}, seller | ReCell`]);
    expect(html.canonical).toEqual([url]);
    expect(html.metaProperty('og:type')).toEqual(['profile']);
    expect(html.jsonLd).toHaveLength(1);
    const person = html.jsonLd[0]?.mainEntity as Record<string, unknown>;
    expect(html.jsonLd[0]).toMatchObject({ '@type': 'ProfilePage', url });
    expect(person).toMatchObject({ '@type': 'Person', name: profile.name });
    // the seed's completed demo deal: both sides reviewed, so the seller's review is published
    expect(profile.rating.count).toBeGreaterThan(0);
    expect(person.subjectOf).toEqual({
      '@type': 'AggregateRating',
      itemReviewed: { '@type': 'Person', name: profile.name, url },
      ratingValue: profile.rating.average.toFixed(1),
      ratingCount: profile.rating.count,
      bestRating: 5,
      worstRating: 1,
    });
    expect(html.metaName('description')[0]).toContain(`from ${profile.rating.count} review`);
    // the profile the head was made from, served for the app's first render (computed once per visit)
    const served = html.scripts.find((script) => script.type === 'application/json');
    expect(JSON.parse(served!.text)).toEqual(profile);
    // nothing private: no email or phone of the seller's
    expect(response.text).not.toContain(demoAccounts.seller.email);
  });

  it('a seller with no reviews carries no rating; a hostile name stays inert text', async () => {
    const name = '</title><script>alert(1)</script>';
    const idToken = await signUpAccount(uniqueEmail('seo-seller'), 'seo-seller-pw');
    const created = await call(ctx.app.server, 'post', '/api/usersall', {
      token: idToken,
      body: { name, role: 'seller' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id as string;
    const html = readPage((await page(`/seller/${id}`)).text);
    expect(html.titles).toEqual([`${name}, seller | ReCell`]);
    expect(html.jsonLd[0]?.mainEntity).toEqual({ '@type': 'Person', name, url: `${origin()}/seller/${id}` });
    expect(html.metaName('description')[0]).toContain('No reviews yet');
    expect(html.scripts.map((script) => script.type)).toEqual([
      'module',
      'application/ld+json',
      'application/json',
    ]);
    expect(html.scripts[1]?.text).not.toContain('<');
    // the served profile is JSON that no name can close early, and reads back as the name
    expect(html.scripts[2]?.text).not.toContain('<');
    expect(JSON.parse(html.scripts[2]!.text).name).toBe(name);
  });

  it('an id that names no seller (a buyer, nobody, a malformed one) is a 404 kept out of search', async () => {
    for (const id of [demoAccounts.buyer._id, 'u-nobody', 'a%20b', 'x'.repeat(80)]) {
      const response = await page(`/seller/${id}`);
      expect(response.status, id).toBe(404);
      const html = readPage(response.text);
      expect(html.titles).toEqual(['Seller not found | ReCell']);
      expect(html.scripts.map((script) => script.type)).not.toContain('application/json');
      expect(html.metaName('robots')).toEqual(['noindex']);
      expect(html.hasRoot).toBe(true);
    }
  });
});

describe('the other public pages', () => {
  it('home, blogs, about and the category pages have their own title, description and canonical', async () => {
    const expected: [string, string][] = [
      ['/', 'ReCell: used phones, fairly sold'],
      ['/blogs', 'Blogs | ReCell'],
      ['/about', 'About | ReCell'],
      ['/category/01', 'Xiaomi phones | ReCell'],
      ['/category/03', 'Apple phones | ReCell'],
    ];
    for (const [path, title] of expected) {
      const response = await page(path);
      expect(response.status, path).toBe(200);
      const html = readPage(response.text);
      expect(html.titles, path).toEqual([title]);
      expect(html.metaName('description'), path).toHaveLength(1);
      expect(html.canonical, path).toEqual([`${origin()}${path}`]);
      expect(html.metaProperty('og:title'), path).toEqual([title]);
    }
  });

  it("a category's default view preloads its first phone's picture; a filtered view none", async () => {
    // the newest Samsung listing is the first card of /category/02 (newest first), whoever signs in
    await newListing({ category_id: '02', picture: '/uploads/seed/m-samsung-z-flip4.svg' });
    const first = await call(ctx.app.server, 'get', '/api/mobiles/02', { token: ctx.people.buyer.token });
    expect((first.body as { items: { picture: string }[] }).items[0]?.picture).toBe(
      '/uploads/seed/m-samsung-z-flip4.svg',
    );
    expect(readPage((await page('/category/02')).text).imagePreloads).toEqual([
      '/uploads/seed/m-samsung-z-flip4.svg',
    ]);
    // a picture elsewhere is not preloaded (the page's <img> would not be the same request, the CSP refuses it);
    // the API takes none since migration 011, so the row is written as one from before it
    const elsewhere = await newListing({ category_id: '01' });
    await ctx.app.db.run('UPDATE mobiles SET picture = ? WHERE id = ?', [
      'https://images.example/phone.jpg',
      elsewhere,
    ]);
    expect(readPage((await page('/category/01')).text).imagePreloads).toEqual([]);
    for (const path of [
      '/category/02?sort=price_asc',
      '/category/02?page=2',
      '/category/02?condition=Good',
    ]) {
      expect(readPage((await page(path)).text).imagePreloads, path).toEqual([]);
    }
  });

  it("blogs serves its posts' answer, which is the same for everyone, in the page", async () => {
    const blogs = readPage((await page('/blogs')).text);
    const served = blogs.scripts.find((script) => script.type === 'application/json');
    // what is served must not depend on a token: a visitor's answer is what a signed-in reader gets too
    const visitor = await call(ctx.app.server, 'get', '/api/blogs');
    const reader = await call(ctx.app.server, 'get', '/api/blogs', { token: ctx.people.buyer.token });
    expect(visitor.status).toBe(200);
    expect((visitor.body as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect(reader.body).toEqual(visitor.body);
    expect(JSON.parse(served!.text)).toEqual(visitor.body);
  });

  it('every other page keeps the built index.html as it is, but for the demo Auth emulator it names', async () => {
    for (const path of ['/dashboard/my-orders', '/login', '/category/99', '/mobile/a/b']) {
      const response = await page(path);
      expect(response.status, path).toBe(200);
      expect(readPage(response.text).metaName(AUTH_EMULATOR_META), path).toEqual([
        `http://${ctx.app.config.authEmulatorHost}`,
      ]);
      expect(withoutEmulator(response.text), path).toBe(BUILT_INDEX);
    }
  });

  it('absolute URLs use the configured origin, whatever Host the request names', async () => {
    const response = await page('/blogs').set('host', 'evil.example').set('x-forwarded-host', 'evil.example');
    expect(readPage(response.text).canonical).toEqual([`${origin()}/blogs`]);
    expect(response.text).not.toContain('evil.example');
  });

  it('reads index.html again when the build changes (the parsed template is cached by mtime)', async () => {
    const rebuilt = BUILT_INDEX.replace('index-3f9a1c.js', 'index-77aa00.js');
    writeFileSync(join(dist, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dist, 'index.html'), later, later);
    try {
      const html = readPage((await page('/about')).text);
      expect(html.scripts.map((script) => script.src)).toEqual(['/assets/index-77aa00.js']);
    } finally {
      writeFileSync(join(dist, 'index.html'), BUILT_INDEX);
    }
  });
});

describe("a route's screen chunks", () => {
  it("are modulepreloaded with the page, from the build's pages.json, on public and signed-in routes alike", async () => {
    const chunks: Record<string, string[]> = {
      '/': ['/assets/HomePage-a1.js', '/assets/shared-b2.js'],
      '/mobile/:id': ['/assets/ListingScreen-c3.js', '/assets/shared-b2.js'],
      '/dashboard': ['/assets/DashboardHome-d4.js'],
      // not one of the build's asset paths: never written into a page
      '/about': ['https://evil.example/x.js', '/assets/"><script>.js'],
    };
    writePages(dist, ({ path }) => ({ files: chunks[path] ?? [] }));
    // a rebuild writes index.html too: the cached template is read again with it
    const later = new Date(Date.now() + 10_000);
    utimesSync(join(dist, 'index.html'), later, later);
    const preloads = async (path: string) =>
      [...(await page(path)).text.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (match) => match[1],
      );
    try {
      const id = await newListing();
      expect(await preloads(`/mobile/${id}`)).toEqual([
        '/assets/ListingScreen-c3.js',
        '/assets/shared-b2.js',
      ]);
      expect(await preloads('/')).toEqual(['/assets/HomePage-a1.js', '/assets/shared-b2.js']);
      // a page without a head of its own (signed in) gets its chunks too, and the built head as it is
      const dashboard = (await page('/dashboard')).text;
      expect(dashboard).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/DashboardHome-d4.js">',
      );
      expect(withoutEmulator(dashboard).replace(/\s*<link rel="modulepreload"[^>]*>/g, '')).toBe(
        BUILT_INDEX.replace(/\s*<link rel="modulepreload"[^>]*>/g, ''),
      );
      expect(await preloads('/dashboard/users')).toEqual([]);
      expect(await preloads('/about')).toEqual([]);
      expect((await page('/about')).text).not.toContain('evil.example');
    } finally {
      writePages(dist);
      const after = new Date(Date.now() + 20_000);
      utimesSync(join(dist, 'index.html'), after, after);
    }
  });
});

describe("a public page's static first frame", () => {
  it("is sent inside #root at its exact path, from the build's pages.json; other pages' #root stays empty", async () => {
    const frames = [
      { path: '/', html: '<div><h2>Used phones, fairly sold</h2></div>' },
      // written as it is: no replacement pattern of String.replace is read in it
      { path: '/blogs', html: "<div><h1>Blogs</h1><p>$1 $$ $' $&amp;</p></div>" },
    ];
    writePages(dist, ({ path }) => {
      const frame = frames.find((drawn) => drawn.path === path)?.html;
      return frame === undefined ? {} : { frame };
    });
    const later = new Date(Date.now() + 30_000);
    utimesSync(join(dist, 'index.html'), later, later);
    const root = async (path: string) => readPage((await page(path)).text).root;
    try {
      expect(await root('/')).toBe(frames[0]!.html);
      expect(await root('/blogs')).toBe(frames[1]!.html);
      // the query string does not change what a public page first draws
      expect(await root('/blogs?utm_source=x')).toBe(frames[1]!.html);
      // with the page's own head still
      const blogs = readPage((await page('/blogs')).text);
      expect(blogs.titles).toEqual(['Blogs | ReCell']);
      // the app's script (waiting in the template) and the inline one that adds it after the first paint
      const code = blogs.scripts.filter((script) => script.type !== 'application/json');
      expect(code.map((script) => script.src)).toEqual(['/assets/index-3f9a1c.js', undefined]);
      expect(code[1]?.text).toBe(AFTER_PAINT_SCRIPT);
      // its scripts come after the HTML and the stylesheet that paint it
      expect(waitsForPaint((await page('/')).text)).toBe(true);
      const id = await newListing();
      for (const path of [`/mobile/${id}`, '/mobile/x', '/dashboard', '/about', '/blogs/', '/blogs/x']) {
        const response = await page(path);
        expect(readPage(response.text).root, path).toBe('');
        expect(waitsForPaint(response.text), path).toBe(false);
        expect(response.text, path).toContain(APP_SCRIPT);
      }
    } finally {
      writePages(dist);
      const after = new Date(Date.now() + 40_000);
      utimesSync(join(dist, 'index.html'), after, after);
    }
    // without frames in the file every page's #root is empty again
    expect(await root('/')).toBe('');
  });
});

describe("a signed-in page's session frame", () => {
  it('is sent inside #root at any path of its route, the scripts yielding to what paints it', async () => {
    const shell = '<header>ReCell</header><main id="main"><span>Checking your sign-in</span></main>';
    const signedIn = new Set(['/dashboard', '/dashboard/users', '/category/:id']);
    writePages(dist, ({ path }) => (signedIn.has(path) ? { sessionFrame: `${shell}<!--${path}-->` } : {}));
    const later = new Date(Date.now() + 50_000);
    utimesSync(join(dist, 'index.html'), later, later);
    const root = async (path: string) => readPage((await page(path)).text).root;
    try {
      expect(await root('/dashboard')).toBe(`${shell}<!--/dashboard-->`);
      expect(await root('/dashboard/users?page=2')).toBe(`${shell}<!--/dashboard/users-->`);
      // a route with a parameter: every path of it
      expect(await root('/category/02')).toBe(`${shell}<!--/category/:id-->`);
      expect(await root('/category/01/')).toBe(`${shell}<!--/category/:id-->`);
      expect(waitsForPaint((await page('/dashboard')).text)).toBe(true);
      // public pages and unknown paths keep an empty #root
      for (const path of ['/login', '/about', '/dashboard/nope', '/categoryx/02']) {
        const response = await page(path);
        expect(readPage(response.text).root, path).toBe('');
        expect(waitsForPaint(response.text), path).toBe(false);
        expect(response.text, path).toContain(APP_SCRIPT);
      }
    } finally {
      writePages(dist);
      const after = new Date(Date.now() + 60_000);
      utimesSync(join(dist, 'index.html'), after, after);
    }
  });
});

describe("a signed-in list page's first call, started by its head", () => {
  // A stand-in for the build's module (the real one runs the screen's own query: apps/web's page-manifest test
  // holds it to the URL the page asks, and the e2e catalogue spec sees the call taken)
  const MODULE = `
    export async function firstAnswerUrl(path, search) {
      if (path === '/category/02') return '/api/mobiles/02?' + search + '&page=1&x="><script>alert(1)</script>';
      if (path === '/category/03') return '//evil.example/api/mobiles/03';
      if (path === '/category/04') throw new Error('cannot say');
      if (path === '/category/05') return '/uploads/x';
      return undefined;
    }
  `;

  it('is named in the head with the script that starts it, escaped, and only an API path of this origin', async () => {
    const own = fakeWebDist(mkdtempSync(join(dir, 'first-')));
    mkdirSync(join(own, 'ssr'), { recursive: true });
    writeFileSync(join(own, FRAMES_MODULE), MODULE);
    writePages(own, ({ path }) => (path === '/category/:id' ? { firstAnswer: true } : {}));
    const shell = pageShell(async () => undefined);
    const app = express().use((req, res) => void shell(req, res, join(own, 'index.html')));
    const html = async (path: string) => (await request(app).get(path)).text;
    const named = (text: string) => readPage(text).metaName(FIRST_ANSWER_META);
    const started = (text: string) => text.includes(`<script>${FIRST_ANSWER_SCRIPT}</script>`);

    const page02 = await html('/category/02?q=galaxy%20s22');
    expect(named(page02)).toEqual(['/api/mobiles/02?q=galaxy%20s22&page=1&x="><script>alert(1)</script>']);
    expect(page02).not.toContain('"><script>alert');
    expect(started(page02)).toBe(true);
    // the CSP admits exactly that script
    const csp = String((await page('/category/02')).headers['content-security-policy']);
    expect(csp).toContain(FIRST_ANSWER_SCRIPT_SOURCE);
    // another origin, a path outside the API, a module that cannot say, a row without a first call: nothing
    for (const path of [
      '/category/03',
      '/category/04',
      '/category/05',
      '/category/06',
      '/about',
      '/mobile/m-1',
    ]) {
      const text = await html(path);
      expect(named(text), path).toEqual([]);
      expect(started(text), path).toBe(false);
      expect(text, path).toContain(APP_SCRIPT);
    }
  });
});

describe("a listing's frame, drawn for the request by the build's server-side module", () => {
  // A stand-in for the build's module (the real one, React drawing the app, is held to the browser's first
  // render by apps/web's frame.test and run for real by the e2e shell spec): it notes each call and draws the
  // listing's title as the app would, as text.
  const MODULE = `
    const text = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    export async function renderListingFrame(path, listing) {
      (globalThis.framesDrawn ??= []).push(path);
      if (listing.title === 'Breaks the frame') throw new Error('cannot draw');
      return '<main id="main"><h1>' + text(listing.title) + '</h1><p>$' + listing.resale_price + ' $& $1</p></main>';
    }
    export async function renderBlogsFrame(path, blogs) {
      (globalThis.framesDrawn ??= []).push(path);
      return '<main id="main"><h1>Blogs</h1>' + blogs.items.map((post) => '<p>' + text(post.title) + '</p>').join('') + '</main>';
    }
  `;
  const drawnSoFar = () => ((globalThis as { framesDrawn?: string[] }).framesDrawn ?? []).length;

  it("sends the listing's page inside #root, drawn once a minute per version of the listing, the scripts yielding", async () => {
    mkdirSync(join(dist, 'ssr'), { recursive: true });
    writeFileSync(join(dist, FRAMES_MODULE), MODULE);
    try {
      const title = 'Framed </h1><script>alert(1)</script>';
      const id = await newListing({ title, resale_price: 333 });
      const response = await page(`/mobile/${id}`);
      expect(response.status).toBe(200);
      const root = readPage(response.text).root;
      expect(root).toBe(
        // (read back through a DOM: the frame's own `$&` is there as it was written, not a replacement pattern)
        '<main id="main"><h1>Framed &lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1><p>$333 $&amp; $1</p></main>',
      );
      expect(response.text).not.toMatch(/<script>alert/);
      expect(waitsForPaint(response.text)).toBe(true);
      // what the module drew from is what the page serves: a visitor's listing, no contact
      const served = readPage(response.text).scripts.find((script) => script.type === 'application/json');
      expect(JSON.parse(served!.text)).toMatchObject({ _id: id, title, resale_price: 333 });
      expect(served!.text).not.toContain(PHONE);
      expect(served!.text).not.toContain(demoAccounts.seller.email);

      // asked again: the same frame, not drawn again
      const before = drawnSoFar();
      expect(readPage((await page(`/mobile/${id}`)).text).root).toBe(root);
      expect(drawnSoFar()).toBe(before);
      // the seller changes the price: drawn again, with the new price
      const edit = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
        token: ctx.people.seller.token,
        body: { resale_price: 290 },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(readPage((await page(`/mobile/${id}`)).text).root).toContain('<p>$290 ');
      expect(drawnSoFar()).toBe(before + 1);
      // a listing that is gone, or a frame the module cannot draw: the page as it was, #root empty
      const gone = await page('/mobile/m-nobody-has-this');
      expect(gone.status).toBe(404);
      expect(readPage(gone.text).root).toBe('');
      const broken = await newListing({ title: 'Breaks the frame' });
      const unframed = await page(`/mobile/${broken}`);
      expect(unframed.status).toBe(200);
      expect(readPage(unframed.text).root).toBe('');
      expect(waitsForPaint(unframed.text)).toBe(false);
      // the blogs page is drawn from the posts it serves, the build's own frame of it set aside
      const posts = ((await call(ctx.app.server, 'get', '/api/blogs')).body as { items: { title: string }[] })
        .items;
      const blogs = await page('/blogs');
      expect(readPage(blogs.text).root).toBe(
        `<main id="main"><h1>Blogs</h1>${posts.map((post) => `<p>${post.title}</p>`).join('')}</main>`,
      );
      expect(waitsForPaint(blogs.text)).toBe(true);
      // a rebuild while the server runs: the module it loaded would draw the old build's classes, so none
      const rebuilt = new Date(Date.now() + 70_000);
      utimesSync(join(dist, FRAMES_MODULE), rebuilt, rebuilt);
      const stale = await page(`/mobile/${id}`);
      expect(stale.status).toBe(200);
      expect(readPage(stale.text).root).toBe('');
      expect(waitsForPaint(stale.text)).toBe(false);
    } finally {
      rmSync(join(dist, 'ssr'), { recursive: true, force: true });
    }
  });

  it('draws at most DRAWS_PER_SECOND new pages a second: over it a page is sent whole without its frame', async () => {
    // the shell alone, on a build of its own, with a clock the test moves: every listing asked for is new
    const own = fakeWebDist(mkdtempSync(join(dir, 'budget-')));
    mkdirSync(join(own, 'ssr'), { recursive: true });
    writeFileSync(join(own, FRAMES_MODULE), MODULE);
    let clock = 1_000_000;
    const headFor: HeadFor = async (entry, params) =>
      entry.dataHead === 'listing'
        ? {
            status: 200,
            title: `${params.id} | ReCell`,
            description: 'A phone',
            served: {
              element: SERVED_LISTING_ELEMENT,
              data: { _id: params.id, title: params.id, resale_price: 5 },
            },
          }
        : undefined;
    const shell = pageShell(headFor, { now: () => clock });
    const app = express().use((req, res) => shell(req, res, join(own, 'index.html')));
    const framed = async (id: string) => {
      const response = await request(app).get(`/mobile/${id}`);
      expect(response.status).toBe(200);
      // framed or not, the page serves its listing for the app to draw
      expect(readPage(response.text).scripts.some((script) => script.text.includes(`"_id":"${id}"`))).toBe(
        true,
      );
      return readPage(response.text).root !== '';
    };
    const burst = async (from: number, count: number) => {
      const drawn = [];
      for (let n = from; n < from + count; n++) drawn.push(await framed(`m-budget-${n}`));
      return drawn;
    };
    // a burst of the whole budget is drawn, the rest of that second is not
    const first = await burst(0, DRAWS_PER_SECOND + 5);
    expect(first.filter(Boolean)).toHaveLength(DRAWS_PER_SECOND);
    expect(first.slice(DRAWS_PER_SECOND)).toEqual([false, false, false, false, false]);
    // what was drawn is kept: asked again, still framed, and it costs nothing of the budget
    expect(await framed('m-budget-0')).toBe(true);
    // half a second later, half the budget again
    clock += 500;
    const later = await burst(100, DRAWS_PER_SECOND);
    expect(later.filter(Boolean)).toHaveLength(DRAWS_PER_SECOND / 2);
    // a quiet minute does not bank more than one second's worth
    clock += 60_000;
    expect((await burst(200, DRAWS_PER_SECOND * 2)).filter(Boolean)).toHaveLength(DRAWS_PER_SECOND);
  });

  it('is never handed out as a file, however its path is spelt', async () => {
    mkdirSync(join(dist, 'ssr'), { recursive: true });
    writeFileSync(join(dist, FRAMES_MODULE), MODULE);
    try {
      for (const path of [
        '/ssr/page-manifest.js',
        '/%73sr/page-manifest.js',
        '/ssr/%70age-manifest.js',
        '/assets/../ssr/page-manifest.js',
        '/assets/%2e%2e/ssr/page-manifest.js',
        '//ssr/page-manifest.js',
      ]) {
        // the app's page (its not-found) or a 4xx, never the module's text
        const response = await request(ctx.app.server).get(path).set('accept', '*/*');
        expect(response.text, path).not.toContain('renderListingFrame');
        expect(response.headers['content-type'] ?? '', path).not.toMatch(/javascript/);
        expect(response.status, path).toBeLessThan(500);
      }
      // the built assets are still files
      const asset = await request(ctx.app.server).get('/assets/index-3f9a1c.js');
      expect(asset.status).toBe(200);
      expect(asset.text).toContain('console.log("app")');
    } finally {
      rmSync(join(dist, 'ssr'), { recursive: true, force: true });
    }
  });
});

describe('PUBLIC_URL', () => {
  it('is the origin of every absolute URL; the default is http://HOST:PORT; a bad value stops the start', () => {
    const config = { host: '127.0.0.1', port: 3000, publicUrl: undefined };
    const env = { DEMO_MODE: '1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(publicOrigin(config)).toBe('http://127.0.0.1:3000');
    expect(publicOrigin({ ...config, host: '0.0.0.0', port: 8080 })).toBe('http://localhost:8080');
    expect(publicOrigin({ ...config, host: '::1' })).toBe('http://[::1]:3000');
    expect(publicOrigin(loadConfig({ ...env, PUBLIC_URL: ' https://recell.example/ ' }))).toBe(
      'https://recell.example',
    );
    expect(publicOrigin(loadConfig({ ...env, PUBLIC_URL: 'https://example.org/shop/' }))).toBe(
      'https://example.org/shop',
    );
    for (const bad of [
      'recell.example',
      'javascript:alert(1)',
      'https://u:p@x.example',
      'https://x.example/?a=1',
    ]) {
      expect(() => loadConfig({ ...env, PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL must be/);
    }
  });
});

describe("the Auth emulator's address (demo mode)", () => {
  it('is named in every page of a server that has one, escaped, and in none of a server without', async () => {
    const own = fakeWebDist(mkdtempSync(join(dir, 'emulator-')));
    const served = (options: Parameters<typeof pageShell>[1]) => {
      const shell = pageShell(async () => undefined, options);
      const app = express().use((req, res) => void shell(req, res, join(own, 'index.html')));
      return async (path: string) =>
        readPage((await request(app).get(path)).text).metaName(AUTH_EMULATOR_META);
    };
    const demo = served({ authEmulator: 'http://127.0.0.1:40123' });
    for (const path of ['/', '/about', '/category/02', '/mobile/m-1'])
      expect(await demo(path), path).toEqual(['http://127.0.0.1:40123']);
    expect(await served({ authEmulator: 'http://x/"><script>1</script>' })('/')).toEqual([
      'http://x/"><script>1</script>',
    ]);
    expect(await served({})('/')).toEqual([]);
  });
});
