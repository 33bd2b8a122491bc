// What the benches share (bench.ts: one server beside bare Express; search.ts: search at a million listings;
// scaled.ts: processes behind nginx on both engines): the seeded listings, a server process started and awaited, and autocannon's figures for a URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { demoAccounts } from '@recell/api/fixtures';
import { waitForOutput } from '@recell/local/ready';
import { SERVER_NODE_FLAGS } from '@recell/local/server-node';
import { signAccessToken } from '../src/auth/access-token';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';

export const CONNECTIONS = 10;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
export const serverDir = join(import.meta.dirname, '..');

/** The demo buyer's access token, signed with the benches' JWT_SECRET (no sign-in needed). */
export function buyerToken(): Promise<string> {
  return signAccessToken(new TextEncoder().encode(SECRET), {
    sub: demoAccounts.buyer._id,
    email: demoAccounts.buyer.email,
    role: 'buyer',
  });
}

/** The server's environment in the benches: production mode, our JWT secret, no emulator, quiet logs. */
export function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: SECRET,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    CREATE_DEMO_ACCOUNTS: '0',
    // Outside demo mode the server needs a real project's id; the bench signs its own access tokens.
    FIREBASE_PROJECT_ID: 'recell-bench',
    ...env,
  };
}

/** Migrates and seeds `db` (SQLite or PostgreSQL), then adds `listings` phones in one transaction. */
export async function seedBench(db: Database, listings: number): Promise<void> {
  await migrate(db);
  await seed(db, { demo: true });
  const categories = ['01', '02', '03'] as const;
  const conditions = ['Excellent', 'Good', 'Fair'] as const;
  await db.transaction(async () => {
    for (let index = 0; index < listings; index += 1) {
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
}

/**
 * Starts `node --import tsx <args>` in apps/server with `env` on top, and waits until it prints `ready`.
 * `profileDir`: where this process writes its CPU profile when it exits.
 */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: string,
  profileDir?: string,
): Promise<ChildProcess> {
  // BENCH_PROFILE=<dir> writes a CPU profile of each process there, to see where the time goes.
  const dir = profileDir ?? process.env.BENCH_PROFILE;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  // the server runs with the heap flags every launcher uses (BENCH_NODE_FLAGS=0: V8's defaults, for comparison)
  const flags =
    args[0] === join('src', 'server.ts') && (env.BENCH_NODE_FLAGS ?? process.env.BENCH_NODE_FLAGS) !== '0'
      ? SERVER_NODE_FLAGS
      : [];
  const child = spawn(process.execPath, [...flags, ...profile, '--import', 'tsx', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // generous: the search bench's server opens a million listings
  await waitForOutput(child, ready, { name: args.join(' '), seconds: 600 });
  return child;
}

/** Stops the processes the bench started, each with SIGTERM, and waits until they have exited. */
export async function stopProcesses(children: readonly (ChildProcess | undefined)[]): Promise<void> {
  await Promise.all(
    children.map((child) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    }),
  );
}

export interface Measured {
  name: string;
  requests: number;
  p99: number;
  /** Answers other than 2xx (all of them had a status). */
  non2xx: number;
  /** Requests without an answer: a connection error or a timeout (autocannon's errors). */
  errors: number;
  /** The serving processes' CPU time per answered request (user + system), in microseconds. */
  cpuPerRequest?: number | undefined;
  /** How many of the machine's cores were busy during the run, on average (everyone's processes, /proc/stat). */
  coresBusy?: number | undefined;
}

/** The machine's busy and total CPU time so far (all cores, clock ticks), from /proc/stat (Linux). */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    const numbers = ticks.map(Number);
    const total = numbers.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the 4th and 5th figures
    return { busy: total - (numbers[3] ?? 0) - (numbers[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in KiB, from /proc (Linux). */
export function rssKiB(pid: number | undefined): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  return Number(line?.[1] ?? Number.NaN);
}

/** A process's CPU time so far in ms, from /proc (Linux); undefined elsewhere. */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * `serving`: the processes that serve the requests (the server's; with PostgreSQL also its backends), asked after
 * the warm-up, to report their CPU time per request beside req/s.
 */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  serving?: () => Promise<readonly (number | undefined)[]>,
): Promise<Measured> {
  // A short warm-up, so the JIT and SQLite's page cache are where they are in a running server.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const pids = ((await serving?.()) ?? []).filter((pid) => pid !== undefined);
  const cpuBefore = new Map(pids.map((pid) => [pid, cpuMs(pid)]));
  const machineBefore = machineTicks();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const machineAfter = machineTicks();
  // The time each process spent meanwhile; one gone by the end (a pooled connection closed) counts for none.
  let cpuSpent: number | undefined;
  for (const pid of pids) {
    const before = cpuBefore.get(pid);
    const after = cpuMs(pid);
    if (before !== undefined && after !== undefined) cpuSpent = (cpuSpent ?? 0) + after - before;
  }
  // On a shared machine req/s falls with everyone else's load; the CPU the server spends on each request
  // moves much less, so it is the figure to compare across runs.
  const cpuPerRequest =
    cpuSpent === undefined || result.requests.total === 0
      ? undefined
      : (cpuSpent * 1000) / result.requests.total;
  return {
    name,
    requests: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuPerRequest,
    coresBusy:
      machineBefore && machineAfter && machineAfter.total > machineBefore.total
        ? ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) *
          cpus().length
        : undefined,
  };
}
