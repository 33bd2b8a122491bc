// The message digest against the real server on both engines and the real local SMTP server: a person
// who takes message email as a digest gets at most one email per conversation every MESSAGE_DIGEST_MINUTES,
// listing that conversation's messages not read in the app meanwhile, oldest first, with the one-click unsubscribe
// headers. The window is measured on the deal clock, which the tests move: nothing here waits 15 minutes.
// The rest of notifications (each event, instant email, unsubscribe, delivery once) is notifications.test.ts.
import { MESSAGE_DIGEST_MINUTES } from '@recell/api';
import { readCaughtMail } from '@recell/local/mail-catcher';
import { describe, expect, it } from 'vitest';
import { createListing } from './support/fixtures';
import { claimAndDie, drainFromTwoProcesses, useMailServer } from './support/mail';
import { call, newBuyer, type Persona } from './support/harness';

const MINUTE = 60_000;
const WINDOW = MESSAGE_DIGEST_MINUTES * MINUTE;
const ctx = useMailServer();

const as = (persona: Persona, method: 'get' | 'post' | 'put', path: string, body?: unknown) =>
  call(ctx.app.server, method, path, { token: persona.token, body });
const delivered = () => ctx.app.services.outbox.drain();
const advance = (ms: number) => ctx.app.services.clock.advance(ms);
/** The emails to one person about one listing, oldest first (the catcher names its files by time). */
const mailTo = async (persona: Persona, title: string) =>
  (await readCaughtMail(ctx.mailDir)).filter(
    (mail) => mail.to === persona.email && mail.subject.includes(title),
  );

let listings = 0;
/** A buyer who takes message email as a digest, in a new conversation with the demo seller. */
async function digestBuyer(name: string) {
  const buyer = await newBuyer(ctx.app, name);
  const set = await as(buyer, 'put', '/api/notifications/preferences', { messageEmail: 'digest' });
  expect(set.body).toEqual({ message: true, messageEmail: 'digest', booking: true, deal: true });
  return buyer;
}

async function conversationOf(buyer: Persona) {
  listings += 1;
  const title = `Google Pixel 8 D${listings}-${Date.now() % 100_000}`;
  const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { title, stock: 2 });
  const started = await as(buyer, 'post', '/api/conversations', { mobileId, text: 'Is it unlocked?' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { title, id: (started.body as { _id: string })._id };
}

/** The seller writes to the buyer; the message's seq. */
async function sellerWrites(conversation: string, text: string) {
  const sent = await as(ctx.people.seller, 'post', `/api/conversations/${conversation}/messages`, { text });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return (sent.body as { seq: number }).seq;
}

describe('the message digest', () => {
  it('three messages in 2 minutes: no email each, then one digest when the window closes, all three, as text', async () => {
    const buyer = await digestBuyer('Digest Buyer');
    const { title, id } = await conversationOf(buyer);
    await sellerWrites(id, 'Yes, unlocked.');
    advance(MINUTE);
    await sellerWrites(id, '<b>Boxed</b> & "charger" too');
    advance(MINUTE);
    await sellerWrites(id, 'Meet at Gulshan 2?');
    await delivered();
    expect(await mailTo(buyer, title)).toEqual([]);
    // the bell still rings for each
    const bell = await as(buyer, 'get', '/api/notifications?pageSize=100');
    const told = (bell.body as { items: { kind: string; link: string }[] }).items.filter(
      (item) => item.link === `/dashboard/messages/${id}`,
    );
    expect(told.map((item) => item.kind)).toEqual(['message', 'message', 'message']);

    // a minute before the window closes (the test's own seconds run on the clock too), then after it
    advance(WINDOW - 3 * MINUTE);
    await delivered();
    expect(await mailTo(buyer, title)).toEqual([]);
    advance(MINUTE + 1_000);
    await delivered();
    const mails = await mailTo(buyer, title);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`3 new messages about ${title}`);
    expect(mail!.text).toContain(
      `${ctx.people.seller.name}: "Yes, unlocked."\n\n${ctx.people.seller.name}: "<b>Boxed</b> & "charger" too"\n\n` +
        `${ctx.people.seller.name}: "Meet at Gulshan 2?"`,
    );
    expect(mail!.html).not.toContain('<b>Boxed');
    expect(mail!.html).toContain('&lt;b&gt;Boxed&lt;/b&gt; &amp; &quot;charger&quot; too');
    expect(mail!.html.indexOf('Yes, unlocked.')).toBeLessThan(mail!.html.indexOf('Meet at Gulshan 2?'));
    expect(mail!.html).toContain(`href="https://recell.example/dashboard/messages/${id}"`);
    expect(mail!.listUnsubscribe).toMatch(
      /^<https:\/\/recell\.example\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9_-]+\.message\.[A-Za-z0-9_-]{43}>$/,
    );
    expect(mail!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain('href="https://recell.example/unsubscribe?token=');

    // the window reset: the next message waits a whole window of its own, and its digest lists it alone
    await sellerWrites(id, 'Still there?');
    await delivered();
    expect(await mailTo(buyer, title)).toHaveLength(1);
    advance(WINDOW + 1_000);
    await delivered();
    const after = await mailTo(buyer, title);
    expect(after).toHaveLength(2);
    expect(after[1]!.subject).toBe(`1 new message about ${title}`);
    expect(after[1]!.text).toContain('"Still there?"');
    expect(after[1]!.text).not.toContain('Yes, unlocked.');
    expect(after[1]!.messageId).not.toBe(after[0]!.messageId);
  });

  it('two conversations: two digests, each with its own messages', async () => {
    const buyer = await digestBuyer('Two Threads Buyer');
    const first = await conversationOf(buyer);
    const second = await conversationOf(buyer);
    await sellerWrites(first.id, 'About the first');
    await sellerWrites(second.id, 'About the second');
    await sellerWrites(second.id, 'And again the second');
    advance(WINDOW + 1_000);
    await delivered();
    const [one, ...moreOne] = await mailTo(buyer, first.title);
    const [two, ...moreTwo] = await mailTo(buyer, second.title);
    expect([moreOne, moreTwo]).toEqual([[], []]);
    expect(one!.subject).toBe(`1 new message about ${first.title}`);
    expect(one!.text).toContain('About the first');
    expect(one!.text).not.toContain('second');
    expect(two!.subject).toBe(`2 new messages about ${second.title}`);
    expect(two!.text).not.toContain('About the first');
  });

  it('read in the app before the window closes: left out; all read: no email', async () => {
    const buyer = await digestBuyer('Reading Buyer');
    const partly = await conversationOf(buyer);
    await sellerWrites(partly.id, 'Read this one');
    const upTo = await sellerWrites(partly.id, 'And this one');
    expect((await as(buyer, 'post', `/api/conversations/${partly.id}/read`, { upTo })).status).toBe(200);
    await sellerWrites(partly.id, 'Not this one');
    const wholly = await conversationOf(buyer);
    const last = await sellerWrites(wholly.id, 'Read at once');
    expect((await as(buyer, 'post', `/api/conversations/${wholly.id}/read`, { upTo: last })).status).toBe(
      200,
    );

    advance(WINDOW + 1_000);
    await delivered();
    const [mail, ...more] = await mailTo(buyer, partly.title);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`1 new message about ${partly.title}`);
    expect(mail!.text).toContain('Not this one');
    expect(mail!.text).not.toContain('Read this one');
    expect(await mailTo(buyer, wholly.title)).toEqual([]);
  });

  it('switched to instant mid-window: what waits goes now, and the next message at once', async () => {
    const buyer = await digestBuyer('Hasty Buyer');
    const { title, id } = await conversationOf(buyer);
    await sellerWrites(id, 'First, in the window');
    await delivered();
    expect(await mailTo(buyer, title)).toEqual([]);
    const set = await as(buyer, 'put', '/api/notifications/preferences', { messageEmail: 'instant' });
    expect(set.body).toMatchObject({ message: true, messageEmail: 'instant' });
    await delivered();
    const [digest, ...none] = await mailTo(buyer, title);
    expect(none).toEqual([]);
    expect(digest!.subject).toBe(`1 new message about ${title}`);
    await sellerWrites(id, 'Second, instantly');
    await delivered();
    const mails = await mailTo(buyer, title);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`${ctx.people.seller.name} sent you a message about ${title}`);
    advance(WINDOW + 1_000);
    await delivered();
    expect(await mailTo(buyer, title)).toHaveLength(2);
  });

  it('switched off mid-window (or by one click): nothing is sent, then or later', async () => {
    const buyer = await digestBuyer('Quiet Digest Buyer');
    const { title, id } = await conversationOf(buyer);
    await sellerWrites(id, 'Into the window');
    const set = await as(buyer, 'put', '/api/notifications/preferences', { message: false });
    expect(set.body).toMatchObject({ message: false, messageEmail: 'off' });
    advance(WINDOW + 1_000);
    await delivered();
    expect(await mailTo(buyer, title)).toEqual([]);
    // back to the digest: what came while off is not sent after all
    await as(buyer, 'put', '/api/notifications/preferences', { messageEmail: 'digest' });
    await sellerWrites(id, 'After turning it back on');
    advance(WINDOW + 1_000);
    await delivered();
    const [mail, ...more] = await mailTo(buyer, title);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`1 new message about ${title}`);
    expect(mail!.text).not.toContain('Into the window');

    // the digest's own one-click unsubscribe turns message email off, digest or not
    await sellerWrites(id, 'One more');
    const token = /token=([^>]+)>/.exec(mail!.listUnsubscribe ?? '')?.[1] ?? '';
    const off = await call(ctx.app.server, 'post', `/api/notifications/unsubscribe?token=${token}`);
    expect(off.status).toBe(200);
    expect((await as(buyer, 'get', '/api/notifications/preferences')).body).toMatchObject({
      message: false,
      messageEmail: 'off',
    });
    advance(WINDOW + 1_000);
    await delivered();
    expect(await mailTo(buyer, title)).toHaveLength(1);
  });

  it('a client before the digest: message on keeps it a digest, and from off it is instant', async () => {
    const buyer = await digestBuyer('Old Client Buyer');
    const put = (body: unknown) => as(buyer, 'put', '/api/notifications/preferences', body);
    expect((await put({ message: true })).body).toMatchObject({ message: true, messageEmail: 'digest' });
    expect((await put({ message: false })).body).toMatchObject({ message: false, messageEmail: 'off' });
    expect((await put({ message: true })).body).toMatchObject({ message: true, messageEmail: 'instant' });
    expect((await put({ message: true, messageEmail: 'digest' })).body).toMatchObject({
      messageEmail: 'digest',
    });
  });

  it('refuses bad values, in the Error shape, and changes nothing', async () => {
    const buyer = await digestBuyer('Odd Values Buyer');
    for (const body of [
      { messageEmail: 'weekly' },
      { messageEmail: 'DIGEST' },
      { messageEmail: 1 },
      { messageEmail: null },
      { messageEmail: ['digest'] },
      { messageEmail: 'digest', extra: 1 },
      { message: true, messageEmail: 'off' },
      { message: false, messageEmail: 'digest' },
      { message: false, messageEmail: 'instant' },
    ]) {
      const response = await as(buyer, 'put', '/api/notifications/preferences', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ message: expect.any(String) });
    }
    expect((await as(buyer, 'get', '/api/notifications/preferences')).body).toMatchObject({
      message: true,
      messageEmail: 'digest',
    });
  });
});

describe('the digest is sent once', () => {
  it('two workers over one database, each with its own connections: each digest once', async () => {
    const buyer = await digestBuyer('Raced Digest Buyer');
    const threads = [await conversationOf(buyer), await conversationOf(buyer), await conversationOf(buyer)];
    for (const thread of threads) await sellerWrites(thread.id, `Hello about ${thread.title}`);
    advance(WINDOW + 1_000);
    await drainFromTwoProcesses(ctx, () => ctx.app.services.clock.now());
    for (const thread of threads) {
      const mails = await mailTo(buyer, thread.title);
      expect(mails.map((mail) => mail.subject)).toEqual([`1 new message about ${thread.title}`]);
    }
  });

  it('a worker that died holding a due digest: the next sends it once after the lease', async () => {
    const buyer = await digestBuyer('Orphan Digest Buyer');
    const { title, id } = await conversationOf(buyer);
    await sellerWrites(id, 'Waiting for a worker');
    advance(WINDOW + 1_000);
    const taken = await claimAndDie(ctx.app, ctx.app.services.clock.now().toISOString());
    expect(taken.filter((row) => row.channel === 'digest' && row.digest_thread === id)).toHaveLength(1);
    const restarted = ctx.app.services.makeOutboxWorker();
    await restarted.drain();
    expect(await mailTo(buyer, title)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await restarted.drain();
    await restarted.drain();
    expect((await mailTo(buyer, title)).map((mail) => mail.subject)).toEqual([
      `1 new message about ${title}`,
    ]);
  });
});
