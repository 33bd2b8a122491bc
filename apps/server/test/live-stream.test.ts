// The stream's own timing, with a short keep-alive and no server: a comment line at each interval keeps proxies
// from closing an idle stream, and ending it (shutdown) stops the timer and frees the person's place under the cap.
import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { liveBus, payloads } from '../src/live/bus';
import { liveStreams } from '../src/live/stream';
import type { MessageReader, Signal } from '../src/live/signals';

class FakeResponse extends EventEmitter {
  chunks: string[] = [];
  ended = false;
  writeHead() {
    return this;
  }
  write(chunk: string) {
    this.chunks.push(chunk);
    return true;
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
}

const db = { get: async () => ({ seq: 0 }) } as unknown as Database;
const reader: MessageReader = {
  messageFor: async () => null,
  messagesAfter: async () => [],
  unreadCount: async () => 0,
};

describe('a live stream', () => {
  it('writes a keep-alive comment at every interval, and stops when ended', async () => {
    const logger = pino({ level: 'silent' });
    const streams = liveStreams({ bus: liveBus(db, logger), reader, db, logger }, { keepAliveMs: 20 });
    const res = new FakeResponse();
    streams.open({
      user: 'u-1',
      lastEventId: undefined,
      expiresAt: Date.now() + 60_000,
      res: res as unknown as Response,
    });
    await expect
      .poll(() => res.chunks.filter((chunk) => chunk === ': keep-alive\n\n').length)
      .toBeGreaterThan(2);
    expect(res.chunks[0]).toBe('retry: 3000\n\n');
    expect(streams.count()).toBe(1);
    streams.endAll();
    expect(res.ended).toBe(true);
    expect(streams.count()).toBe(0);
    const written = res.chunks.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(res.chunks.length).toBe(written);
  });
});

describe('the bus on PostgreSQL', () => {
  it('sends many signals in NOTIFY payloads under its 8,000-byte limit, all of them, in order', () => {
    const signals: Signal[] = Array.from({ length: 500 }, (_, index) => ({
      user: `u-person-${index}`,
      type: 'read',
      conversationId: `c-conversation-${index}`,
      upTo: index,
    }));
    const batches = payloads(signals);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(Buffer.byteLength(batch)).toBeLessThan(8_000);
    expect(batches.flatMap((batch) => JSON.parse(batch) as Signal[])).toEqual(signals);
  });
});
