// The last part of `npm run bench`: the listing and search routes through nginx (Debian's, as `npm run
// start:scaled` runs it) in front of the server on SQLite with 1 process, and on PostgreSQL with 1, 2 and 4
// processes, all in this run, on the same 10,000 seeded listings. req/s and p99 for each, with autocannon.
// Both run as they do by default, with their read caches (PostgreSQL's checked against the database's version on
// each read, src/db/postgres.ts); PostgreSQL with 1 process also without it (READ_CACHE=off, how it ran before
// issue 28), side by side in the same run. BENCH_PROCESSES=1,2 picks other counts.
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
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
      return [
        await measure(`${label}: listing GET /mobiles/02`, `${api}/mobiles/02`, headers),
        await measure(`${label}: search GET /mobiles?q=`, `${api}/mobiles?q=bench%20phone%20777`, headers),
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
console.log('engine and processes: route                                     req/s   p99 ms   non-2xx');
for (const result of results) {
  console.log(
    `${result.name.padEnd(62)} ${result.requests.toFixed(0).padStart(7)} ${String(result.p99).padStart(8)} ${String(result.non2xx).padStart(9)}`,
  );
}

// Issue 28's goals as ratios of this run's own figures: a request costs PostgreSQL at most 1.5x what it costs
// SQLite (one process each, so req/s is what one core's worth of CPU serves), and 2 processes serve at least
// 1.5x what 1 does.
const rate = (name: string) => results.find((result) => result.name === name)?.requests;
for (const route of ['listing GET /mobiles/02', 'search GET /mobiles?q=']) {
  const sqlite = rate(`SQLite, 1 process: ${route}`);
  const one = rate(`PostgreSQL, 1 process: ${route}`);
  const uncached = rate(`PostgreSQL, 1 process, no read cache: ${route}`);
  const two = rate(`PostgreSQL, 2 processes: ${route}`);
  const ratio = (a?: number, b?: number) => (a && b ? (a / b).toFixed(2) : 'n/a');
  console.log(
    `${route}: cost per request PostgreSQL/SQLite ${ratio(sqlite, one)}x (goal <= 1.5; without the cache ${ratio(sqlite, uncached)}x); PostgreSQL x2/x1 ${ratio(two, one)}x (goal >= 1.5)`,
  );
}
