// `npm run bench`: seeds 10,000 listings into a fresh database, starts the server (production mode) and a bare
// Express hello-world as separate processes on 127.0.0.1, and measures each with autocannon (10 connections).
// Then a third process, the server under a CPU profile, takes the listing route's load again, to print the share
// of its CPU in the request path's known hotspots (the validator's route lookup was 16 %). Last, the
// memory row: RSS after 20 s of load with the launchers' heap flags and with V8's defaults.
// scaled.ts runs after it: the same routes on PostgreSQL with 1, 2 and 4 processes behind nginx.
import { type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/sqlite';
import { freePort } from '@recell/local/ports';
import { cpuShares, monotonicUs, readProfile, type Hotspot } from './cpu-profile';
import {
  buyerToken,
  CONNECTIONS,
  measure,
  rssKiB,
  SECONDS,
  seedBench,
  serverEnv,
  startProcess,
  stopProcesses,
  type Measured,
} from './support';

const LISTINGS = 10_000;

const HOTSPOTS: (Hotspot & { goal?: number })[] = [
  {
    label: "validator's route lookup",
    functionName: 'lookupRoute',
    url: 'express-openapi-validator',
    goal: 0.03,
  },
  // the query's parameters parsed against the contract (a schema walk per parameter each request, now kept)
  { label: "validator's parameter parsing", functionName: 'modifyRequest', url: 'express-openapi-validator' },
  { label: 'access-token verification', functionName: 'verifyAccessToken', url: 'access-token' },
  { label: 'url.parse', functionName: 'urlParse', url: 'node:url' },
];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function seedListings(dataDir: string) {
  const db = await openDatabase(join(dataDir, 'recell.sqlite'));
  await seedBench(db, LISTINGS);
  await db.close();
}

const MEMORY_LOAD_SECONDS = 20;

/**
 * The memory row (205 MB -> 470-480 MB after 20 s of load): a server with the launchers' heap flags and
 * one with V8's defaults, each alone, RSS when it is up and after 20 s of the listing, category, advert and
 * search routes in turn at 10 connections.
 */
async function memoryRow(dir: string, token: string) {
  const rows: { name: string; start: number; after: number }[] = [];
  for (const [name, flags] of [
    ['heap flags (SERVER_NODE_FLAGS)', '1'],
    ["V8's defaults", '0'],
  ] as const) {
    const port = await freePort();
    const server = await startProcess(
      [join('src', 'server.ts')],
      serverEnv({ DATA_DIR: dir, PORT: String(port), BENCH_NODE_FLAGS: flags }),
      'ReCell server listening',
    );
    children.push(server);
    const start = rssKiB(server.pid) / 1024;
    await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: MEMORY_LOAD_SECONDS,
      headers: { authorization: `Bearer ${token}` },
      requests: ['/api/mobiles/02', '/api/categorymobiles', '/api/advertise', '/api/mobiles?q=phone'].map(
        (path) => ({ method: 'GET', path }),
      ),
    });
    rows.push({ name, start, after: rssKiB(server.pid) / 1024 });
    await stopProcesses([server]);
  }
  return rows;
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
      serverEnv({ DATA_DIR: dataDir, PORT: String(apiPort) }),
      'ReCell server listening',
    ),
  );
  children.push(
    await startProcess([join('bench', 'hello.ts')], { PORT: String(helloPort) }, 'hello listening'),
  );

  const token = await buyerToken();
  const api = `http://127.0.0.1:${apiPort}/api`;
  const only = process.env.BENCH_ONLY;
  const [apiProcess, helloProcess] = children;
  const plan: [string, string, Record<string, string>?][] = [
    ['bare Express hello-world', `http://127.0.0.1:${helloPort}/hello`],
    ['GET /mobiles/02 (page of 20)', `${api}/mobiles/02`, { authorization: `Bearer ${token}` }],
    // as a browser asks for it: the kept brotli copy (compressing it on every request tripled its CPU)
    [
      'GET /mobiles/02, br as browsers',
      `${api}/mobiles/02`,
      { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
    ],
    ['GET /advertise', `${api}/advertise`],
    ['GET /categorymobiles', `${api}/categorymobiles`],
    // The middleware stack alone (helmet, logging, identity, validation; one tiny query): the floor under the rest.
    ['GET /health (stack floor)', `${api}/health`],
  ];
  const results: Measured[] = [];
  for (const [name, url, headers] of plan) {
    if (!only || name === plan[0]?.[0] || name.includes(only))
      results.push(
        await measure(name, url, headers ?? {}, async () => [
          (name === plan[0]?.[0] ? helloProcess : apiProcess)?.pid,
        ]),
      );
  }
  const bare = results[0]?.requests ?? 1;
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, 127.0.0.1, ${LISTINGS.toLocaleString('en')} listings, load ${load()}`,
  );
  console.log(
    'route                              req/s   p99 ms   vs bare   non-2xx   errors   server CPU µs/req',
  );
  for (const result of results) {
    console.log(
      `${result.name.padEnd(32)} ${result.requests.toFixed(0).padStart(7)} ${String(result.p99).padStart(8)} ${`${((result.requests / bare) * 100).toFixed(0)} %`.padStart(9)} ${String(result.non2xx).padStart(9)} ${String(result.errors).padStart(8)} ${(result.cpuPerRequest?.toFixed(0) ?? '-').padStart(19)}`,
    );
  }
  const listing = results[1];
  if (listing) {
    const ratio = listing.requests / bare;
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log(
      `\ngoal: listing route >= 35 % of bare Express -> ${(ratio * 100).toFixed(0)} %: ${verdict(ratio >= 0.35)}`,
    );
    console.log(
      `goal: listing route >= 50 % of bare Express and p99 <= 25 ms -> ${(ratio * 100).toFixed(0)} %, ${listing.p99} ms: ${verdict(ratio >= 0.5 && listing.p99 <= 25)}`,
    );
  }

  // The profiled server alone: the measured ones stop first, so it has the cores they had.
  await stopProcesses(children);
  const profiledPort = await freePort();
  const profileDir = join(dataDir, 'profile');
  const profiled = await startProcess(
    [join('src', 'server.ts')],
    serverEnv({ DATA_DIR: dataDir, PORT: String(profiledPort) }),
    'ReCell server listening',
    profileDir,
  );
  children.push(profiled);
  const from = monotonicUs();
  await measure('profiled', `http://127.0.0.1:${profiledPort}/api/mobiles/02`, {
    authorization: `Bearer ${token}`,
  });
  const to = monotonicUs();
  await stopProcesses([profiled]);
  const shares = cpuShares(readProfile(profileDir), from, to, HOTSPOTS);
  const memory = await memoryRow(dataDir, token);
  console.log(`\nGET /mobiles/02 under a CPU profile, share of the server's busy CPU (load ${load()})`);
  HOTSPOTS.forEach((hotspot, index) => {
    const share = shares[index] ?? 0;
    const verdict =
      hotspot.goal === undefined
        ? ''
        : ` (goal < ${hotspot.goal * 100} %: ${share < hotspot.goal ? 'met' : 'NOT met'})`;
    console.log(`${hotspot.label.padEnd(32)} ${(share * 100).toFixed(1).padStart(5)} %${verdict}`);
  });
  console.log(
    `\nserver memory (RSS) after ${MEMORY_LOAD_SECONDS} s of mixed load, one process at a time (load ${load()})`,
  );
  for (const row of memory) {
    console.log(
      `${row.name.padEnd(44)} ${row.start.toFixed(0).padStart(4)} MB -> ${row.after.toFixed(0).padStart(4)} MB`,
    );
  }
  const [tuned, defaults] = memory;
  if (tuned && defaults) {
    console.log(
      `goal: at most 300 MB after the load -> ${tuned.after.toFixed(0)} MB (${((tuned.after / defaults.after) * 100).toFixed(0)} % of V8's defaults): ${tuned.after <= 300 ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await stopProcesses(children);
  rmSync(dataDir, { recursive: true, force: true });
}
