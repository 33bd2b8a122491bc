// Starts the server: config, database (migrated and seeded), identity, payments, then listen. SIGTERM and
// SIGINT stop accepting, let in-flight requests finish, and close the database.
import { join } from 'node:path';
import { demoAccounts } from '@recell/api/fixtures';
import { createApp, createServices } from './app';
import { emulatorAccounts } from './auth/emulator-accounts';
import { firebaseIdentity } from './auth/identity';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { migrate } from './db/migrate';
import { describeDatabase, openConfiguredDatabase } from './db/open';
import { seed } from './db/seed';
import { prepareDemo } from './demo';
import { startJobs } from './jobs';
import { stripeProvider } from './modules/payments/providers/stripe';
import { testProcessor } from './modules/payments/providers/test-processor';

// Everything the server writes under data/ (database, uploads, saved accounts) is readable by its owner alone.
process.umask(0o077);
const config = loadConfig();
const logger = createLogger(config);
const db = await openConfiguredDatabase(config);
const applied = await migrate(db);
const seeded = await seed(db, { demo: config.demoMode });
logger.info({ applied, seeded, database: describeDatabase(config) }, 'database ready');

// Demo mode: the emulator's accounts are saved under data/ whenever a user record changes (emulator-accounts.ts).
const accounts =
  config.demoMode && config.authEmulatorHost
    ? emulatorAccounts({
        host: config.authEmulatorHost,
        projectId: config.firebaseProjectId,
        file: join(config.dataDir, 'auth-accounts.json'),
      })
    : undefined;
const identity = firebaseIdentity({
  projectId: config.firebaseProjectId,
  emulatorHost: config.authEmulatorHost,
  ...(accounts && {
    onAccountsChanged: () =>
      accounts.save().catch((error: unknown) => {
        logger.error({ err: error }, 'could not save the Auth emulator accounts');
      }),
  }),
});
const payments = config.stripe ? stripeProvider(config.stripe) : testProcessor(db);
const context = { config, db, identity, payments, logger };
const services = createServices(context);
const app = createApp(context, services);
// Reconciliation (and later jobs) run at start, before the first request, and on a schedule.
const jobs = startJobs(services, db, logger);

// The demo accounts exist only in demo mode (the Auth emulator), never in a real Firebase project.
const demo = config.demoMode && process.env.CREATE_DEMO_ACCOUNTS !== '0';
if (accounts) await prepareDemo({ db, identity, accounts, logger, createDemoAccounts: demo });

const server = app.listen(config.port, config.host, () => {
  const url = `http://${config.host}:${config.port}`;
  // A line tools can wait for (the tests, the start script).
  console.log(`ReCell server listening on ${url}`);
  if (config.demoMode) {
    console.log(
      `Demo mode (DEMO_MODE=1): Auth emulator at ${config.authEmulatorHost}; accounts kept across restarts`,
    );
  }
  if (demo) {
    console.log('Demo accounts (Firebase Auth emulator):');
    for (const account of Object.values(demoAccounts)) {
      console.log(`  ${account.role.padEnd(6)}  ${account.email.padEnd(20)}  password: ${account.password}`);
    }
  }
  console.log(
    `Payments: ${payments.name === 'stripe' ? 'Stripe' : 'built-in test-mode processor (card 4242 4242 4242 4242)'}`,
  );
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  jobs.stop();
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await identity.accountsChanged?.();
    await db.close();
    await identity.close();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
// a closed terminal: stop as cleanly as on Ctrl-C (the accounts are saved on the way out)
process.on('SIGHUP', () => stop('SIGHUP'));
