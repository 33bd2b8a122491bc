// A test server that sends email to the real local SMTP server (@recell/local/mail-catcher), for the
// notification tests: the catcher keeps each message in the server's own data dir, so its demo mail page reads
// what was caught there. `ctx.catcher` may be closed and started again (SMTP down, then up).
import { join } from 'node:path';
import { freePort } from '@recell/local/ports';
import { startMailCatcher, type MailCatcher } from '@recell/local/mail-catcher';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/database';
import { openConfiguredDatabase } from '../../src/db/open';
import { messageDigests } from '../../src/modules/notifications/digest';
import { mailTransport } from '../../src/modules/notifications/mailer';
import { notificationsRepository } from '../../src/modules/notifications/repository';
import { outboxWorker, type WorkerOptions } from '../../src/modules/notifications/worker';
import { personas, startApp, type People, type TestApp } from './harness';

export const ORIGIN = 'https://recell.example';

export function useMailServer() {
  const ctx = { mailDir: '', smtpPort: 0 } as {
    app: TestApp;
    people: People;
    mailDir: string;
    smtpPort: number;
    catcher: MailCatcher | undefined;
    /** The catcher, on the port the server sends to (again after a close). */
    startCatcher(): Promise<MailCatcher>;
  };
  ctx.startCatcher = async () =>
    (ctx.catcher = await startMailCatcher({ dir: ctx.mailDir, port: ctx.smtpPort }));
  beforeAll(async () => {
    ctx.smtpPort = await freePort();
    ctx.app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${ctx.smtpPort}`, PUBLIC_URL: ORIGIN });
    ctx.mailDir = join(ctx.app.config.dataDir, 'mail');
    await ctx.startCatcher();
    ctx.people = await personas(ctx.app);
  });
  afterAll(async () => {
    await ctx.catcher?.close();
    await ctx.app?.close();
  });
  return ctx;
}

/** An outbox worker as another server process runs it: its own connections to the database, its own transport. */
export function otherProcessWorker(
  db: Database,
  smtpPort: number,
  options: WorkerOptions & { clock?: () => Date } = {},
) {
  const rows = notificationsRepository(db);
  const { clock, ...settings } = options;
  return outboxWorker(
    {
      notifications: rows,
      transport: mailTransport(`smtp://127.0.0.1:${smtpPort}`),
      signals: { send: async () => undefined },
      logger: pino({ level: 'silent' }),
      from: 'ReCell <no-reply@recell.test>',
      domain: 'recell.example',
      unsubscribeUrl: () => `${ORIGIN}/unsubscribe`,
      digests: messageDigests({
        notifications: rows,
        origin: ORIGIN,
        unsubscribePage: () => `${ORIGIN}/unsubscribe`,
      }),
      ...(clock ? { clock } : {}),
    },
    settings,
  );
}

/** A worker of another process and one of this server drain at once, one row per claim, each twice. */
export async function drainFromTwoProcesses(ctx: { app: TestApp; smtpPort: number }, clock?: () => Date) {
  const second = await openConfiguredDatabase(ctx.app.config);
  try {
    const other = otherProcessWorker(second, ctx.smtpPort, { batch: 1, ...(clock ? { clock } : {}) });
    const mine = ctx.app.services.makeOutboxWorker({ batch: 1 });
    await Promise.all([other.drain(), mine.drain(), other.drain(), mine.drain()]);
  } finally {
    await second.close();
  }
}

/** A worker claims every due row for 100 ms and is killed before it sends any (the rows it took). */
export function claimAndDie(app: TestApp, dueBy?: string) {
  const now = Date.now();
  return notificationsRepository(app.db).claim(
    'killed-worker',
    new Date(now).toISOString(),
    new Date(now + 100).toISOString(),
    100,
    dueBy,
  );
}
