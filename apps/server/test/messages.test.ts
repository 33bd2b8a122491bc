// Messages against the real server on both engines: the seeded threads, one conversation per listing
// and buyer (also when two starts race), paging back, read marks and "Seen", a removed listing's closed threads,
// own pictures only, blocks, message reports and the audited admin reading, and the signals each write sends.
// Who may call each operation is in matrix.test.ts; rate limits are in messages-limits.test.ts.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { demoAccounts, otherSeller } from '@recell/api/fixtures';
import type { Signal } from '../src/live/signals';
import { messagesRepository } from '../src/modules/messages/repository';
import { messagesService } from '../src/modules/messages/service';
import { auditRepository } from '../src/modules/audit/repository';
import { reportsRepository } from '../src/modules/reports/repository';
import { usersRepository } from '../src/modules/users/repository';
import { catalogueRepository } from '../src/modules/catalogue/repository';
import { dealsRepository } from '../src/modules/deals/repository';
import { book, createListing, heldDeal } from './support/fixtures';
import { call, useServer, type Persona } from './support/harness';

/** What the server told the live stream, in order (a recording fake behind the seam). */
const recorded: Signal[] = [];
const ctx = useServer({}, { signals: { send: async (signals) => void recorded.push(...signals) } });

type Conversation = {
  _id: string;
  unread: number;
  closed: boolean;
  canSend: boolean;
  blockedByYou: boolean;
  otherSeenUpTo: number;
  you: string;
  other: { name: string };
  booking?: { _id: string; status: string };
  lastMessage?: { seq: number; mine: boolean; preview: string };
  listing: { removed: boolean; title: string };
};
type Message = { _id: string; seq: number; mine: boolean; from: string; text?: string; safety?: string[] };

const as = (persona: Persona, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown) =>
  call(ctx.app.server, method, path, { token: persona.token, body });

async function start(persona: Persona, body: Record<string, unknown>) {
  const response = await as(persona, 'post', '/api/conversations', body);
  expect([200, 201], JSON.stringify(response.body)).toContain(response.status);
  return response.body as Conversation;
}

async function send(persona: Persona, conversation: string, text: string) {
  const response = await as(persona, 'post', `/api/conversations/${conversation}/messages`, { text });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Message;
}

const messagesOf = async (persona: Persona, conversation: string, query = '') =>
  (await as(persona, 'get', `/api/conversations/${conversation}/messages${query}`)).body as {
    items: Message[];
    hasMore: boolean;
    otherSeenUpTo: number;
  };

const unread = async (persona: Persona) =>
  ((await as(persona, 'get', '/api/conversations/unread')).body as { unread: number }).unread;

const listingOfSeller = () => createListing(ctx.app.server, ctx.people.seller.token);

describe('the seeded conversations', () => {
  it("shows the buyer's Inbox with the deal's state, unread counts and the banner on the flagged message", async () => {
    const inbox = await as(ctx.people.buyer, 'get', '/api/conversations');
    const items = inbox.body.items as (Conversation & { mobileId: string })[];
    const iphone = items.find((item) => item._id === 'c-demo-iphone')!;
    const asked = items.find((item) => item._id === 'c-demo-13t')!;
    expect(iphone).toMatchObject({
      you: 'buyer',
      other: { name: demoAccounts.seller.name },
      booking: { _id: 'b-demo-held', status: 'held' },
      unread: 0,
      otherSeenUpTo: 3,
      lastMessage: { seq: 4, mine: false },
      closed: false,
      canSend: true,
    });
    expect(asked).toMatchObject({ unread: 1, other: { name: otherSeller.name } });
    const thread = await messagesOf(ctx.people.buyer, 'c-demo-13t');
    expect(thread.items.map((m) => [m.seq, m.mine, m.safety])).toEqual([
      [5, true, undefined],
      [6, false, ['phone_number', 'pay_outside']],
    ]);
    // The sender never sees a banner on their own message.
    const theirs = await messagesOf(ctx.people.otherSeller, 'c-demo-13t');
    expect(theirs.items.map((m) => m.safety)).toEqual([undefined, undefined]);
    // My Orders and getBooking link to the thread.
    const booking = await as(ctx.people.buyer, 'get', '/api/bookings/b-demo-held');
    expect(booking.body.conversationId).toBe('c-demo-iphone');
  });
});

describe('starting a conversation', () => {
  it('keeps one conversation per listing and buyer: a second start adds to it (200)', async () => {
    const mobileId = await listingOfSeller();
    const first = await as(ctx.people.otherBuyer, 'post', '/api/conversations', { mobileId, text: 'Hello?' });
    expect(first.status).toBe(201);
    const again = await as(ctx.people.otherBuyer, 'post', '/api/conversations', {
      mobileId,
      text: 'Anyone?',
    });
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(first.body._id);
    expect((await messagesOf(ctx.people.seller, first.body._id)).items.map((m) => m.text)).toEqual([
      'Hello?',
      'Anyone?',
    ]);
    const seen = await as(ctx.people.seller, 'get', `/api/conversations?mobileId=${mobileId}`);
    expect(seen.body).toMatchObject({ total: 1 });
    expect(seen.body.items[0]).toMatchObject({ you: 'seller', unread: 2, other: { name: 'Other Buyer' } });
    // Once the buyer books, the booking carries the thread's id and the thread the deal's state.
    const bookingId = await book(ctx.app.server, ctx.people.otherBuyer.token, mobileId);
    const booking = await as(ctx.people.otherBuyer, 'get', `/api/bookings/${bookingId}`);
    expect(booking.body.conversationId).toBe(first.body._id);
    const buyers = await as(
      ctx.people.seller,
      'get',
      `/api/mybuyers?email=${demoAccounts.seller.email}&pageSize=100`,
    );
    expect(buyers.body.items).toContainEqual(
      expect.objectContaining({ _id: bookingId, conversationId: first.body._id }),
    );
    const head = await as(ctx.people.otherBuyer, 'get', `/api/conversations/${first.body._id}`);
    expect(head.body.booking).toEqual({ _id: bookingId, status: 'unpaid' });
    // The deal moves: the thread's head shows it, and both parties' streams are told to fetch it again.
    const from = recorded.length;
    const cancelled = await as(ctx.people.otherBuyer, 'post', `/api/bookings/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(recorded.slice(from).map((signal) => [signal.type, signal.user])).toEqual([
      ['conversation', (await usersRepository(ctx.app.db).findByEmail(ctx.people.otherBuyer.email))!.id],
      ['conversation', demoAccounts.seller._id],
    ]);
    const after = await as(ctx.people.seller, 'get', `/api/conversations/${first.body._id}`);
    expect(after.body.booking).toEqual({ _id: bookingId, status: 'cancelled' });
  });

  it("tells both parties' streams when the expiry job ends the deal the thread follows", async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token);
    const started = await as(ctx.people.otherBuyer, 'post', '/api/conversations', {
      mobileId,
      text: 'Holding it now, see you Saturday',
    });
    expect(started.status).toBe(201);
    const { bookingId } = await heldDeal(ctx.app.server, ctx.people.otherBuyer.token, mobileId);
    await ctx.app.db.run('UPDATE bookings SET hold_expires_at = ? WHERE id = ?', [
      new Date(Date.now() - 60_000).toISOString(),
      bookingId,
    ]);
    const from = recorded.length;
    expect(await ctx.app.services.deal.expireDue()).toBeGreaterThanOrEqual(1);
    expect(
      recorded
        .slice(from)
        .filter((signal) => signal.type === 'conversation' && signal.conversationId === started.body._id)
        .map((signal) => signal.user)
        .sort(),
    ).toEqual(
      [
        (await usersRepository(ctx.app.db).findByEmail(ctx.people.otherBuyer.email))!.id,
        demoAccounts.seller._id,
      ].sort(),
    );
    const head = await as(ctx.people.seller, 'get', `/api/conversations/${started.body._id}`);
    expect(head.body.booking).toEqual({ _id: bookingId, status: 'expired' });
  });

  it('makes one conversation when two starts race', async () => {
    const mobileId = await listingOfSeller();
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        as(ctx.people.otherBuyer, 'post', '/api/conversations', { mobileId, text: `Race ${n}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body._id)).size).toBe(1);
    const thread = await messagesOf(ctx.people.otherBuyer, answers[0]!.body._id);
    expect(thread.items).toHaveLength(3);
  });

  it("lets a seller write to a buyer from a booking of their own listing, and nobody else's", async () => {
    const mobileId = await listingOfSeller();
    const bookingId = await book(ctx.app.server, ctx.people.otherBuyer.token, mobileId);
    const mine = await as(ctx.people.otherSeller, 'post', '/api/conversations', { bookingId, text: 'Hi' });
    expect(mine.status).toBe(403);
    const own = await as(ctx.people.seller, 'post', '/api/conversations', { mobileId, text: 'Mine' });
    expect(own.status).toBe(403);
    const started = await start(ctx.people.seller, { bookingId, text: 'Thanks for booking!' });
    expect(started).toMatchObject({ you: 'seller', other: { name: 'Other Buyer' }, unread: 0 });
    // The buyer's own start about the same listing joins it.
    const joined = await start(ctx.people.otherBuyer, { mobileId, text: 'See you Saturday' });
    expect(joined._id).toBe(started._id);
    const missing = await as(ctx.people.seller, 'post', '/api/conversations', {
      bookingId: 'b-nothing',
      text: 'Hi',
    });
    expect(missing.status).toBe(404);
  });

  it('refuses what the contract refuses (400), and pictures that are not our own', async () => {
    const mobileId = await listingOfSeller();
    const bad: unknown[] = [
      { mobileId, text: 'Hi', sellerId: 'u-demo-seller' },
      { mobileId },
      { mobileId, text: '   ' },
      { mobileId, bookingId: 'b-demo-held', text: 'Both' },
      { mobileId, text: 'x'.repeat(2001) },
      { mobileId, pictures: ['https://evil.example/x.jpg'] },
      { mobileId, pictures: ['/uploads/a', '/uploads/b', '/uploads/c', '/uploads/d', '/uploads/e'] },
    ];
    for (const body of bad) {
      const answer = await as(ctx.people.otherBuyer, 'post', '/api/conversations', body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    }
    const notOurs = await as(ctx.people.otherBuyer, 'post', '/api/conversations', {
      mobileId,
      pictures: ['/uploads/not-a-stored-picture.jpg'],
    });
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.errors[0].path).toBe('/body/pictures/0');
    const ours = await start(ctx.people.otherBuyer, {
      mobileId,
      pictures: ['/uploads/seed/m-apple-iphone-13.svg'],
    });
    expect(ours.lastMessage).toMatchObject({ preview: 'Picture', mine: true });
  });
});

describe('a conversation', () => {
  it('pages back with `before`, and refuses odd `before`, `limit` and `upTo`', async () => {
    const { _id } = await start(ctx.people.otherBuyer, { mobileId: await listingOfSeller(), text: 'm1' });
    for (const text of ['m2', 'm3', 'm4', 'm5']) await send(ctx.people.otherBuyer, _id, text);
    const newest = await messagesOf(ctx.people.seller, _id, '?limit=2');
    expect(newest.items.map((m) => m.text)).toEqual(['m4', 'm5']);
    expect(newest.hasMore).toBe(true);
    const older = await messagesOf(ctx.people.seller, _id, `?limit=2&before=${newest.items[0]!.seq}`);
    expect(older.items.map((m) => m.text)).toEqual(['m2', 'm3']);
    const oldest = await messagesOf(ctx.people.seller, _id, `?limit=2&before=${older.items[0]!.seq}`);
    expect(oldest).toMatchObject({ hasMore: false });
    expect(oldest.items.map((m) => m.text)).toEqual(['m1']);
    for (const query of [
      '?before=0',
      '?before=-1',
      '?before=9007199254740992',
      '?before=1.5',
      '?before=abc',
      '?limit=101',
    ]) {
      const answer = await as(ctx.people.seller, 'get', `/api/conversations/${_id}/messages${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
    }
    for (const body of [{ upTo: 0 }, { upTo: -5 }, { upTo: 9007199254740992 }, { upTo: 3, extra: 1 }, {}]) {
      const answer = await as(ctx.people.seller, 'post', `/api/conversations/${_id}/read`, body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    }
    const extra = await as(ctx.people.otherBuyer, 'post', `/api/conversations/${_id}/messages`, {
      text: 'hi',
      from: 'seller',
    });
    expect(extra.status).toBe(400);
  });

  it('counts unread from the other side, and shows "Seen" once read', async () => {
    const { _id } = await start(ctx.people.otherBuyer, { mobileId: await listingOfSeller(), text: 'one' });
    const last = await send(ctx.people.otherBuyer, _id, 'two');
    const before = await unread(ctx.people.seller);
    expect((await as(ctx.people.seller, 'get', `/api/conversations/${_id}`)).body.unread).toBe(2);
    expect((await messagesOf(ctx.people.otherBuyer, _id)).otherSeenUpTo).toBe(0);
    // A mark past the last message reads up to the last one, never further.
    const read = await as(ctx.people.seller, 'post', `/api/conversations/${_id}/read`, {
      upTo: last.seq + 1000,
    });
    expect(read.body).toEqual({ unread: before - 2 });
    expect((await messagesOf(ctx.people.otherBuyer, _id)).otherSeenUpTo).toBe(last.seq);
    // A mark never goes back.
    await as(ctx.people.seller, 'post', `/api/conversations/${_id}/read`, { upTo: 1 });
    expect((await as(ctx.people.otherBuyer, 'get', `/api/conversations/${_id}`)).body.otherSeenUpTo).toBe(
      last.seq,
    );
    // The sender's own messages are never unread to them.
    expect((await as(ctx.people.otherBuyer, 'get', `/api/conversations/${_id}`)).body.unread).toBe(0);
  });

  it('stays readable and closed once the listing is removed (409 on every write)', async () => {
    const mobileId = await listingOfSeller();
    const { _id } = await start(ctx.people.otherBuyer, { mobileId, text: 'Still there?' });
    const from = recorded.length;
    const removed = await as(ctx.people.seller, 'delete', `/api/mobile/${mobileId}`);
    expect(removed.status).toBe(200);
    // Both parties' streams learn the thread closed.
    const buyerId = (await usersRepository(ctx.app.db).findByEmail(ctx.people.otherBuyer.email))!.id;
    expect(recorded.slice(from)).toEqual([
      { user: buyerId, type: 'conversation', conversationId: _id },
      { user: demoAccounts.seller._id, type: 'conversation', conversationId: _id },
    ]);
    const head = (await as(ctx.people.otherBuyer, 'get', `/api/conversations/${_id}`)).body as Conversation;
    expect(head).toMatchObject({ closed: true, canSend: false, listing: { removed: true } });
    expect((await messagesOf(ctx.people.seller, _id)).items).toHaveLength(1);
    const write = await as(ctx.people.seller, 'post', `/api/conversations/${_id}/messages`, { text: 'x' });
    expect(write.status).toBe(409);
    expect(write.body).toEqual({
      message: 'This listing was removed, so its conversations are closed',
      code: 'conversation_closed',
    });
    const restart = await as(ctx.people.otherBuyer, 'post', '/api/conversations', { mobileId, text: 'x' });
    expect(restart.body.code).toBe('conversation_closed');
    const fresh = await as(ctx.people.buyer, 'post', '/api/conversations', { mobileId, text: 'x' });
    expect(fresh.status).toBe(404);
  });
});

describe('blocking', () => {
  it('stops both directions in every conversation between the two, and says so without saying why', async () => {
    const first = await start(ctx.people.otherBuyer, { mobileId: await listingOfSeller(), text: 'a' });
    const second = await start(ctx.people.otherBuyer, { mobileId: await listingOfSeller(), text: 'b' });
    const blocked = await as(ctx.people.seller, 'put', `/api/conversations/${first._id}/block`);
    expect(blocked.body).toMatchObject({ blockedByYou: true, canSend: false });
    const theirs = (await as(ctx.people.otherBuyer, 'get', `/api/conversations/${first._id}`)).body;
    expect(theirs).toMatchObject({ blockedByYou: false, canSend: false });
    for (const conversation of [first._id, second._id]) {
      const refused = await as(ctx.people.otherBuyer, 'post', `/api/conversations/${conversation}/messages`, {
        text: 'Why?',
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: 'You can no longer message this person', code: 'blocked' });
    }
    const restart = await as(ctx.people.otherBuyer, 'post', '/api/conversations', {
      mobileId: await listingOfSeller(),
      text: 'A new listing then',
    });
    expect(restart.body).toEqual({ message: 'You can no longer message this person', code: 'blocked' });
    const own = await as(ctx.people.seller, 'post', `/api/conversations/${second._id}/messages`, {
      text: 'x',
    });
    expect(own.body.code).toBe('blocked');
    // Blocked people's messages cannot arrive: nothing new is unread.
    expect((await as(ctx.people.seller, 'get', `/api/conversations/${second._id}`)).body.unread).toBe(1);
    // Blocking twice is the same as once; unblocking opens both directions again.
    expect((await as(ctx.people.seller, 'put', `/api/conversations/${second._id}/block`)).status).toBe(200);
    const unblocked = await as(ctx.people.seller, 'delete', `/api/conversations/${first._id}/block`);
    expect(unblocked.body).toMatchObject({ blockedByYou: false, canSend: true });
    await send(ctx.people.otherBuyer, second._id, 'Thanks');
    await send(ctx.people.seller, first._id, 'Welcome');
  });
});

describe('reporting a message', () => {
  it('files it for moderation once; an admin reads the thread around it, audited', async () => {
    const { _id } = await start(ctx.people.otherBuyer, { mobileId: await listingOfSeller(), text: 'Hi' });
    const bad = await send(ctx.people.seller, _id, 'Pay the courier deposit on bkash 01712345678 first');
    const own = await as(ctx.people.seller, 'post', `/api/messages/${bad._id}/report`, { reason: 'test' });
    expect(own.status).toBe(403);
    const outsider = await as(ctx.people.buyer, 'post', `/api/messages/${bad._id}/report`, {
      reason: 'spam',
    });
    expect(outsider.status).toBe(403);
    const reported = await as(ctx.people.otherBuyer, 'post', `/api/messages/${bad._id}/report`, {
      reason: 'Asked me to pay outside',
    });
    expect(reported.status).toBe(201);
    const twice = await as(ctx.people.otherBuyer, 'post', `/api/messages/${bad._id}/report`, {
      reason: 'Again',
    });
    expect(twice.body).toEqual({ message: 'You already reported this message', code: 'duplicate' });
    const queue = await as(ctx.people.admin, 'get', '/api/reports?status=open&pageSize=100');
    expect(queue.body.items).toContainEqual(
      expect.objectContaining({ _id: reported.body.insertedId, messageId: bad._id }),
    );
    // Without a report naming it, an admin cannot read the thread.
    expect((await as(ctx.people.admin, 'get', `/api/conversations/${_id}`)).status).toBe(403);
    const read = await as(ctx.people.admin, 'get', `/api/reports/${reported.body.insertedId}/conversation`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      report: { messageId: bad._id },
      buyer: { email: ctx.people.otherBuyer.email },
      seller: { email: demoAccounts.seller.email },
    });
    // The moderator sees every finding on every message: the banner's detection is their signal.
    expect(read.body.messages.map((m: Message) => [m.text, m.mine, m.safety])).toEqual([
      ['Hi', false, undefined],
      [bad.text, false, ['phone_number', 'pay_outside']],
    ]);
    const audit = await as(ctx.people.admin, 'get', '/api/audit-log');
    expect(audit.body.items[0]).toMatchObject({
      action: 'conversation.read',
      target: reported.body.insertedId,
      targetName: expect.any(String),
    });
    // A report about a listing names no conversation.
    expect((await as(ctx.people.admin, 'get', '/api/reports/r-demo-poco/conversation')).status).toBe(404);
  });
});

describe('signals to the live stream', () => {
  it('sends each committed write to the right people, and reads messages back as each sees them', async () => {
    const db = ctx.app.db;
    const sent: Signal[][] = [];
    const service = messagesService({
      db,
      messages: messagesRepository(db),
      mobiles: catalogueRepository(db),
      deals: dealsRepository(db),
      users: usersRepository(db),
      reports: reportsRepository(db),
      audit: auditRepository(db),
      signals: { send: async (signals) => void sent.push(signals) },
      logger: pino({ level: 'silent' }),
    });
    const users = usersRepository(db);
    const buyer = (await users.findByEmail(ctx.people.otherBuyer.email))!;
    const seller = (await users.findById(demoAccounts.seller._id))!;
    const mobileId = await listingOfSeller();
    const { conversation } = await service.startConversation(buyer, { mobileId, text: 'Call 01712345678' });
    const seq = conversation.lastMessage!.seq;
    expect(sent.pop()).toEqual([
      { user: buyer.id, type: 'message', seq },
      { user: seller.id, type: 'message', seq },
      { user: seller.id, type: 'unread' },
    ]);
    const reply = await service.sendMessage(seller, conversation._id, { text: 'ok' });
    expect(sent.pop()).toEqual([
      { user: buyer.id, type: 'message', seq: reply.seq },
      { user: seller.id, type: 'message', seq: reply.seq },
      { user: buyer.id, type: 'unread' },
    ]);
    await service.markConversationRead(seller, conversation._id, seq);
    expect(sent.pop()).toEqual([
      { user: buyer.id, type: 'read', conversationId: conversation._id, upTo: reply.seq },
      { user: seller.id, type: 'unread' },
    ]);
    await service.blockPerson(buyer, conversation._id);
    const heads = [
      { user: buyer.id, type: 'conversation', conversationId: conversation._id },
      { user: seller.id, type: 'conversation', conversationId: conversation._id },
    ];
    expect(sent.pop()).toEqual(heads);
    await service.unblockPerson(buyer, conversation._id);
    expect(sent.pop()).toEqual(heads);
    // A refused write sends nothing.
    const count = sent.length;
    await expect(
      service.sendMessage(buyer, conversation._id, { text: 'x', pictures: ['/etc'] }),
    ).rejects.toThrow();
    expect(sent.length).toBe(count);

    // The reader the stream renders with: the banner only for the recipient, nothing for outsiders.
    expect((await service.reader.messageFor(seller.id, seq))?.safety).toEqual(['phone_number']);
    expect((await service.reader.messageFor(buyer.id, seq))?.safety).toBeUndefined();
    expect(await service.reader.messageFor(otherSeller._id, seq)).toBeNull();
    expect((await service.reader.messagesAfter(buyer.id, seq - 1, 10)).map((m) => m.seq)).toEqual([
      seq,
      reply.seq,
    ]);
    expect(await service.reader.unreadCount(buyer.id)).toBe(await unread(ctx.people.otherBuyer));
  });
});
