// Two server processes on one PostgreSQL database: this test's own (process A, whose bus sends the signals as the
// messages module does after a write) and a child server process (B) holding the streams. A signal goes out with
// pg_notify and comes back through each process's LISTEN connection. Runs on the postgres project only.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './support/child-server';
import { openEventStream, type EventStream, type LiveEvent } from './support/event-stream';
import { personas, startApp, type People, type TestApp } from './support/harness';
import { insertConversation, insertMessage, userIdOf } from './support/messages';

let a: TestApp;
let b: ChildServer;
let people: People;
let dir: string;
let buyer: string;
let seller: string;
let otherBuyer: string;
let conversation: string;
const open: EventStream[] = [];

beforeAll(async () => {
  // Processes behind one load balancer share their secret: a token one signs, the other reads.
  const secret = randomBytes(48).toString('base64url');
  a = await startApp({ JWT_SECRET: secret });
  dir = mkdtempSync(join(tmpdir(), 'recell-live-'));
  b = await startChildServer(dir, { DATABASE_URL: a.config.databaseUrl!, JWT_SECRET: secret });
  people = await personas(a);
  buyer = await userIdOf(a.db, people.buyer.email);
  seller = await userIdOf(a.db, people.seller.email);
  otherBuyer = await userIdOf(a.db, people.otherBuyer.email);
  conversation = await insertConversation(a.db, buyer, seller);
}, 180_000);

afterEach(() => {
  for (const each of open.splice(0)) each.close();
});

afterAll(async () => {
  if (b && b.child.exitCode === null && b.child.signalCode === null) b.child.kill('SIGTERM');
  await b?.exited;
  await a?.close();
  rmSync(dir, { recursive: true, force: true });
});

const stream = async (...args: Parameters<typeof openEventStream>) => {
  const opened = await openEventStream(...args);
  open.push(opened);
  return opened;
};
/** A message from the seller, written and signalled through process A. */
async function sellerWrites(text: string): Promise<number> {
  const seq = await insertMessage(a.db, conversation, seller, text);
  await a.services.live.bus.send([
    { user: buyer, type: 'message', seq },
    { user: seller, type: 'message', seq },
  ]);
  return seq;
}
const isMessage = (seq: number) => (event: { data: LiveEvent }) =>
  event.data.type === 'message' && event.data.message.seq === seq;
const seqs = (events: { data: LiveEvent }[]) =>
  events.flatMap((event) => (event.data.type === 'message' ? [event.data.message.seq] : []));

describe('live events across two server processes on PostgreSQL', () => {
  it('refuses a visitor on the other process too', async () => {
    expect((await stream(b.url, null)).status).toBe(401);
  });

  it('delivers a signal sent through one process to a stream held by the other, once, and to nobody else', async () => {
    const [onB, onA, othersOnB] = await Promise.all([
      stream(b.url, people.buyer.token),
      stream(a.server, people.buyer.token),
      stream(b.url, people.otherBuyer.token),
    ]);
    const seq = await sellerWrites('Is 6 pm fine?');
    const received = await onB.next(isMessage(seq));
    expect(received.data).toMatchObject({ message: { seq, from: 'seller', mine: false } });
    // The sending process hears its own notification like any other, not a second time.
    await onA.next(isMessage(seq));
    const marker = await insertMessage(
      a.db,
      await insertConversation(a.db, otherBuyer, seller),
      seller,
      'hi',
    );
    await a.services.live.bus.send([{ user: otherBuyer, type: 'message', seq: marker }]);
    await othersOnB.next(isMessage(marker));
    const after = await sellerWrites('after');
    await Promise.all([onB.next(isMessage(after)), onA.next(isMessage(after))]);
    expect(seqs(onB.events)).toEqual([seq, after]);
    expect(seqs(onA.events)).toEqual([seq, after]);
    expect(seqs(othersOnB.events)).toEqual([marker]);
  });

  it('replays what a client missed when it reconnects with Last-Event-ID, exactly once and in order', async () => {
    const first = await stream(b.url, people.buyer.token);
    const seen = await sellerWrites('seen');
    const last = await first.next(isMessage(seen));
    first.close();
    const missed = [];
    for (const text of ['one', 'two', 'three']) missed.push(await sellerWrites(text));
    // Back on the other process, as a load balancer may send it.
    const again = await stream(a.server, people.buyer.token, { lastEventId: last.id! });
    const live = await sellerWrites('four');
    await again.next(isMessage(live));
    expect(seqs(again.events)).toEqual([...missed, live]);
  });

  it('replays what was notified while its LISTEN connection was down, once it is back', async () => {
    const events = await stream(b.url, people.buyer.token);
    const before = await sellerWrites('before');
    await events.next(isMessage(before));
    // Cut B's listener (as a PostgreSQL restart or a network cut would) and wait until its backend is gone, so
    // the next notification is sent while B is not listening: B comes back within its first retry (100 ms).
    const cut = await a.db.all<{ done: boolean }>(
      'SELECT pg_terminate_backend(pid, 5000) AS done FROM pg_stat_activity WHERE application_name = ?',
      [`recell-listen-${b.child.pid}`],
    );
    expect(cut).toEqual([{ done: true }]);
    const during = await sellerWrites('while B was away');
    await events.next(isMessage(during));
    await expect
      .poll(
        async () =>
          (
            await a.db.all('SELECT pid FROM pg_stat_activity WHERE application_name = ?', [
              `recell-listen-${b.child.pid}`,
            ])
          ).length,
      )
      .toBe(1);
    const after = await sellerWrites('after');
    await events.next(isMessage(after));
    // (the previous test's last message can reach B's stream when its notification arrives after the stream
    // opened, as it did under CI's load: what this test sends is each there exactly once, in order)
    expect(seqs(events.events).filter((seq) => seq >= before)).toEqual([before, during, after]);
  });
});
