// GET /events on one server process (both engines): who may hold a stream, what it carries for whom, the replay
// after Last-Event-ID, the cap per person and the end at the token's expiry. Signals are sent through the app's own
// bus as the messages module sends them after a write; the messages are written straight into the tables.
import { SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_USER } from '../src/live/stream';
import { openEventStream, type EventStream, type LiveEvent } from './support/event-stream';
import { call, useServer } from './support/harness';
import { insertConversation, insertMessage, userIdOf } from './support/messages';

const ctx = useServer();
const open: EventStream[] = [];
const stream = async (...args: Parameters<typeof openEventStream>) => {
  const opened = await openEventStream(...args);
  open.push(opened);
  return opened;
};
afterEach(() => {
  for (const each of open.splice(0)) each.close();
});

let buyer: string;
let seller: string;
let otherBuyer: string;
let conversation: string;
const send = (...signals: Parameters<typeof ctx.app.services.live.bus.send>[0]) =>
  ctx.app.services.live.bus.send(signals);
const isMessage = (seq: number) => (event: { data: LiveEvent }) =>
  event.data.type === 'message' && event.data.message.seq === seq;
const seqs = (events: { data: LiveEvent }[]) =>
  events.flatMap((event) => (event.data.type === 'message' ? [event.data.message.seq] : []));

beforeAll(async () => {
  const { db } = ctx.app;
  buyer = await userIdOf(db, ctx.people.buyer.email);
  seller = await userIdOf(db, ctx.people.seller.email);
  otherBuyer = await userIdOf(db, ctx.people.otherBuyer.email);
  conversation = await insertConversation(db, buyer, seller);
});

describe('GET /events', () => {
  it('is refused to a visitor and to a bad token, and a Last-Event-ID that is not a number is a 400', async () => {
    expect((await stream(ctx.app.server, null)).status).toBe(401);
    expect((await stream(ctx.app.server, 'not.a.token-at-all')).status).toBe(401);
    expect((await stream(ctx.app.server, ctx.people.buyer.token, { lastEventId: 'abc' })).status).toBe(400);
  });

  it('answers an uncompressed, unbuffered event stream with a retry hint', async () => {
    const events = await stream(ctx.app.server, ctx.people.buyer.token, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(events.headers.get('cache-control')).toBe('no-cache');
    expect(events.headers.get('x-accel-buffering')).toBe('no');
    expect(events.headers.get('content-encoding')).toBeNull();
    // A signal written after the headers reaches the client at once: nothing holds the bytes back.
    const seq = await insertMessage(ctx.app.db, conversation, seller, 'Is 6 pm fine?');
    await send({ user: buyer, type: 'message', seq });
    await events.next(isMessage(seq));
    expect(events.retry).toBe(3000);
  });

  it('carries a message to both sides, each as they see it, and the reader’s unread count', async () => {
    const [buyerEvents, sellerEvents] = await Promise.all([
      stream(ctx.app.server, ctx.people.buyer.token),
      stream(ctx.app.server, ctx.people.seller.token),
    ]);
    const seq = await insertMessage(ctx.app.db, conversation, seller, 'Call me on 017 1234 5678', [
      'phone_number',
    ]);
    await send(
      { user: buyer, type: 'message', seq },
      { user: seller, type: 'message', seq },
      { user: buyer, type: 'unread' },
    );
    const received = await buyerEvents.next(isMessage(seq));
    expect(received.id).toBe(String(seq));
    expect(received.data).toMatchObject({
      type: 'message',
      message: { seq, conversationId: conversation, from: 'seller', mine: false, safety: ['phone_number'] },
    });
    const own = await sellerEvents.next(isMessage(seq));
    expect(own.data).toMatchObject({ message: { from: 'seller', mine: true } });
    // Your own message carries no banner.
    expect(own.data.type === 'message' && own.data.message.safety).toBeFalsy();
    const unread = await buyerEvents.next((event) => event.data.type === 'unread');
    // The same count the Inbox's badge reads, which the new unread message is part of.
    const badge = await call(ctx.app.server, 'get', '/api/conversations/unread', {
      token: ctx.people.buyer.token,
    });
    expect((badge.body as { unread: number }).unread).toBeGreaterThan(0);
    expect(unread.data).toEqual({ type: 'unread', unread: (badge.body as { unread: number }).unread });
  });

  it('never carries another person’s events, even a signal that names them for someone else’s message', async () => {
    const [others, buyerEvents] = await Promise.all([
      stream(ctx.app.server, ctx.people.otherBuyer.token),
      stream(ctx.app.server, ctx.people.buyer.token),
    ]);
    const seq = await insertMessage(ctx.app.db, conversation, seller, 'Only for the buyer');
    // A signal addressed to the wrong person (a bug in a sender) still shows them nothing that is not theirs.
    await send({ user: buyer, type: 'message', seq }, { user: otherBuyer, type: 'message', seq });
    const theirs = await insertConversation(ctx.app.db, otherBuyer, seller);
    const marker = await insertMessage(ctx.app.db, theirs, seller, 'For the other buyer');
    await send({ user: otherBuyer, type: 'message', seq: marker });
    await buyerEvents.next(isMessage(seq));
    // Signals are rendered in order: once the marker is there, the earlier one was dropped, not late.
    await others.next(isMessage(marker));
    expect(seqs(others.events)).toEqual([marker]);
    expect(seqs(buyerEvents.events)).toEqual([seq]);
  });

  it('replays what was missed after Last-Event-ID, exactly once and in order, before the live ones', async () => {
    const first = await stream(ctx.app.server, ctx.people.buyer.token);
    const seen = await insertMessage(ctx.app.db, conversation, seller, 'seen');
    await send({ user: buyer, type: 'message', seq: seen });
    const last = await first.next(isMessage(seen));
    first.close();
    // Written while the buyer was away: their signals reached nobody.
    const missed: number[] = [];
    for (const text of ['one', 'two', 'three']) {
      const seq = await insertMessage(ctx.app.db, conversation, seller, text);
      missed.push(seq);
      await send({ user: buyer, type: 'message', seq });
    }
    const again = await stream(ctx.app.server, ctx.people.buyer.token, { lastEventId: last.id! });
    // While it replays, the same messages are signalled again (a late notification) and a new one arrives.
    const live = await insertMessage(ctx.app.db, conversation, seller, 'four');
    await send(...[...missed, live].map((seq) => ({ user: buyer, type: 'message' as const, seq })));
    await again.next(isMessage(live));
    const late = await insertMessage(ctx.app.db, conversation, seller, 'five');
    await send({ user: buyer, type: 'message', seq: late });
    await again.next(isMessage(late));
    expect(seqs(again.events)).toEqual([...missed, live, late]);
    expect(again.events.map((event) => event.id)).toEqual([...missed, live, late].map(String));
  });

  it('names where a new stream starts, so a client cut before its first message is replayed what it missed', async () => {
    const first = await stream(ctx.app.server, ctx.people.buyer.token);
    // An `id:` with no data: the client's Last-Event-ID from the start, no event shown.
    const start = await first.idRead();
    expect(Number(start)).toBeGreaterThanOrEqual(0);
    expect(first.events).toEqual([]);
    first.close();
    const missed = await insertMessage(ctx.app.db, conversation, seller, 'while you were cut off');
    await send({ user: buyer, type: 'message', seq: missed });
    const again = await stream(ctx.app.server, ctx.people.buyer.token, { lastEventId: start });
    await again.next(isMessage(missed));
    expect(seqs(again.events)).toEqual([missed]);
  });

  it('carries every message written while streams open and reconnect to each stream that started before it', async () => {
    // Streams open (and one reconnects with what it read) while messages are written and signalled: each stream
    // owes its person every message after the seq it started from, live or replayed, exactly once.
    const written: number[] = [];
    const writes = (async () => {
      for (let i = 0; i < 12; i += 1) {
        const seq = await insertMessage(ctx.app.db, conversation, seller, `burst ${i}`);
        written.push(seq);
        await send({ user: buyer, type: 'message', seq });
      }
    })();
    const opened = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const one = await stream(ctx.app.server, ctx.people.buyer.token);
        return { one, start: Number(await one.idRead()) };
      }),
    );
    // One of them is cut and comes back with the last id it read.
    const cut = opened[0]!.one;
    cut.close();
    const resume = cut.lastEventId!;
    const back = await stream(ctx.app.server, ctx.people.buyer.token, { lastEventId: resume });
    await writes;
    // and one more that every stream owes: once it is there, the earlier ones are there or lost, not late
    const last = await insertMessage(ctx.app.db, conversation, seller, 'last');
    written.push(last);
    await send({ user: buyer, type: 'message', seq: last });
    for (const { one, start } of [...opened.slice(1), { one: back, start: Number(resume) }]) {
      await one.next(isMessage(last));
      const owed = written.filter((seq) => seq > start);
      const received = seqs(one.events).filter((seq) => seq > start);
      expect(received).toEqual(owed);
    }
  });

  it(`holds at most ${STREAMS_PER_USER} streams per person`, async () => {
    const held = await Promise.all(
      Array.from({ length: STREAMS_PER_USER }, () => stream(ctx.app.server, ctx.people.seller.token)),
    );
    expect(held.map((each) => each.status)).toEqual(held.map(() => 200));
    const refused = await stream(ctx.app.server, ctx.people.seller.token);
    expect(refused.status).toBe(429);
    // Someone else is not counted against it.
    expect((await stream(ctx.app.server, ctx.people.buyer.token)).status).toBe(200);
    held[0]!.close();
    await expect.poll(async () => (await stream(ctx.app.server, ctx.people.seller.token)).status).toBe(200);
  });

  it('ends when the access token expires (the client comes back with a fresh one)', async () => {
    const token = await new SignJWT({ email: ctx.people.buyer.email, role: 'buyer' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(buyer)
      .setIssuer('recell')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(ctx.app.config.jwtSecret);
    const started = Date.now();
    const events = await stream(ctx.app.server, token);
    expect(events.status).toBe(200);
    await events.ended;
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await stream(ctx.app.server, token)).status).toBe(401);
  });
});
