// The last part of `npm run bench`: the listing and search routes through nginx (Debian's, as `npm run
// start:scaled` runs it) in front of the server on SQLite with 1 process, and on PostgreSQL with 1, 2 and 4
// processes, all in this run, on the same 10,000 seeded listings. req/s and p99 for each, with autocannon, the
// CPU a request cost the servers and PostgreSQL, and how busy the whole machine was.
// Both run as they do by default, with their read caches (PostgreSQL's checked against the database's version on
// each read, src/db/postgres.ts); PostgreSQL with 1 process also without it (READ_CACHE=off, how it ran before the
// cache), side by side in the same run. BENCH_PROCESSES=1,2 picks other counts.
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '@recell/local/ports';
import { startNginx } from '@recell/local/nginx';
import { startPostgres } from '@recell/local/postgres';
import { openDatabase } from '../src/db/sqlite';
import { openPostgres } from '../src/db/postgres';
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
const COUNTS = (process.env.BENCH_PROCESSES ?? '1,2,4').split(',').map(Number);

/** The PostgreSQL backends serving connections to `url`'s database (the servers' pools and listeners). */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Starts `count` servers with `env`, nginx in front, and measures both routes through it. */
async function measureBehindNginx(label: string, count: number, env: Record<string, string>) {
  const children: ChildProcess[] = [];
  try {
    // one by one: the first applies any migration, the rest find them done
    const ports: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const port = await freePort();
      children.push(
        await startProcess(
          [join('src', 'server.ts')],
          serverEnv({ ...env, PORT: String(port), TRUST_PROXY: '1' }),
          'ReCell server listening',
        ),
      );
      ports.push(port);
    }
    const nginx = await startNginx({ upstreams: ports });
    try {
      const token = await buyerToken();
      const api = `http://127.0.0.1:${nginx.port}/api`;
      const headers = { authorization: `Bearer ${token}` };
      // The CPU a request costs: the servers' own, and with PostgreSQL its backends' for their connections.
      const serving = async () => [
        ...children.map((child) => child.pid),
        ...(env.DATABASE_URL ? await backendPids(env.DATABASE_URL) : []),
      ];
      return [
        await measure(`${label}: listing GET /mobiles/02`, `${api}/mobiles/02`, headers, serving),
        await measure(
          `${label}: search GET /mobiles?q=`,
          `${api}/mobiles?q=bench%20phone%20777`,
          headers,
          serving,
        ),
      ];
    } finally {
      await nginx.stop();
    }
  } finally {
    await stopProcesses(children);
  }
}

const results: Measured[] = [];
// The servers' data dir (each makes it owner-only); the PostgreSQL cluster is a throwaway one in a temp dir.
const dataDir = mkdtempSync(join(tmpdir(), 'recell-bench-scaled-'));
const postgres = await startPostgres();
try {
  const seeded = Date.now();
  const sqlite = await openDatabase(join(dataDir, 'recell.sqlite'));
  await seedBench(sqlite, LISTINGS);
  await sqlite.close();
  await postgres.createDatabase('bench');
  const pg = await openPostgres(postgres.url('bench'));
  await seedBench(pg, LISTINGS);
  // the planner's statistics, as autovacuum would gather them a little later
  await pg.exec('ANALYZE');
  await pg.close();
  console.log(
    `\nscaled: seeded ${LISTINGS.toLocaleString('en')} listings in SQLite and PostgreSQL in ${Date.now() - seeded} ms`,
  );

  results.push(...(await measureBehindNginx('SQLite, 1 process', 1, { DATA_DIR: dataDir })));
  results.push(
    ...(await measureBehindNginx('PostgreSQL, 1 process, no read cache', 1, {
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url('bench'),
      READ_CACHE: 'off',
    })),
  );
  for (const count of COUNTS) {
    results.push(
      ...(await measureBehindNginx(`PostgreSQL, ${count} process${count === 1 ? '' : 'es'}`, count, {
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url('bench'),
      })),
    );
  }
} finally {
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nbehind nginx: ${CONNECTIONS} connections, ${SECONDS} s each, 127.0.0.1, ${LISTINGS.toLocaleString('en')} listings, ${cpus().length} cores`,
);
// errors: requests autocannon sent that got no answer (its connection errors and timeouts);
// cores busy: the whole machine's, load generator and nginx and PostgreSQL included.
console.log(
  'engine and processes: route                                     req/s   p99 ms   non-2xx   errors   cores busy   CPU µs/req',
);
for (const result of results) {
  console.log(
    `${result.name.padEnd(62)} ${result.requests.toFixed(0).padStart(7)} ${String(result.p99).padStart(8)} ${String(result.non2xx).padStart(9)} ${String(result.errors).padStart(8)} ${(result.coresBusy?.toFixed(2) ?? '-').padStart(12)} ${(result.cpuPerRequest?.toFixed(0) ?? '-').padStart(12)}`,
  );
}

// Issue 28's goals as ratios of this run's own figures: a request costs PostgreSQL at most 1.5x what it costs
// SQLite (one process each: the CPU the servers and PostgreSQL's backends spent per request, and req/s, which
// moves more with the rest of the machine), and 2 processes serve at least 1.5x what 1 does.
const row = (name: string) => results.find((result) => result.name === name);
const ratio = (a?: number, b?: number) => (a && b ? `${(a / b).toFixed(2)}x` : 'n/a');
const cores = cpus().length;
for (const route of ['listing GET /mobiles/02', 'search GET /mobiles?q=']) {
  const sqlite = row(`SQLite, 1 process: ${route}`);
  const one = row(`PostgreSQL, 1 process: ${route}`);
  const uncached = row(`PostgreSQL, 1 process, no read cache: ${route}`);
  const two = row(`PostgreSQL, 2 processes: ${route}`);
  // What 2 processes could serve at most: 1 process's rate with every core of the machine as busy as 1
  // process kept its busy cores (the same work per request; nothing else sped up).
  const ceiling = one?.coresBusy
    ? `at most ${ratio(cores, one.coresBusy)} on this machine: 1 process kept ${one.coresBusy.toFixed(2)} of ${cores} cores busy`
    : 'n/a';
  console.log(
    `${route}: PostgreSQL/SQLite per request (goal <= 1.5): CPU ${ratio(one?.cpuPerRequest, sqlite?.cpuPerRequest)} (without the cache ${ratio(uncached?.cpuPerRequest, sqlite?.cpuPerRequest)}), req/s ${ratio(sqlite?.requests, one?.requests)}; PostgreSQL x2/x1 ${ratio(two?.requests, one?.requests)} (goal >= 1.5; ${ceiling})`,
  );
}
