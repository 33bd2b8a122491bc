// The payouts' part of `npm run bench` (issue 48), on SQLite (the embedded default): the app built as the tests
// build it (production mode, the local payout provider) over a fresh temp database holding BENCH_PAYOUT_SELLERS
// verified sellers (default 2,000) with BENCH_PAYOUT_EARNINGS available earnings each (default 5: 10,000 in all),
// written in SQL. One payout run pays them all; it prints payouts and earnings per second, then the ledger check
// (what the earnings hold = what the provider moved = what the payouts owe, each key transferred once), which must
// print "met". A miss is printed, never a failure (the bench is not part of npm test).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Identity } from '../src/auth/identity';
import { buildServer } from '../src/build-server';
import { loadConfig } from '../src/config';
import { availableEarnings, ledger } from '../test/support/payouts';

const SELLERS = Number(process.env.BENCH_PAYOUT_SELLERS ?? 2000);
const PER_SELLER = Number(process.env.BENCH_PAYOUT_EARNINGS ?? 5);

/** Nobody signs in: identity is never asked. */
const noIdentity: Identity = {
  verifyIdToken: () => Promise.resolve(null),
  deleteAccount: () => Promise.resolve(),
  ensureAccount: () => Promise.resolve(''),
  ensurePhoneSecondFactor: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

const dir = mkdtempSync(join(tmpdir(), 'recell-bench-payouts-'));
const built = await buildServer(
  loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    FIREBASE_PROJECT_ID: 'recell-bench',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dir, 'no-web-build'),
    PAYOUT_PROVIDER: 'local',
  }),
  { identity: noIdentity },
);
const { db, services } = built;

try {
  const madeStarted = performance.now();
  const made = await availableEarnings(db, {
    prefix: 'bench-payout',
    sellers: SELLERS,
    perSeller: PER_SELLER,
  });
  const madeMs = performance.now() - madeStarted;

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await services.payouts.runPayouts();
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);

  const paid = Number(
    (await db.get<{ n: unknown }>("SELECT COUNT(*) AS n FROM payouts WHERE status = 'paid'"))?.n ?? 0,
  );
  const check = await ledger(db, { captured: 'earnings' });
  console.log(
    `payouts: one run paid ${paid} payouts (${made.earnings} earnings, $${(made.cents / 100).toFixed(2)}) in ` +
      `${elapsed.toFixed(2)} s: ${(paid / elapsed).toFixed(0)} payouts/s, ${(made.earnings / elapsed).toFixed(0)} ` +
      `earnings/s (CPU ${((cpu.user + cpu.system) / 1000 / Math.max(paid, 1)).toFixed(2)} ms a payout; ` +
      `${SELLERS} sellers x ${PER_SELLER} written in ${(madeMs / 1000).toFixed(1)} s; ${JSON.stringify(result)})`,
  );
  const balanced =
    check.problems.length === 0 &&
    check.byState.paid_out === made.cents &&
    check.transferred === made.cents &&
    paid === SELLERS;
  console.log(
    `payouts: ledger ${JSON.stringify(check.byState)}, the provider moved ${check.transferred} of ${made.cents} ` +
      `cents, ${check.problems.length} problems: ${balanced ? 'met' : 'MISSED'} (load average ${loadavg()[0]?.toFixed(2)})`,
  );
  for (const problem of check.problems.slice(0, 5)) console.log(`payouts: ${problem}`);
} finally {
  await built.close();
  rmSync(dir, { recursive: true, force: true });
}
