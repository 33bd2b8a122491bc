// How a signal reaches the process that holds its person's stream. On SQLite there is one process, so an
// EventEmitter is the whole bus. On PostgreSQL every process LISTENs on one channel through a connection of its
// own (Database.listen) and a signal is sent with pg_notify, which PostgreSQL delivers at commit to every
// listener, the sender included: a process hears its own signals the same way as everyone else's, never twice.
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { Signal, Signals } from './signals';

export const LIVE_CHANNEL = 'recell_live';
// NOTIFY's payload is at most 8,000 bytes: signals go in batches well under it.
const PAYLOAD_BYTES = 7_000;

export interface Bus extends Signals {
  /** Calls `listener` with each signal for `user` until the answer is called. */
  subscribe(user: string, listener: (signal: Signal) => void): () => void;
  /** Calls `listener` when signals may have been lost (the LISTEN connection came back). */
  onLost(listener: () => void): () => void;
  /** Starts listening (PostgreSQL); signals sent before this are not heard here. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Batches of signals whose JSON stays under NOTIFY's limit. */
export function payloads(signals: readonly Signal[], limit = PAYLOAD_BYTES): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let size = 2;
  for (const signal of signals) {
    const json = JSON.stringify(signal);
    const bytes = Buffer.byteLength(json);
    if (batch.length > 0 && size + bytes + 1 > limit) {
      out.push(`[${batch.join(',')}]`);
      batch = [];
      size = 2;
    }
    batch.push(json);
    size += bytes + 1;
  }
  if (batch.length > 0) out.push(`[${batch.join(',')}]`);
  return out;
}

export function liveBus(db: Database, logger: Logger): Bus {
  const users = new EventEmitter();
  // One listener per open stream, and a process may hold thousands.
  users.setMaxListeners(0);
  const lost = new EventEmitter();
  lost.setMaxListeners(0);
  let stop: (() => Promise<void>) | undefined;

  const deliver = (signal: Signal) => users.emit(signal.user, signal);
  const received = (payload: string) => {
    try {
      for (const signal of JSON.parse(payload) as Signal[]) deliver(signal);
    } catch (error) {
      logger.error({ err: error }, 'a live signal that is not JSON');
    }
  };
  const listen = db.listen?.bind(db);

  return {
    async send(signals) {
      if (signals.length === 0) return;
      if (!listen) {
        for (const signal of signals) deliver(signal);
        return;
      }
      for (const payload of payloads(signals)) {
        await db.run('SELECT pg_notify(?, ?)', [LIVE_CHANNEL, payload]);
      }
    },
    subscribe(user, listener) {
      users.on(user, listener);
      return () => users.off(user, listener);
    },
    onLost(listener) {
      lost.on('lost', listener);
      return () => lost.off('lost', listener);
    },
    async start() {
      if (!listen || stop) return;
      stop = await listen(LIVE_CHANNEL, {
        notification: received,
        reconnected: () => {
          logger.warn('the live LISTEN connection came back: open streams replay what they missed');
          lost.emit('lost');
        },
      });
    },
    async close() {
      await stop?.();
      stop = undefined;
    },
  };
}
