// Starts the server: settings from the environment, buildServer (data dir, database, identity, payments, app),
// the scheduled jobs, then listen (API requests wait for the demo accounts in demo mode). SIGTERM and SIGINT stop accepting, let
// in-flight requests finish, and close the database.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { demoAccounts } from '@recell/api/fixtures';
import { buildServer } from './build-server';
import { loadConfig, type Settings } from './config';
import { emulatorAnswers, prepareDemo } from './demo';
import { startJobs } from './jobs';

// Everything the server writes under data/ (database, uploads, saved accounts) is readable by its owner alone.
process.umask(0o077);
let settings: Settings;
try {
  settings = loadConfig();
} catch (error) {
  // A bad setting is the operator's to fix: its message says which and how; a stack trace would bury it.
  console.error((error as Error).message);
  process.exit(1);
}
// Demo mode without SMTP_URL: the local SMTP server keeps each email under data/mail (the admin reads them there).
let mailCatcher: { url: string; close(): Promise<void> } | undefined;
if (settings.demoMode && !settings.smtpUrl) {
  const { startMailCatcher } = await import('@recell/local/mail-catcher');
  mailCatcher = await startMailCatcher({ dir: join(settings.dataDir, 'mail') });
  settings = { ...settings, smtpUrl: mailCatcher.url };
  console.log(`Local SMTP server at ${mailCatcher.url}: email is kept in ${join(settings.dataDir, 'mail')}`);
}
const built = await buildServer(settings);
const { app, config, db, identity, logger, payments, accounts } = built;
// Reconciliation (and later jobs) run at start, before the first request, and on a schedule.
const jobs = startJobs(built.services, db, logger);
// Notifications' email and bell: what the outbox holds from before a stop or a kill -9 goes first.
built.services.outbox.start();
if (!config.smtpUrl) logger.warn('SMTP_URL is not set: notification email waits in the outbox until it is');

// The demo accounts exist only in demo mode (the Auth emulator), never in a real Firebase project. The emulator
// starts beside this process and answers a second or two after the app is built, so the server listens at once:
// pages are served meanwhile, and API requests wait until the saved accounts are back in the emulator (a
// sign-in or a token check before that would not find them). The line tools wait for is printed when all is ready.
const demo = config.createDemoAccounts;
const ready: Promise<void> = accounts
  ? (async () => {
      if (config.authEmulatorHost) await emulatorAnswers(config.authEmulatorHost);
      await prepareDemo({ db, identity, accounts, logger, createDemoAccounts: demo });
    })()
  : Promise.resolve();
let isReady = !accounts;
const handle = (request: IncomingMessage, response: ServerResponse) => {
  if (isReady || !request.url?.startsWith('/api')) return app(request, response);
  ready.then(
    () => app(request, response),
    () => response.destroy(),
  );
};

const server = createServer(handle).listen(config.port, config.host);
await new Promise<void>((resolve, reject) => {
  server.once('listening', resolve);
  server.once('error', reject);
});
try {
  await ready;
  isReady = true;
} catch (error) {
  console.error(`The demo accounts could not be prepared: ${(error as Error).message}`);
  process.exit(1);
}
announce();

function announce() {
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
}

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  jobs.stop();
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await built.close();
    await mailCatcher?.close();
    process.exit(0);
  });
  // Open event streams never go idle by themselves: end them (their clients reconnect to another process).
  built.services.live.streams.endAll();
  server.closeIdleConnections();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
// a closed terminal: stop as cleanly as on Ctrl-C (the accounts are saved on the way out)
process.on('SIGHUP', () => stop('SIGHUP'));
