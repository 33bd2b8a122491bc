// The one way to build the server, for start-up (src/server.ts), the tests and the benches: settings in, a
// ready app out (data dir prepared, database open, migrated and seeded, identity, payments, services). It does
// not listen, start the scheduled jobs or make the demo accounts; src/server.ts does those.
import { join } from 'node:path';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createApp, createServices, type Services } from './app';
import { emulatorAccounts, type EmulatorAccounts } from './auth/emulator-accounts';
import { firebaseIdentity, type Identity } from './auth/identity';
import type { Config, Settings } from './config';
import { prepareDataDir } from './data-dir';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { describeDatabase, openConfiguredDatabase } from './db/open';
import { seed } from './db/seed';
import type { Signals } from './live/signals';
import { createLogger } from './logger';
import type { PaymentProvider } from './modules/payments/providers/provider';
import { testProcessor } from './modules/payments/providers/test-processor';

export interface BuildOptions {
  /** A stand-in identity (the pictures bench never asks Firebase). */
  identity?: Identity;
  /**
   * Demo mode copies the Auth emulator's accounts under data/ so they survive a restart (emulator-accounts.ts).
   * Default true; the tests share one emulator between many servers and make their own accounts.
   */
  keepEmulatorAccounts?: boolean;
  /** Where committed writes are told (the live stream; a recording fake in tests). */
  signals?: Signals;
}

export interface BuiltServer {
  config: Config;
  app: Express;
  db: Database;
  identity: Identity;
  payments: PaymentProvider;
  services: Services;
  logger: Logger;
  /** Set in demo mode when the emulator's accounts are kept under data/. */
  accounts: EmulatorAccounts | undefined;
  /** Saves the emulator's accounts (demo mode), then closes the database and the identity client. */
  close(): Promise<void>;
}

export async function buildServer(settings: Settings, options: BuildOptions = {}): Promise<BuiltServer> {
  const config = prepareDataDir(settings);
  const logger = createLogger(config);
  // The configured database (SQLite file or PostgreSQL), its schema brought up to date, what is missing seeded,
  // and the query planner's statistics gathered where migrations, the seed or a bulk load left none or stale ones.
  const db = await openConfiguredDatabase(config);
  const applied = await migrate(db);
  const seeded = await seed(db, { demo: config.demoMode });
  const analysed = await db.optimize();
  logger.info({ applied, seeded, analysed, database: describeDatabase(config) }, 'database ready');
  const accounts =
    config.demoMode && config.authEmulatorHost && options.keepEmulatorAccounts !== false
      ? emulatorAccounts({
          host: config.authEmulatorHost,
          projectId: config.firebaseProjectId,
          file: join(config.dataDir, 'auth-accounts.json'),
        })
      : undefined;
  const identity =
    options.identity ??
    firebaseIdentity({
      projectId: config.firebaseProjectId,
      emulatorHost: config.authEmulatorHost,
      ...(accounts && {
        onAccountsChanged: () =>
          accounts.save().catch((error: unknown) => {
            logger.error({ err: error }, 'could not save the Auth emulator accounts');
          }),
      }),
    });
  // Stripe's SDK loads only where it is configured: it was a quarter of a second of every start
  const payments = config.stripe
    ? (await import('./modules/payments/providers/stripe')).stripeProvider(config.stripe)
    : testProcessor(db);
  const context = { config, db, identity, payments, logger, signals: options.signals };
  const services = createServices(context);
  const app = createApp(context, services);
  // Listening (PostgreSQL) before the first request, so no signal sent after start-up is missed here.
  await services.live.bus.start();
  return {
    config,
    app,
    db,
    identity,
    payments,
    services,
    logger,
    accounts,
    async close() {
      await services.outbox.stop();
      services.live.streams.endAll();
      await services.live.bus.close();
      await identity.accountsChanged?.();
      await db.close();
      await identity.close();
    },
  };
}
