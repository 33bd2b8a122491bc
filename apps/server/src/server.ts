// Starts the server: config, database (migrated and seeded), identity, payments, then listen. SIGTERM and
// SIGINT stop accepting, let in-flight requests finish, and close the database.
import { demoAccounts } from '@recell/api/fixtures';
import { pino } from 'pino';
import { createApp } from './app';
import { firebaseIdentity } from './auth/identity';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { stripeProvider } from './modules/payments/providers/stripe';
import { testProcessor } from './modules/payments/providers/test-processor';

const config = loadConfig();
// Bearer tokens and webhook signatures never reach the logs.
const logger = pino({
  level: config.logLevel,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
});
const db = await openDatabase(config.databasePath);
const applied = await migrate(db);
const seeded = await seed(db);
logger.info({ applied, seeded, database: config.databasePath }, 'database ready');

const identity = firebaseIdentity({
  projectId: config.firebaseProjectId,
  emulatorHost: config.authEmulatorHost,
});
const payments = config.stripe ? stripeProvider(config.stripe) : testProcessor(db);
const app = createApp({ config, db, identity, payments, logger });

// The demo accounts exist only on the embedded default (the Auth emulator), never in a real Firebase project.
const demo = config.authEmulatorHost && process.env.CREATE_DEMO_ACCOUNTS !== '0';
if (demo) {
  for (const account of Object.values(demoAccounts)) await identity.ensureAccount(account);
}

const server = app.listen(config.port, config.host, () => {
  const url = `http://${config.host}:${config.port}`;
  // A line tools can wait for (the tests, the start script).
  console.log(`ReCell server listening on ${url}`);
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
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await db.close();
    await identity.close();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
