// Exactly once (issue 48): the payout run, in a process of its own, killed with SIGKILL at a random moment in each
// of many runs, then run once to completion, pays every earning once. Each round adds sellers with available
// earnings (written in SQL: a deal's way there is payouts-rules.test.ts's), starts the run
// (test/support/payout-run.ts, bundled once with esbuild: a start costs half of tsx's), and kills it after a
// delay drawn from a seeded generator: at any moment after it opened the database, or right after the round's
// first payouts row appears (the step between ReCell's transaction and the provider's transfer). After every kill
// the ledger holds (what the earnings hold, what the provider moved, what each payout owes); at the end every
// earning is paid out, by one payout that the provider paid once, and an earning that moved to a second payout
// was never paid by the first. Runs on both engines, 200 runs each (PAYOUT_KILL_ROUNDS; about 3 minutes on
// PostgreSQL, whose commits are round trips). Last, three runs started at once (the daily job of three server
// processes) pay each seller once.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { testDatabase, testEnv, type TestDatabase } from './support/harness';
import { availableEarnings, ledger, seeded } from './support/payouts';

const postgres = Boolean(inject('postgresUrl'));
const ROUNDS = Number(process.env.PAYOUT_KILL_ROUNDS ?? 200);
const SEED = Number(process.env.PAYOUT_KILL_SEED ?? 48);
const SELLERS_PER_ROUND = 3;
const EARNINGS_PER_SELLER = 3;

let database: TestDatabase;
let dir: string;
let db: Database;
let runner: string;
let bundleDir: string | undefined;
const SERVER = join(import.meta.dirname, '..');

beforeAll(async () => {
  database = await testDatabase();
  dir = mkdtempSync(join(tmpdir(), 'recell-payout-kill-'));
  db = await database.open(dir);
  await migrate(db);
  // Inside the server's folder, so its bare imports resolve from node_modules as the source's do.
  mkdirSync(join(SERVER, 'node_modules', '.cache'), { recursive: true });
  bundleDir = mkdtempSync(join(SERVER, 'node_modules', '.cache', 'payout-run-'));
  runner = join(bundleDir, 'payout-run.mjs');
  // Everything of the repo's own in one file; the packages from node_modules as they are.
  await build({
    entryPoints: [join(import.meta.dirname, 'support', 'payout-run.ts')],
    outfile: runner,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'error',
    plugins: [
      {
        name: 'node-modules-external',
        setup(on) {
          // The API client that @recell/api's index exports is never called here: not loaded at all.
          on.onResolve({ filter: /^openapi-fetch$/ }, () => ({ path: 'openapi-fetch', namespace: 'stub' }));
          on.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default undefined;' }));
          on.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@recell/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
});

afterAll(async () => {
  await db?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
});

interface Run {
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  ready: Promise<void>;
  kill(): void;
  output(): string;
}

function startRun(): Run {
  const child = spawn(process.execPath, [runner], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      ...testEnv(dir, database.env),
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('ready\n')) onReady();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      onReady();
      resolve({ code, signal });
    }),
  );
  return {
    exited,
    ready,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    output: () => output,
  };
}

const count = async (sql: string, args: string[] = []) =>
  Number((await db.get<{ n: unknown }>(sql, args))?.n ?? 0);

/** Resolves once `ready()` is true (polled without a timer: each check is a query), or the run has ended. */
async function until(ready: () => Promise<boolean>, ended: { done: boolean }) {
  while (!ended.done && !(await ready())) await new Promise((resolve) => setImmediate(resolve));
}

describe(`the payout run killed with SIGKILL in each of ${ROUNDS} runs`, () => {
  it('pays every earning 0 or 1 times while killed, exactly once after a run to completion, the ledger balanced', async () => {
    const random = seeded(SEED);
    /** earning id -> every payout that ever held it */
    const history = new Map<string, Set<string>>();
    let made = 0;
    let madeCents = 0;
    let killed = 0;
    let finishedAnyway = 0;
    let killedAfterPayoutRow = 0;
    let diedUnsent = 0;
    let diedUnmarked = 0;
    // How long a whole run takes, from "ready" to its end: the first round runs to completion to learn it.
    let runMs = 0;
    const started = performance.now();

    for (let round = 0; round < ROUNDS; round += 1) {
      const batch = await availableEarnings(db, {
        prefix: `k${round}`,
        sellers: SELLERS_PER_ROUND,
        perSeller: EARNINGS_PER_SELLER,
        cents: (index) => 1000 + ((round * 31 + index * 17) % 900),
      });
      made += batch.earnings;
      madeCents += batch.cents;

      const run = startRun();
      const ended = { done: false };
      void run.exited.then(() => (ended.done = true));
      await run.ready;
      const readyAt = performance.now();
      if (round === 0) {
        const exit = await run.exited;
        expect(exit.code, run.output()).toBe(0);
        runMs = Math.max(performance.now() - readyAt, 5);
      } else if (random() < 0.5) {
        // Anywhere in the run, the start-up included.
        const delay = random() * runMs;
        await new Promise((resolve) => setTimeout(resolve, delay));
        run.kill();
      } else {
        // Right after this round's first payout row committed (before, between or after the provider's call).
        await until(
          async () =>
            (await count(
              `SELECT COUNT(*) AS n FROM payouts WHERE seller_id IN (${batch.sellerIds.map(() => '?').join(', ')})`,
              batch.sellerIds,
            )) > 0,
          ended,
        );
        if (!ended.done) killedAfterPayoutRow += 1;
        await new Promise((resolve) => setTimeout(resolve, random() * Math.min(runMs / 4, 20)));
        run.kill();
      }
      const exit = await run.exited;
      if (exit.signal === 'SIGKILL') killed += 1;
      else {
        expect(exit.code, run.output()).toBe(0);
        finishedAnyway += 1;
        // it ended before the kill: the estimate moves towards this run's length
        runMs = Math.max((runMs * 3 + (performance.now() - readyAt)) / 4, 5);
      }

      // Where it died: a payout taken but not yet sent, or sent (the provider paid it) but not yet marked paid.
      const left = await db.get<{ unsent: unknown; unmarked: unknown }>(
        `SELECT
           SUM(CASE WHEN t.idempotency_key IS NULL THEN 1 ELSE 0 END) AS unsent,
           SUM(CASE WHEN t.idempotency_key IS NULL THEN 0 ELSE 1 END) AS unmarked
         FROM payouts p LEFT JOIN local_payout_transfers t ON t.idempotency_key = p.idempotency_key
         WHERE p.status = 'pending'`,
      );
      if (Number(left?.unsent ?? 0) > 0) diedUnsent += 1;
      if (Number(left?.unmarked ?? 0) > 0) diedUnmarked += 1;

      // Whatever moment it died at: nothing lost or doubled, no payout transferred twice. Read in one transaction
      // (one snapshot): on PostgreSQL the killed client's backend may still commit the COMMIT it was sent, between
      // two of the ledger's reads.
      const check = await db.transaction(() => ledger(db, { captured: 'earnings' }));
      expect(check.problems, `round ${round}`).toEqual([]);
      expect(check.captured).toBe(madeCents);
      for (const row of await db.all<{ id: string; payout_id: string }>(
        'SELECT id, payout_id FROM earnings WHERE payout_id IS NOT NULL',
      )) {
        const seen = history.get(row.id) ?? new Set<string>();
        seen.add(row.payout_id);
        history.set(row.id, seen);
      }
    }

    // Then once to completion: every pending payout retried with its own key, every earning left paid.
    const last = startRun();
    const exit = await last.exited;
    expect(exit.code, last.output()).toBe(0);
    const seconds = (performance.now() - started) / 1000;

    const check = await ledger(db, { captured: 'earnings' });
    expect(check.problems).toEqual([]);
    expect(check.byState).toMatchObject({ available: 0, paying: 0, paid_out: madeCents, pending: 0 });
    expect(check.transferred).toBe(madeCents);
    expect(await count('SELECT COUNT(*) AS n FROM earnings')).toBe(made);
    expect(await count("SELECT COUNT(*) AS n FROM earnings WHERE status = 'paid_out'")).toBe(made);
    expect(await count("SELECT COUNT(*) AS n FROM payouts WHERE status = 'pending'")).toBe(0);
    // Each key once at the provider, and each names a paid payout.
    expect(await count('SELECT COUNT(*) AS n FROM local_payout_transfers')).toBe(
      await count('SELECT COUNT(DISTINCT idempotency_key) AS n FROM local_payout_transfers'),
    );
    expect(
      await count(
        `SELECT COUNT(*) AS n FROM local_payout_transfers t JOIN payouts p ON p.idempotency_key = t.idempotency_key
         WHERE p.status <> 'paid'`,
      ),
    ).toBe(0);
    // An earning a kill moved from one payout to another was paid by one of them only.
    const transferredPayouts = new Set(
      (
        await db.all<{ id: string }>(
          `SELECT p.id FROM payouts p JOIN local_payout_transfers t ON t.idempotency_key = p.idempotency_key`,
        )
      ).map((row) => row.id),
    );
    for (const row of await db.all<{ id: string; payout_id: string }>('SELECT id, payout_id FROM earnings')) {
      const seen = history.get(row.id) ?? new Set<string>();
      seen.add(row.payout_id);
      const paid = [...seen].filter((payout) => transferredPayouts.has(payout));
      expect(paid, `earning ${row.id}, payouts ${[...seen].join(', ')}`).toEqual([row.payout_id]);
    }
    console.log(
      `payouts exactly once (${postgres ? 'postgres' : 'sqlite'}): ${ROUNDS} runs, ${killed} killed ` +
        `(${killedAfterPayoutRow} right after a payout row; ${diedUnsent} left a payout taken but not sent, ` +
        `${diedUnmarked} one the provider paid but not marked paid), ${finishedAnyway} finished first; ${made} earnings ` +
        `(${madeCents} cents) paid once by ${transferredPayouts.size} transfers; a whole run ${runMs.toFixed(0)} ms; ` +
        `${seconds.toFixed(1)} s in all`,
    );
    expect(killed).toBeGreaterThan(ROUNDS / 2);
    // The kills landed in both dangerous steps, not only before or after a run (a short run may miss one).
    if (ROUNDS >= 50) {
      expect(diedUnsent).toBeGreaterThan(0);
      expect(diedUnmarked).toBeGreaterThan(0);
    }
  }, 600_000);
});

describe('payout runs at once', () => {
  it('in three processes on one database pay every earning once', async () => {
    const before = await ledger(db, { captured: 'earnings' });
    const batch = await availableEarnings(db, { prefix: 'twice', sellers: 30, perSeller: 2 });
    const runs = [startRun(), startRun(), startRun()];
    for (const run of runs) {
      const exit = await run.exited;
      expect(exit.code, run.output()).toBe(0);
    }
    const check = await ledger(db, { captured: 'earnings', sellerIds: batch.sellerIds });
    expect(check.problems).toEqual([]);
    expect(check.byState).toMatchObject({ paid_out: batch.cents, available: 0, paying: 0 });
    expect(check.transferred).toBe(batch.cents);
    const payouts = await count(
      `SELECT COUNT(*) AS n FROM payouts WHERE seller_id IN (${batch.sellerIds.map(() => '?').join(', ')})`,
      batch.sellerIds,
    );
    expect(payouts).toBe(batch.sellerIds.length);
    expect((await ledger(db, { captured: 'earnings' })).problems).toEqual(before.problems);
  });
});
