// What the app factory is built from: tests build it with a temp database and their own settings.
import type { Logger } from 'pino';
import type { Identity } from './auth/identity';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Signals } from './live/signals';
import type { PaymentProvider } from './modules/payments/providers/provider';

export interface AppContext {
  config: Config;
  db: Database;
  identity: Identity;
  payments: PaymentProvider;
  logger: Logger;
  /** Tells the live stream of committed writes; nobody until it is wired (app.ts). */
  signals?: Signals;
}
