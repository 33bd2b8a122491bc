// The outbox worker: claims due rows (repository.claim: SKIP LOCKED on PostgreSQL, the one writer on SQLite),
// delivers each (an email through SMTP, or the bell's count over the live stream), marks it sent, or puts it back
// with a backoff. A row is never dropped: a failing SMTP server only delays mail. Delivery is at least once: a
// process killed after the SMTP server accepted a message and before it was marked sent sends it again after the
// lease, with the same Message-ID, so the receiving side can tell it is one message.
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { MESSAGE_DIGEST_MINUTES, type OptionalEmail } from '@recell/api';
import { newId } from '../../ids';
import type { Signals } from '../../live/signals';
import type { MessageDigests } from './digest';
import type { OutboxRow, NotificationsRepository } from './repository';

export interface Mail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

/** What the worker needs of a mail transport (nodemailer's is one). */
export interface MailTransport {
  sendMail(mail: Mail): Promise<unknown>;
}

export interface WorkerOptions {
  /** How often an idle worker looks for due rows (ms). */
  pollMs?: number;
  /** How long a claim holds a row; a worker that died leaves it to others after this (ms). */
  leaseMs?: number;
  /** The first retry's wait; each next one doubles, up to maxBackoffMs (ms). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Rows claimed at once. */
  batch?: number;
}

export const DEFAULT_WORKER: Required<WorkerOptions> = {
  pollMs: 1_000,
  leaseMs: 60_000,
  backoffMs: 2_000,
  maxBackoffMs: 15 * 60_000,
  batch: 20,
};

export function backoff(
  attempts: number,
  options: Pick<Required<WorkerOptions>, 'backoffMs' | 'maxBackoffMs'>,
) {
  return Math.min(options.backoffMs * 2 ** Math.max(attempts - 1, 0), options.maxBackoffMs);
}

export function outboxWorker(
  deps: {
    notifications: NotificationsRepository;
    /** null: no SMTP_URL, so email rows wait (they are sent once it is set and the server restarts). */
    transport: MailTransport | null;
    signals: Signals;
    logger: Logger;
    from: string;
    /** The domain of each Message-ID (the site's host). */
    domain: string;
    unsubscribeUrl: (userId: string, kind: OptionalEmail) => string;
    /** Writes a message digest when its window closes (digest.ts). */
    digests: MessageDigests;
    /**
     * When rows fall due (a retry's time, a digest's window): the deal clock, so a test or the demo that moves it
     * on 15 minutes closes a digest's window without waiting. Leases are in real time.
     */
    clock?: () => Date;
  },
  settings: WorkerOptions = {},
) {
  const options = { ...DEFAULT_WORKER, ...settings };
  const { notifications, transport, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const id = `${hostname()}-${process.pid}-${newId('w')}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;

  const mailOf = (
    row: Pick<OutboxRow, 'id' | 'user_id' | 'to_email' | 'subject' | 'html' | 'text' | 'unsubscribe_kind'>,
  ): Mail => ({
    from: deps.from,
    to: row.to_email ?? '',
    subject: row.subject ?? '',
    html: row.html ?? '',
    text: row.text ?? '',
    messageId: `<${row.id}@${deps.domain}>`,
    headers: row.unsubscribe_kind
      ? {
          'List-Unsubscribe': `<${deps.unsubscribeUrl(row.user_id, row.unsubscribe_kind)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {},
  });

  /** Delivers the row and marks it sent (a digest is written now, and closes its window as it is marked). */
  async function deliver(row: OutboxRow) {
    if (row.channel === 'live') {
      await deps.signals.send([{ user: row.user_id, type: 'notification' }]);
    } else if (row.channel === 'digest') {
      const { mail, itemSeqs } = await deps.digests.compose(row);
      if (mail) {
        if (!transport) throw new Error('SMTP_URL is not set');
        await transport.sendMail(mailOf({ ...row, ...mail, to_email: mail.to }));
      }
      const at = clock();
      const next = new Date(at.getTime() + MESSAGE_DIGEST_MINUTES * 60_000).toISOString();
      await notifications.digestSent(row, id, itemSeqs, at.toISOString(), {
        id: newId('digest'),
        dueAt: next,
      });
      return;
    } else {
      if (!transport) throw new Error('SMTP_URL is not set');
      await transport.sendMail(mailOf(row));
    }
    await notifications.sent(row.id, id, new Date().toISOString());
  }

  /** One claim and its deliveries; how many rows it took. */
  async function round(): Promise<number> {
    const at = Date.now();
    const rows = await notifications.claim(
      id,
      new Date(at).toISOString(),
      new Date(at + options.leaseMs).toISOString(),
      // With no transport, live rows still go; email rows are claimed and put back (a slow retry).
      options.batch,
      clock().toISOString(),
    );
    await Promise.all(
      rows.map(async (row) => {
        try {
          await deliver(row);
        } catch (error) {
          const retryAt = new Date(clock().getTime() + backoff(Number(row.attempts), options)).toISOString();
          logger.warn(
            { err: error, outbox: row.id, attempts: row.attempts },
            'not delivered; retrying later',
          );
          await notifications.failed(row.id, id, retryAt, String((error as Error)?.message ?? error));
        }
      }),
    );
    return rows.length;
  }

  /** Rounds until a claim finds nothing due; one at a time in this process. */
  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        for (;;) {
          again = false;
          const taken = await round();
          total += taken;
          if (taken === 0 && !again) break;
        }
      } catch (error) {
        logger.error({ err: error }, 'the outbox worker failed a round; it tries again');
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void drain().finally(schedule);
    }, options.pollMs);
    timer.unref();
  };

  return {
    id,
    drain,
    /** Something was just committed: look now rather than at the next poll. */
    kick() {
      if (!stopped) void drain();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      void drain().finally(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type OutboxWorker = ReturnType<typeof outboxWorker>;
