// The sitemap at marketplace scale: a temp database with N listings (default 1,000,000, one in ten sold), then
// the time of /sitemap.xml and of each /sitemaps/listings-N.xml, and the largest heap seen while serving.
// Run: npx tsx bench/sitemap.ts [listings]
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { openDatabase } from '../src/db/sqlite';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { seoRoutes } from '../src/modules/seo/routes';

const count = Number(process.argv[2] ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'recell-sitemap-bench-'));
const db = await openDatabase(join(dir, 'bench.sqlite'));
try {
  await migrate(db);
  await seed(db, { demo: true });
  let started = performance.now();
  await db.run(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO mobiles (id, seller_id, category_id, title, picture, location, resale_cents, buying_cents,
       year_of_purchase, year_of_uses, posted_at, seller_name, condition, number_of_seller, details, booking_ref,
       stock)
     SELECT 'bench-' || i, (SELECT seller_id FROM mobiles LIMIT 1), '01', 'Bench phone', '/uploads/seed/x.svg',
       'Dhaka', 10000, 20000, 2022, 1, '2026-01-01T00:00:00.000Z', 'Bench', 'Good', '+880', 'Fine', 'B',
       CASE WHEN i % 10 = 0 THEN 0 ELSE 1 END
     FROM n`,
    [count],
  );
  console.log(`inserted ${count} listings in ${Math.round(performance.now() - started)} ms`);

  const app = express().use(seoRoutes({ db, origin: 'https://recell.example' }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let heap = 0;
  const sampler = setInterval(() => (heap = Math.max(heap, process.memoryUsage().heapUsed)), 5);
  const timed = async (path: string) => {
    started = performance.now();
    const body = await (await fetch(`${base}${path}`)).text();
    const ms = performance.now() - started;
    return { body, ms, urls: body.split('<url>').length - 1 };
  };
  const index = await timed('/sitemap.xml');
  console.log(`/sitemap.xml: ${index.ms.toFixed(1)} ms`);
  const files = [
    ...index.body.matchAll(/<loc>https:\/\/recell\.example(\/sitemaps\/listings-\d+\.xml)<\/loc>/g),
  ];
  let total = 0;
  let slowest = 0;
  const times: number[] = [];
  for (const [, path] of files) {
    const page = await timed(path!);
    total += page.urls;
    slowest = Math.max(slowest, page.ms);
    times.push(Math.round(page.ms));
  }
  clearInterval(sampler);
  console.log(
    `${files.length} listing files, ${total} URLs, slowest file ${slowest.toFixed(0)} ms, ` +
      `peak heap ${(heap / 1024 / 1024).toFixed(0)} MB; per file (ms): ${times.join(' ')}`,
  );
  server.close();
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
