// Each open GET /events: one person's signals, rendered for them by the MessageReader, written as server-sent
// events. A `message` event carries `id: <seq>`; a client that reconnects with Last-Event-ID first gets every
// message of theirs after it (replay), then the live ones. Live signals that arrive while it replays wait in a
// buffer and those the replay already wrote are dropped, so there is no gap and no duplicate between the two. The
// same replay runs when the bus says signals may have been lost (PostgreSQL's LISTEN connection came back).
import type { Response } from 'express';
import { LIVE_KEEP_ALIVE_MS } from '@recell/api';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { Bus } from './bus';
import type { LiveEvent, Message, MessageReader, Signal } from './signals';

/** Open streams one person may hold on one process (tabs, devices); the next one is a 429. */
export const STREAMS_PER_USER = 5;
/** The `retry:` hint: how long a browser waits before it reconnects. */
export const RETRY_MS = 3_000;
const REPLAY_PAGE = 200;
// Message seqs a stream remembers having written, so a replay over what it already sent writes nothing twice.
const REMEMBERED = 1_000;
// setTimeout's largest delay; a token lives an hour, far below it.
const MAX_DELAY = 2 ** 31 - 1;

export interface LiveOptions {
  keepAliveMs?: number;
  streamsPerUser?: number;
}

export interface OpenStream {
  user: string;
  /** Messages after this seq (a Last-Event-ID) are replayed first; none when undefined. */
  lastEventId: number | undefined;
  /** When the caller's token expires (ms since 1970): the stream ends then and the client comes back. */
  expiresAt: number;
  res: Response;
}

export interface LiveStreams {
  open(stream: OpenStream): void;
  /** Streams open in this process. */
  count(): number;
  /** Ends every open stream (shutdown: an open stream would keep the HTTP server from closing). */
  endAll(): void;
}

const frame = (event: LiveEvent, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`;

export function liveStreams(
  deps: {
    bus: Bus;
    reader: MessageReader;
    db: Database;
    logger: Logger;
    /** The bell's count (the notifications module); a stream without it sends no notification events. */
    bell?: (user: string) => Promise<number>;
  },
  options: LiveOptions = {},
): LiveStreams {
  const { bus, reader, db, logger } = deps;
  const keepAliveMs = options.keepAliveMs ?? LIVE_KEEP_ALIVE_MS;
  const cap = options.streamsPerUser ?? STREAMS_PER_USER;
  const byUser = new Map<string, Set<() => void>>();
  const resyncs = new Set<() => void>();
  bus.onLost(() => {
    for (const resync of resyncs) resync();
  });

  return {
    count: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
    endAll() {
      for (const set of byUser.values()) for (const end of [...set]) end();
    },
    open({ user, lastEventId, expiresAt, res }) {
      const mine = byUser.get(user) ?? new Set();
      if (mine.size >= cap) {
        throw new HttpError(429, 'Too many open live connections; close another tab and try again');
      }
      byUser.set(user, mine);

      let ended = false;
      let lastSeq = 0;
      const written = new Set<number>();
      let replaying = false;
      let buffered: Signal[] = [];
      let chain = Promise.resolve();

      const write = (text: string) => {
        if (!ended) res.write(text);
      };
      const writeMessage = (message: Message) => {
        if (written.has(message.seq)) return;
        written.add(message.seq);
        if (written.size > REMEMBERED) written.delete(written.values().next().value as number);
        lastSeq = Math.max(lastSeq, message.seq);
        write(frame({ type: 'message', message }, message.seq));
      };
      const render = async (signal: Signal) => {
        switch (signal.type) {
          case 'message': {
            // null: not in one of the viewer's conversations, so never theirs to see.
            const message = await reader.messageFor(user, signal.seq);
            if (message) writeMessage(message);
            return;
          }
          case 'read':
            return write(frame({ type: 'read', conversationId: signal.conversationId, upTo: signal.upTo }));
          case 'unread':
            return write(frame({ type: 'unread', unread: await reader.unreadCount(user) }));
          case 'conversation':
            return write(frame({ type: 'conversation', conversationId: signal.conversationId }));
          case 'notification':
            if (deps.bell) write(frame({ type: 'notification', unread: await deps.bell(user) }));
            return;
          case 'offer':
            return write(frame({ type: 'offer', offerId: signal.offerId }));
        }
      };
      const replay = async (after: number) => {
        replaying = true;
        let last = after;
        for (;;) {
          const page = await reader.messagesAfter(user, last, REPLAY_PAGE);
          for (const message of page) {
            writeMessage(message);
            last = Math.max(last, message.seq);
          }
          if (page.length < REPLAY_PAGE || ended) break;
        }
        lastSeq = Math.max(lastSeq, last);
        replaying = false;
        const waiting = buffered;
        buffered = [];
        for (const signal of waiting) {
          if (signal.type === 'message' && signal.seq <= last) continue;
          await render(signal);
        }
      };
      // Signals are rendered one after another, so they are written in the order they came.
      const queue = (work: () => Promise<void>) => {
        chain = chain.then(async () => {
          if (ended) return;
          try {
            await work();
          } catch (error) {
            // The client reconnects with its Last-Event-ID and the replay fills in what this one could not.
            logger.error({ err: error, user }, 'a live stream failed; ending it');
            end();
          }
        });
      };

      const unsubscribe = bus.subscribe(user, (signal) => {
        if (replaying) buffered.push(signal);
        else queue(() => render(signal));
      });
      const resync = () => {
        replaying = true;
        queue(() => replay(lastSeq));
      };
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), keepAliveMs);
      const expiry = setTimeout(() => end(), Math.min(Math.max(expiresAt - Date.now(), 0), MAX_DELAY));
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(keepAlive);
        clearTimeout(expiry);
        unsubscribe();
        resyncs.delete(resync);
        mine.delete(end);
        if (mine.size === 0 && byUser.get(user) === mine) byUser.delete(user);
        res.end();
      }
      mine.add(end);
      resyncs.add(resync);
      res.on('close', end);

      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        // nginx passes the stream on as it comes, whatever its proxy_buffering.
        'X-Accel-Buffering': 'no',
      });
      write(`retry: ${RETRY_MS}\n\n`);
      if (lastEventId !== undefined) {
        replaying = true;
        queue(() => replay(lastEventId));
      } else {
        // Where a replay starts when no message has been written to this stream yet: after a lost LISTEN
        // connection, and after a cut, for the client too. A stream opened without Last-Event-ID names the seq
        // it starts from at once (an `id:` with no data sets the client's Last-Event-ID and shows nothing), so a
        // client cut before its first message comes back with it and is replayed what it missed meanwhile; without
        // it, it came back with none and those messages reached no stream (a live message was lost so). The
        // subscription above is made before this read, so a message committed after it is signalled here.
        queue(async () => {
          const row = await db.get<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM messages');
          lastSeq = Math.max(lastSeq, Number(row?.seq ?? 0));
          write(`id: ${lastSeq}\n\n`);
        });
      }
    },
  };
}
