// `npm run bench`: seeds 10,000 listings into a fresh database, starts the server (production mode) and a bare
// Express hello-world as separate processes on 127.0.0.1, and measures each with autocannon (10 connections).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { demoAccounts } from '@recell/api/fixtures';
import { signAccessToken } from '../src/auth/access-token';
import { openDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { freePort } from '@recell/local/chromium';

const LISTINGS = 10_000;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const serverDir = join(import.meta.dirname, '..');

async function seedListings(dataDir: string) {
  const db = await openDatabase(join(dataDir, 'recell.sqlite'));
  await migrate(db);
  await seed(db, { demo: true });
  const categories = ['01', '02', '03'] as const;
  const conditions = ['Excellent', 'Good', 'Fair'] as const;
  await db.transaction(async () => {
    for (let index = 0; index < LISTINGS; index += 1) {
      const posted = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
      await db.run(
        `INSERT INTO mobiles (id, seller_id, category_id, title, picture, location, resale_cents, buying_cents,
           year_of_purchase, year_of_uses, posted_at, seller_name, condition, number_of_seller, details, booking_ref,
           stock, advertised)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          `m-bench-${index}`,
          index % 2 === 0 ? demoAccounts.seller._id : 'u-seller-tanvir',
          categories[index % 3] ?? '01',
          `Bench phone ${index}`,
          '/uploads/seed/m-samsung-s21.svg',
          'Dhaka, Gulshan 2',
          10_000 + (index % 900) * 100,
          20_000 + (index % 900) * 100,
          2020 + (index % 6),
          1 + (index % 4),
          posted,
          'Bench Seller',
          conditions[index % 3] ?? 'Good',
          '+880 1711 000000',
          'A phone seeded for the benchmark, with a sentence of details like a real listing has.',
          `B-${index}`,
          1 + (index % 3),
          index % 50 === 0 ? 1 : 0,
        ],
      );
    }
  });
  await db.close();
}

async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: string,
): Promise<ChildProcess> {
  // BENCH_PROFILE=<dir> writes a CPU profile of each process there, to see where the time goes.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
  return child;
}

interface Measured {
  name: string;
  requests: number;
  p99: number;
  non2xx: number;
  /** The server process's CPU time per answered request (user + system), in microseconds. */
  cpuPerRequest: number | undefined;
}

/** A process's CPU time so far in ms, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  pid: number | undefined,
): Promise<Measured> {
  // A short warm-up, so the JIT and SQLite's page cache are where they are in a running server.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpuAfter = cpuMs(pid);
  // On a shared machine req/s falls with everyone else's load; the CPU the server spends on each request
  // moves much less, so it is the figure to compare across runs.
  const cpuPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
      ? undefined
      : ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
  return {
    name,
    requests: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    cpuPerRequest,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'recell-bench-'));
const children: ChildProcess[] = [];
try {
  const seedStart = Date.now();
  await seedListings(dataDir);
  console.log(`seeded ${LISTINGS.toLocaleString('en')} listings in ${Date.now() - seedStart} ms`);

  const [apiPort, helloPort] = [await freePort(), await freePort()];
  children.push(
    await startProcess(
      [join('src', 'server.ts')],
      {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(apiPort),
        JWT_SECRET: SECRET,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        CREATE_DEMO_ACCOUNTS: '0',
        // Outside demo mode the server needs a real project's id; the bench signs its own access tokens.
        FIREBASE_PROJECT_ID: 'recell-bench',
      },
      'ReCell server listening',
    ),
  );
  children.push(
    await startProcess([join('bench', 'hello.ts')], { PORT: String(helloPort) }, 'hello listening'),
  );

  const token = await signAccessToken(new TextEncoder().encode(SECRET), {
    sub: demoAccounts.buyer._id,
    email: demoAccounts.buyer.email,
    role: 'buyer',
  });
  const api = `http://127.0.0.1:${apiPort}/api`;
  const only = process.env.BENCH_ONLY;
  const [apiProcess, helloProcess] = children;
  const plan: [string, string, Record<string, string>?][] = [
    ['bare Express hello-world', `http://127.0.0.1:${helloPort}/hello`],
    ['GET /mobiles/02 (page of 20)', `${api}/mobiles/02`, { authorization: `Bearer ${token}` }],
    ['GET /advertise', `${api}/advertise`],
    ['GET /categorymobiles', `${api}/categorymobiles`],
    // The middleware stack alone (helmet, logging, identity, validation; one tiny query): the floor under the rest.
    ['GET /health (stack floor)', `${api}/health`],
  ];
  const results: Measured[] = [];
  for (const [name, url, headers] of plan) {
    if (!only || name === plan[0]?.[0] || name.includes(only))
      results.push(
        await measure(name, url, headers ?? {}, (name === plan[0]?.[0] ? helloProcess : apiProcess)?.pid),
      );
  }
  const bare = results[0]?.requests ?? 1;
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, 127.0.0.1, ${LISTINGS.toLocaleString('en')} listings`,
  );
  console.log('route                              req/s   p99 ms   vs bare   non-2xx   server CPU µs/req');
  for (const result of results) {
    console.log(
      `${result.name.padEnd(32)} ${result.requests.toFixed(0).padStart(7)} ${String(result.p99).padStart(8)} ${`${((result.requests / bare) * 100).toFixed(0)} %`.padStart(9)} ${String(result.non2xx).padStart(9)} ${(result.cpuPerRequest?.toFixed(0) ?? '-').padStart(19)}`,
    );
  }
  const listing = results[1];
  if (listing) {
    const ratio = listing.requests / bare;
    console.log(
      `\ngoal: listing route >= 50 % of bare Express and p99 <= 25 ms -> ${(ratio * 100).toFixed(0)} %, ${listing.p99} ms: ${ratio >= 0.5 && listing.p99 <= 25 ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
