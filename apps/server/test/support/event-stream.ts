// A GET /api/events client for tests and the bench, as the web's fetch-based EventSource reads it: the access
// token in the Authorization header, Last-Event-ID on a reconnect, each event's `id:` and `data:` parsed.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { components } from '@recell/api';

export type LiveEvent = components['schemas']['LiveEvent'];

export interface ReceivedEvent {
  id: string | undefined;
  data: LiveEvent;
  /** When it was read (performance.now()). */
  at: number;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** Every event read so far, in order. */
  events: ReceivedEvent[];
  /** The comment lines (`: keep-alive`) and the `retry:` hints read so far. */
  comments: string[];
  retry: number | undefined;
  /** The last `id:` read, with or without data (as a browser's EventSource keeps it for its reconnect). */
  lastEventId: string | undefined;
  /** Resolves with `lastEventId` once an `id:` has been read. */
  idRead(timeoutMs?: number): Promise<string>;
  /** Resolves with the first event (read already or still to come) that `match` accepts. */
  next(match?: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export const baseUrl = (target: Server | string) =>
  typeof target === 'string' ? target : `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

export async function openEventStream(
  target: Server | string,
  token: string | null,
  options: { lastEventId?: string; path?: string; headers?: Record<string, string> } = {},
): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl(target)}${options.path ?? '/api/events'}`, {
    headers: {
      accept: 'text/event-stream',
      ...(token && { authorization: `Bearer ${token}` }),
      ...(options.lastEventId !== undefined && { 'last-event-id': options.lastEventId }),
      ...options.headers,
    },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const stream: EventStream = {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    retry: undefined,
    lastEventId: undefined,
    next(match = () => true, timeoutMs = 10_000) {
      const seen = new Set<ReceivedEvent>();
      return new Promise((resolve, reject) => {
        const check = () => {
          for (const event of events) {
            if (seen.has(event)) continue;
            seen.add(event);
            if (match(event)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(event);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; read ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    idRead(timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (stream.lastEventId === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(stream.lastEventId);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no id: line in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    ended: Promise.resolve(),
    close: () => abort.abort(),
  };
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return stream;
  }
  const body = response.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let text = '';
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        text += value;
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
            else if (line.startsWith('id: ')) id = stream.lastEventId = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0)
            events.push({ id, data: JSON.parse(data.join('\n')) as LiveEvent, at: performance.now() });
          for (const waiter of [...waiters]) waiter();
        }
      }
    } catch {
      // Closed by us, or cut by the other side (a server or proxy that stopped): either way the stream ended.
    }
  })();
  return stream;
}
