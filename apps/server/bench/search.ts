// Search at scale, the second half of `npm run bench`. For each size in BENCH_LISTINGS (default 100,000 and
// 1,000,000) it seeds listings with realistic titles straight into SQLite (or copies BENCH_DB, a database it
// seeded before: seeding a million takes minutes), starts the server (production mode) on 127.0.0.1, and times
// searches at 1 and at 10 connections, p50/p95/p99: uncached (read cache off: every answer from the database)
// and cached (the in-process read cache on, warmed by one request). BENCH_SAVE_DB=file keeps what it seeded.
// Issue 24: the listings belong to SELLERS sellers with REVIEWS published reviews of them (a completed deal
// each; three sellers in ten average 4.5 stars, the rest 3), so "4 stars and up" keeps about 3 listings in 10,
// and a seller's profile page (profile, reviews, listings) is timed beside the searches.
import { type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts } from '@recell/api/fixtures';
import type { Database } from '../src/db/database';
import { openDatabase } from '../src/db/sqlite';
import { sellerRatings } from '../src/modules/reviews/seller-ratings';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { freePort } from '@recell/local/ports';
import { buyerToken, cpuMs, serverEnv, startProcess, stopProcesses } from './support';

const SIZES = (process.env.BENCH_LISTINGS ?? '100000,1000000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SELLERS = Number(process.env.BENCH_SELLERS ?? 20_000);
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 200_000);
/** BENCH_SEARCHES=ultra,4 stars: only the searches whose names contain one of these. */
const ONLY = process.env.BENCH_SEARCHES?.split(',');
const benchSeller = (index: number) => `u-bench-s-${index % SELLERS}`;

const MODELS: Record<string, string[]> = {
  '01': [
    'Xiaomi Redmi Note 12',
    'Xiaomi Redmi Note 13 Pro',
    'Xiaomi 13T',
    'Xiaomi Poco X6',
    'Xiaomi 14 Ultra',
  ],
  '02': [
    'Samsung Galaxy S21',
    'Samsung Galaxy S22',
    'Samsung Galaxy S23 Ultra',
    'Samsung Galaxy A54',
    'Samsung Galaxy Z Flip4',
  ],
  '03': [
    'Apple iPhone 12',
    'Apple iPhone 13',
    'Apple iPhone 13 Pro',
    'Apple iPhone 14',
    'Apple iPhone 15 Pro Max',
  ],
};
const STORAGE = ['64GB', '128GB', '256GB', '512GB'];
const COLOURS = ['black', 'white', 'blue', 'green', 'graphite', 'silver', 'purple'];
const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;

async function seedListings(path: string, LISTINGS: number) {
  const db = await openDatabase(path);
  await migrate(db);
  await seed(db, { demo: true });
  const started = Date.now();
  const batch = 20_000;
  await db.transaction(async () => {
    for (let index = 0; index < SELLERS; index += 1) {
      await db.run(
        `INSERT INTO users (id, email, name, role, verified, created_at)
         VALUES (?, ?, ?, 'seller', ?, '2024-01-01T00:00:00.000Z')`,
        [
          benchSeller(index),
          `bench-seller-${index}@recell.test`,
          `Bench Seller ${index}`,
          index % 4 === 0 ? 1 : 0,
        ],
      );
    }
  });
  for (let from = 0; from < LISTINGS; from += batch) {
    await db.transaction(async () => {
      for (let index = from; index < Math.min(LISTINGS, from + batch); index += 1) {
        const category = (['01', '02', '03'] as const)[index % 3] ?? '01';
        const models = MODELS[category] ?? [];
        const model = models[Math.floor(index / 3) % models.length] ?? 'Phone';
        const storage = STORAGE[index % STORAGE.length] ?? '';
        await db.run(
          `INSERT INTO mobiles (id, seller_id, category_id, title, picture, location, resale_cents, buying_cents,
             year_of_purchase, year_of_uses, posted_at, seller_name, condition, number_of_seller, details,
             booking_ref, stock, advertised)
           VALUES (?, ?, ?, ?, '/uploads/seed/m-samsung-s21.svg', 'Dhaka', ?, ?, ?, ?, ?, 'Bench Seller', ?,
             '+880 1711 000000', ?, ?, ?, 0)`,
          [
            `m-bench-${index}`,
            benchSeller(index),
            category,
            `${model} ${storage}`,
            5_000 + ((index * 7919) % 150_000),
            20_000 + ((index * 7919) % 150_000),
            2018 + (index % 8),
            1 + (index % 5),
            new Date(Date.UTC(2025, 0, 1) + index * 30_000).toISOString(),
            CONDITIONS[Math.floor(index / 7) % 3] ?? 'Good',
            `${storage}, ${COLOURS[index % COLOURS.length]}, battery health ${80 + (index % 20)}%, box and charger`,
            `B-${index}`,
            1 + (index % 3),
          ],
        );
      }
    });
  }
  await seedReviews(db);
  await db.close();
  return Date.now() - started;
}

/**
 * REVIEWS reviews of the bench sellers by the demo buyer, each from its own completed deal (the reviews page joins
 * them), published; the stored ratings counted from them as the migration's backfill does.
 */
async function seedReviews(db: Database) {
  const batch = 20_000;
  for (let from = 0; from < REVIEWS; from += batch) {
    await db.transaction(async () => {
      for (let index = from; index < Math.min(REVIEWS, from + batch); index += 1) {
        const seller = index % SELLERS;
        // listing `seller` is the seller's own (listings go round the sellers in order)
        const at = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
        await db.run(
          `INSERT INTO bookings (id, mobile_id, buyer_email, buyer_name, mobile_name, price_cents, picture,
             booking_ref, phone, location, booked_at, paid, cancelled, status, completed_at, seller_id)
           VALUES (?, ?, ?, 'Bench Buyer', 'Bench phone', 30000, '/uploads/seed/m-samsung-s21.svg', ?,
             '+880 1711 000000', 'Dhaka', ?, 1, 0, 'completed', ?, ?)`,
          [
            `b-bench-${index}`,
            `m-bench-${seller}`,
            demoAccounts.buyer.email,
            `R-${index}`,
            at,
            at,
            benchSeller(seller),
          ],
        );
        await db.run(
          `INSERT INTO reviews (id, booking_id, author_id, subject_id, about, stars, text, created_at,
             window_closes_at, published_at)
           VALUES (?, ?, ?, ?, 'seller', ?, 'As described, on time.', ?, ?, ?)`,
          [
            `rv-bench-${index}`,
            `b-bench-${index}`,
            demoAccounts.buyer._id,
            benchSeller(seller),
            seller % 10 < 3 ? 4 + (index % 2) : 1 + (index % 5),
            at,
            at,
            at,
          ],
        );
      }
    });
  }
  await db.transaction(() => sellerRatings(db).recountAll());
}

/** The server on `dataDir`, with the in-process read cache on or off (off: every answer from the database). */
const startServer = (dataDir: string, port: number, cache: boolean): Promise<ChildProcess> =>
  startProcess(
    [join('src', 'server.ts')],
    serverEnv({ DATA_DIR: dataDir, PORT: String(port), READ_CACHE: cache ? 'on' : 'off' }),
    'ReCell server listening',
  );

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Times `REQUESTS` requests over `connections` parallel loops. */
async function timeRequests(url: string, token: string, connections: number) {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const started = performance.now();
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response.status !== 200) failures += 1;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), failures };
}

const token = await buyerToken();

/** The searches a buyer makes: words, a miss, words + filters + sort, category pages shallow and deep. */
const plan = (api: string): [string, string][] => [
  ['q=galaxy s22 (every brand)', `${api}/mobiles?q=galaxy%20s22`],
  ['q that matches nothing', `${api}/mobiles?q=nokia%203310`],
  [
    'category 02, q + condition + price, price up',
    `${api}/mobiles/02?q=ultra%20256gb&condition=Excellent&minPrice=100&sort=price_asc`,
  ],
  ['category 03, newest, page 1', `${api}/mobiles/03`],
  ['category 03, newest, deepest page (50)', `${api}/mobiles/03?page=50`],
  ['every brand, price down, page 25', `${api}/mobiles?sort=price_desc&page=25`],
  // "4 stars and up", alone, with words, and in a category by price
  ['every brand, 4 stars and up, newest', `${api}/mobiles?minRating=4`],
  ['q=galaxy s22, 4 stars and up', `${api}/mobiles?q=galaxy%20s22&minRating=4`],
  ['category 02, 4 stars and up, price up, page 10', `${api}/mobiles/02?minRating=4&sort=price_asc&page=10`],
  // a seller's profile page: who they are (rating, deals, first reply), their reviews and their listings
  ['seller profile', `${api}/sellers/${benchSeller(1)}/profile`],
  ['seller reviews, page 1', `${api}/sellers/${benchSeller(1)}/reviews`],
  ['seller listings, page 1', `${api}/sellers/${benchSeller(1)}/listings`],
];

async function measure(dataDir: string, label: string) {
  for (const cache of [false, true]) {
    const port = await freePort();
    const server = await startServer(dataDir, port, cache);
    try {
      const api = `http://127.0.0.1:${port}/api`;
      console.log(
        `\n${label}, ${cache ? 'cached (read cache on, warmed)' : 'uncached'}: ${REQUESTS} requests each (ms), load ${loadavg()[0]?.toFixed(1)}`,
      );
      console.log('| search | 1 conn p50 | p95 | p99 | 10 conn p50 | p95 | p99 | server CPU ms/req |');
      console.log('|---|---|---|---|---|---|---|---|');
      for (const [name, url] of plan(api)) {
        if (ONLY && !ONLY.some((part) => name.includes(part))) continue;
        if (cache)
          await fetch(url, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
        const cpuBefore = cpuMs(server.pid);
        const one = await timeRequests(url, token, 1);
        const ten = await timeRequests(url, token, 10);
        // What the server spent per request over both runs: the figure the load around it moves least.
        const cpu = ((cpuMs(server.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN)) / (2 * REQUESTS);
        const f = (n: number) => n.toFixed(1);
        console.log(
          `| ${name} | ${f(one.p50)} | ${f(one.p95)} | ${f(one.p99)} | ${f(ten.p50)} | ${f(ten.p95)} | ${f(ten.p99)} | ${f(cpu)} |` +
            (one.failures + ten.failures > 0 ? ` (${one.failures + ten.failures} not 200)` : ''),
        );
      }
    } finally {
      await stopProcesses([server]);
    }
  }
}

for (const size of process.env.BENCH_DB ? [0] : SIZES) {
  const dataDir = mkdtempSync(join(tmpdir(), 'recell-bench-search-'));
  try {
    if (process.env.BENCH_DB) {
      // A database this bench seeded before (it takes minutes at 1,000,000): copied, so the original stays as it is.
      copyFileSync(process.env.BENCH_DB, join(dataDir, 'recell.sqlite'));
      console.log(`using a copy of ${process.env.BENCH_DB}`);
    } else {
      const seededIn = await seedListings(join(dataDir, 'recell.sqlite'), size);
      console.log(`seeded ${size.toLocaleString('en')} listings in ${(seededIn / 1000).toFixed(1)} s`);
      // BENCH_SAVE_DB keeps a copy for later runs (BENCH_DB) and for reading query plans
      if (process.env.BENCH_SAVE_DB) copyFileSync(join(dataDir, 'recell.sqlite'), process.env.BENCH_SAVE_DB);
    }
    await measure(dataDir, process.env.BENCH_DB ? 'BENCH_DB' : `${size.toLocaleString('en')} listings`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
