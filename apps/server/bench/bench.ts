// `npm run bench`: seeds 10,000 listings into a fresh database, starts the server (production mode) and a bare
// Express hello-world as separate processes on 127.0.0.1, and measures each with autocannon (10 connections).
// scaled.ts runs after it: the same routes on PostgreSQL with 1, 2 and 4 processes behind nginx.
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/sqlite';
import { freePort } from '@recell/local/ports';
import {
  buyerToken,
  CONNECTIONS,
  measure,
  SECONDS,
  seedBench,
  serverEnv,
  startProcess,
  stopProcesses,
  type Measured,
} from './support';

const LISTINGS = 10_000;

async function seedListings(dataDir: string) {
  const db = await openDatabase(join(dataDir, 'recell.sqlite'));
  await seedBench(db, LISTINGS);
  await db.close();
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
  await stopProcesses(children);
  rmSync(dataDir, { recursive: true, force: true });
}
