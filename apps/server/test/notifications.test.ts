// Notifications against the real server on both engines, with the real local SMTP server
// (@recell/local/mail-catcher): each event tells the right people and never the actor, in the transaction of its
// cause (the outbox); its email arrives with recipient, subject, link and one-click unsubscribe headers; SMTP
// down then up, two workers, and a worker that died holding rows each deliver every email once; unsubscribe twice
// is harmless and a forged or altered token changes nothing. Who may call each route is in matrix.test.ts.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { readCaughtMail } from '@recell/local/mail-catcher';
import { otherSeller as fixtureOtherSeller } from '@recell/api/fixtures';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream';
import { claimAndDie, drainFromTwoProcesses, useMailServer } from './support/mail';
import { createListing, heldDeal } from './support/fixtures';
import { call, expectContract, newBuyer, type Persona } from './support/harness';

const HOUR = 60 * 60 * 1000;
const ctx = useMailServer();

type Notification = {
  _id: string;
  kind: string;
  text: string;
  link: string;
  read: boolean;
  listing?: { title: string };
};

const as = (persona: Persona, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown) =>
  call(ctx.app.server, method, path, { token: persona.token, body });

/** The person's notifications about one listing (each test lists its own), newest first. */
async function bell(persona: Persona, title: string) {
  const response = await as(persona, 'get', '/api/notifications?pageSize=100');
  expect(response.status).toBe(200);
  return (response.body as { items: Notification[] }).items.filter((item) => item.listing?.title === title);
}

const delivered = () => ctx.app.services.outbox.drain();
const mailAbout = async (title: string) =>
  (await readCaughtMail(ctx.mailDir)).filter((mail) => mail.subject.includes(title));

let listings = 0;
async function newListing(stock = 3) {
  listings += 1;
  const title = `Apple iPhone 15 N${listings}-${Date.now() % 100_000}`;
  const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { title, stock });
  return { title, mobileId };
}

async function bookAs(persona: Persona, mobileId: string) {
  const response = await as(persona, 'post', '/api/bookings', {
    mobileId,
    phone: '+880 1911 222333',
    location: 'Dhaka, Gulshan 2',
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { insertedId: string }).insertedId;
}

describe('who is told', () => {
  it('a booking tells the seller, with an email through SMTP; never the buyer who booked', async () => {
    const { seller } = ctx.people;
    const buyer = await newBuyer(ctx.app, 'Booking Buyer');
    const { title, mobileId } = await newListing();
    await bookAs(buyer, mobileId);

    const [told] = await bell(seller, title);
    expect(told).toMatchObject({
      kind: 'booking',
      text: `Booking Buyer booked your ${title}`,
      link: '/dashboard/myBuyers',
      read: false,
    });
    expect(await bell(buyer, title)).toEqual([]);

    await delivered();
    const mails = await mailAbout(title);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toBe(seller.email);
    expect(mail!.subject).toBe(`Booking Buyer booked your ${title}`);
    expect(mail!.messageId).toMatch(/^<mail-[A-Za-z0-9_-]+@recell\.example>$/);
    expect(mail!.html).toContain('href="https://recell.example/dashboard/myBuyers"');
    expect(mail!.text).toContain('https://recell.example/dashboard/myBuyers');
    expect(mail!.listUnsubscribe).toMatch(
      /^<https:\/\/recell\.example\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9_-]+\.booking\.[A-Za-z0-9_-]{43}>$/,
    );
    expect(mail!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    // The footer link is clicked (a GET): it opens the web page with the same token, never the POST-only API.
    const token = /token=([^>]+)>/.exec(mail!.listUnsubscribe ?? '')?.[1];
    const page = `https://recell.example/unsubscribe?token=${token}`;
    expect(mail!.html).toContain(`href="${page}"`);
    expect(mail!.text).toContain(`Unsubscribe: ${page}`);
    expect(mail!.html).not.toContain('href="https://recell.example/api/');
  });

  it('a message tells the other party only, and what they wrote stays text in the email', async () => {
    const { seller } = ctx.people;
    const buyer = await newBuyer(ctx.app, 'Asking Buyer');
    const { title, mobileId } = await newListing();
    const text = '<img src=x onerror=alert(1)> & "the box"?';
    const started = await as(buyer, 'post', '/api/conversations', { mobileId, text });
    expect(started.status).toBe(201);
    const conversationId = (started.body as { _id: string })._id;

    const [told] = await bell(seller, title);
    expect(told).toMatchObject({ kind: 'message', link: `/dashboard/messages/${conversationId}` });
    expect(await bell(buyer, title)).toEqual([]);

    // the seller answers: now the buyer is told, and the seller still is not
    await as(seller, 'post', `/api/conversations/${conversationId}/messages`, { text: 'Yes, boxed.' });
    expect((await bell(buyer, title)).map((item) => item.kind)).toEqual(['message']);
    expect(await bell(seller, title)).toHaveLength(1);

    await delivered();
    const toSeller = (await mailAbout(title)).filter((mail) => mail.to === seller.email);
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0]!.html).not.toContain('<img src=x');
    expect(toSeller[0]!.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;the box&quot;?');
    expect(toSeller[0]!.text).toContain(text);
  });

  it('card held tells both sides; the handover tells the buyer (the seller entered the code)', async () => {
    const { seller } = ctx.people;
    const buyer = await newBuyer(ctx.app, 'Paying Buyer');
    const { title, mobileId } = await newListing();
    const deal = await heldDeal(ctx.app.server, buyer.token, mobileId);
    expect((await bell(buyer, title)).map((item) => item.kind)).toEqual(['card_held']);
    expect((await bell(seller, title)).map((item) => item.kind)).toEqual(['card_held', 'booking']);

    const done = await as(seller, 'post', `/api/bookings/${deal.bookingId}/handover`, { code: deal.code });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await bell(buyer, title)).map((item) => item.kind)).toEqual(['handover_completed', 'card_held']);
    expect((await bell(seller, title)).map((item) => item.kind)).toEqual(['card_held', 'booking']);

    await delivered();
    const mails = await mailAbout(title);
    // deal-money email has no unsubscribe: it stays on
    const held = mails.filter((mail) => mail.subject.includes('card is held'));
    expect(held.map((mail) => mail.to).sort()).toEqual([buyer.email, seller.email].sort());
    expect(held.every((mail) => mail.listUnsubscribe === undefined)).toBe(true);
  });

  it('a cancel tells the seller, a decline the buyer, an expiry both', async () => {
    const { seller } = ctx.people;
    const buyer = await newBuyer(ctx.app, 'Ending Buyer');
    const cancelled = await newListing();
    const cancelledId = await bookAs(buyer, cancelled.mobileId);
    expect((await as(buyer, 'post', `/api/bookings/${cancelledId}/cancel`)).status).toBe(200);
    expect((await bell(seller, cancelled.title)).map((item) => item.kind)).toEqual([
      'deal_cancelled',
      'booking',
    ]);
    expect(await bell(buyer, cancelled.title)).toEqual([]);

    const declined = await newListing();
    const declinedDeal = await heldDeal(ctx.app.server, buyer.token, declined.mobileId);
    expect((await as(seller, 'post', `/api/bookings/${declinedDeal.bookingId}/decline`)).status).toBe(200);
    expect((await bell(buyer, declined.title)).map((item) => item.kind)).toEqual([
      'deal_declined',
      'card_held',
    ]);
    expect((await bell(seller, declined.title)).map((item) => item.kind)).toEqual(['card_held', 'booking']);

    const expiring = await newListing();
    await heldDeal(ctx.app.server, buyer.token, expiring.mobileId);
    ctx.app.services.clock.advance(200 * HOUR);
    await ctx.app.services.payments.reconcile();
    expect((await bell(buyer, expiring.title)).map((item) => item.kind)).toEqual([
      'deal_expired',
      'card_held',
    ]);
    expect((await bell(seller, expiring.title)).map((item) => item.kind)).toEqual([
      'deal_expired',
      'card_held',
      'booking',
    ]);
  });
});

describe('the deal clock, moderation and the badge', () => {
  it('a hold ending within 24 hours warns both sides once, by email too, whichever job run comes first', async () => {
    const { seller } = ctx.people;
    const buyer = await newBuyer(ctx.app, 'Late Buyer');
    const { title, mobileId } = await newListing();
    await heldDeal(ctx.app.server, buyer.token, mobileId);
    const warnings = async (persona: Persona) =>
      (await bell(persona, title)).filter((item) => item.kind === 'deal_expiring');

    // a hold with days left: nobody is warned yet
    await ctx.app.services.deal.warnExpiring();
    expect(await warnings(buyer)).toEqual([]);

    // 23 hours left: two runs at once (two processes' jobs) and one after warn each side once
    ctx.app.services.clock.advance((ctx.app.config.holdWindowHours - 23) * HOUR);
    await Promise.all([ctx.app.services.deal.warnExpiring(), ctx.app.services.deal.warnExpiring()]);
    await ctx.app.services.deal.warnExpiring();
    expect(await warnings(buyer)).toEqual([
      expect.objectContaining({
        text: `Your hold for ${title} ends within 24 hours: meet the seller and give them your handover code, or the card is released`,
        link: '/dashboard',
      }),
    ]);
    expect(await warnings(seller)).toEqual([
      expect.objectContaining({
        text: expect.stringContaining('enter their handover code'),
        link: '/dashboard/myBuyers',
      }),
    ]);

    await delivered();
    const mails = (await mailAbout(title)).filter((mail) => mail.subject.includes('ends within 24 hours'));
    expect(mails.map((mail) => mail.to).sort()).toEqual([buyer.email, seller.email].sort());
    // about the deal's money: always on, no unsubscribe
    expect(mails.every((mail) => mail.listUnsubscribe === undefined)).toBe(true);
    expect(mails.find((mail) => mail.to === buyer.email)!.html).toContain(
      'href="https://recell.example/dashboard"',
    );
  });

  /** `persona` reports the listing; returns the report's id. */
  async function report(persona: Persona, mobileId: string) {
    const response = await as(persona, 'post', '/api/report', {
      mobileId,
      Report: 'Looks like a fake listing',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return (response.body as { insertedId: string }).insertedId;
  }

  it('removing a reported listing tells its seller and every reporter waiting; dismissing tells the reporter only', async () => {
    const { seller, admin } = ctx.people;
    const [first, second] = [
      await newBuyer(ctx.app, 'First Reporter'),
      await newBuyer(ctx.app, 'Second Reporter'),
    ];
    const removed = await newListing();
    const reportId = await report(first, removed.mobileId);
    await report(second, removed.mobileId);
    const resolved = await as(admin, 'post', `/api/reports/${reportId}/resolve`, {
      action: 'remove-listing',
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);

    expect(await bell(seller, removed.title)).toEqual([
      expect.objectContaining({
        kind: 'listing_removed',
        text: `Your listing ${removed.title} was removed after a report`,
        link: '/dashboard/myProduct',
      }),
    ]);
    for (const reporter of [first, second]) {
      expect(await bell(reporter, removed.title)).toEqual([
        expect.objectContaining({
          kind: 'report_resolved',
          text: `Your report on ${removed.title} was upheld: the listing is removed`,
          link: '/dashboard',
        }),
      ]);
    }
    expect(await bell(admin, removed.title)).toEqual([]);

    const kept = await newListing();
    const dismissedId = await report(first, kept.mobileId);
    await report(second, kept.mobileId);
    expect(
      (await as(admin, 'post', `/api/reports/${dismissedId}/resolve`, { action: 'dismiss' })).status,
    ).toBe(200);
    expect(await bell(first, kept.title)).toEqual([
      expect.objectContaining({
        kind: 'report_resolved',
        text: `Your report on ${kept.title} was reviewed: the listing stays up`,
        link: `/mobile/${kept.mobileId}`,
      }),
    ]);
    expect(await bell(second, kept.title)).toEqual([]);
    expect(await bell(seller, kept.title)).toEqual([]);

    await delivered();
    const mails = await mailAbout(removed.title);
    expect(mails.map((mail) => mail.to).sort()).toEqual([first.email, second.email, seller.email].sort());
    expect(mails.find((mail) => mail.to === seller.email)!.html).toContain(
      'href="https://recell.example/dashboard/myProduct"',
    );
  });

  it('granting the Verified badge tells the seller once, naming no listing; taking it away tells nobody', async () => {
    const { admin, otherSeller } = ctx.people;
    const verified = (value: boolean) =>
      as(admin, 'put', `/api/sellers/${fixtureOtherSeller._id}/verified`, { verified: value });
    const badges = async () => {
      const response = await as(otherSeller, 'get', '/api/notifications?pageSize=100');
      return (response.body as { items: Notification[] }).items.filter(
        (item) => item.kind === 'seller_verified',
      );
    };
    expect((await verified(false)).status).toBe(200);
    expect(await badges()).toEqual([]);
    expect((await verified(true)).status).toBe(200);
    expect((await verified(true)).status).toBe(200);
    const [badge, ...more] = await badges();
    expect(more).toEqual([]);
    expect(badge).toMatchObject({
      text: 'You are a Verified seller now: your listings show the badge',
      link: '/dashboard/myProduct',
    });
    expect(badge).not.toHaveProperty('listing');
    expectContract('get', '/api/notifications', 200, { items: [badge], total: 1, page: 1, pageSize: 20 });

    await delivered();
    const mail = (await readCaughtMail(ctx.mailDir)).find(
      (one) => one.to === otherSeller.email && one.subject.includes('Verified seller'),
    );
    expect(mail!.html).toContain('href="https://recell.example/dashboard/myProduct"');
    expect(mail!.html).not.toContain('<img');
    expect((await verified(false)).status).toBe(200);
    expect(await badges()).toHaveLength(1);
  });
});

describe('the email template', () => {
  it("renders under tsx, as npm start runs the server (not only under the tests' transform)", () => {
    // @recell/ui's template sits outside apps/server's tsconfig: tsx once compiled it with the classic JSX
    // runtime and every email (and the booking that wrote it) failed with "React is not defined".
    const script = `const { renderEmail } = await import('./src/modules/notifications/email.tsx');
      process.stdout.write(renderEmail({ headline: 'Booked', action: { label: 'Open', url: 'https://r.test/d' },
        preferencesUrl: 'https://r.test/p' }).html);`;
    const html = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '..'),
      encoding: 'utf8',
    });
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain('href="https://r.test/d"');
  });
});

describe("demo mode's mail page", () => {
  it('shows an admin each caught email, newest first, with its HTML and text parts', async () => {
    const { admin, seller } = ctx.people;
    const buyer = await newBuyer(ctx.app, 'Mail Page Buyer');
    const { title, mobileId } = await newListing();
    await bookAs(buyer, mobileId);
    await delivered();
    const page = await as(admin, 'get', '/api/mail?pageSize=100');
    expect(page.status).toBe(200);
    const items = (page.body as { items: { _id: string; to: string; subject: string }[] }).items;
    const listed = items.find((item) => item.subject.includes(title));
    expect(listed).toMatchObject({ to: seller.email, subject: `Mail Page Buyer booked your ${title}` });
    const one = await as(admin, 'get', `/api/mail/${listed!._id}`);
    expect(one.body).toMatchObject({
      to: seller.email,
      listUnsubscribePost: 'List-Unsubscribe=One-Click',
      html: expect.stringContaining('<!DOCTYPE html>'),
      text: expect.stringContaining('https://recell.example/dashboard/myBuyers'),
    });
    expect((await as(admin, 'get', '/api/mail/no-such-mail')).status).toBe(404);
    expect((await as(seller, 'get', `/api/mail/${listed!._id}`)).status).toBe(403);
  });
});

describe('the bell', () => {
  it('counts unread, marks one and all read, and never another person’s', async () => {
    const { seller, otherBuyer } = ctx.people;
    const buyer = await newBuyer(ctx.app, 'Counting Buyer');
    const { title, mobileId } = await newListing();
    await bookAs(buyer, mobileId);
    const [told] = await bell(seller, title);
    const before = (await as(seller, 'get', '/api/notifications/unread')).body as { unread: number };
    expect(before.unread).toBeGreaterThanOrEqual(1);

    const theirs = await as(otherBuyer, 'post', `/api/notifications/${told!._id}/read`);
    expect(theirs.status).toBe(404);
    expect((await bell(seller, title))[0]!.read).toBe(false);

    const one = await as(seller, 'post', `/api/notifications/${told!._id}/read`);
    expect(one.body).toEqual({ unread: before.unread - 1 });
    const again = await as(seller, 'post', `/api/notifications/${told!._id}/read`);
    expect(again.body).toEqual({ unread: before.unread - 1 });
    expect((await as(seller, 'post', '/api/notifications/read')).body).toEqual({ unread: 0 });
    expect((await bell(seller, title))[0]!.read).toBe(true);
  });
  it('rings over the live stream: a new notification, then a read, each with the count', async () => {
    const bystander = await newBuyer(ctx.app, 'Streaming Bystander');
    const { title, mobileId } = await newListing();
    const asker = await newBuyer(ctx.app, 'Other Asker');
    const started = await as(asker, 'post', '/api/conversations', { mobileId, text: 'Hi' });
    // the listing's seller is the demo seller; this buyer hears of the answer instead
    const stream = await openEventStream(ctx.app.server, asker.token);
    const theirs = await openEventStream(ctx.app.server, bystander.token);
    try {
      expect(stream.status).toBe(200);
      await as(
        ctx.people.seller,
        'post',
        `/api/conversations/${(started.body as { _id: string })._id}/messages`,
        {
          text: 'Yes',
        },
      );
      await delivered();
      const rang = await stream.next((event) => event.data.type === 'notification');
      expect(rang.data).toEqual({ type: 'notification', unread: 1 });
      const [told] = await bell(asker, title);
      await as(asker, 'post', `/api/notifications/${told!._id}/read`);
      const read = await stream.next(
        (event) => event.data.type === 'notification' && event.data.unread === 0,
      );
      expect(read.data).toEqual({ type: 'notification', unread: 0 });
      // nobody else's stream rang for it
      expect(theirs.events.filter((event) => event.data.type === 'notification')).toEqual([]);
    } finally {
      stream.close();
      theirs.close();
    }
  });

  it('refuses odd ids, huge or negative pages and a body where none belongs, in the Error shape', async () => {
    const { seller } = ctx.people;
    for (const [method, path, body] of [
      ['post', `/api/notifications/${'x'.repeat(65)}/read`, undefined],
      ['post', '/api/notifications/a%20b/read', undefined],
      ['get', '/api/notifications?page=-1', undefined],
      ['get', '/api/notifications?page=100001', undefined],
      ['get', '/api/notifications?pageSize=1000', undefined],
      ['get', '/api/notifications?page=1e309', undefined],
    ] as const) {
      const response = await as(seller, method, path, body);
      expect(response.status, path).toBe(400);
      expect(response.body).toMatchObject({ message: expect.any(String) });
    }
  });
});

describe('preferences and one-click unsubscribe', () => {
  const tokenOf = (header: string | undefined) => /token=([^>]+)>/.exec(header ?? '')?.[1] ?? '';
  /** The one-click POST a mail client sends (RFC 8058): a form, no sign-in. */
  async function unsubscribe(token: string) {
    const path = `/api/notifications/unsubscribe?token=${token}`;
    const response = await request(ctx.app.server).post(path).type('form').send('List-Unsubscribe=One-Click');
    expectContract('post', path, response.status, response.body);
    return response;
  }

  /** What the web page reads before its button: a GET, no sign-in, that changes nothing. */
  async function describeLink(token: string) {
    const path = `/api/notifications/unsubscribe?token=${token}`;
    const response = await request(ctx.app.server).get(path);
    expectContract('get', path, response.status, response.body);
    return response;
  }

  it("the page's GET names the kind and whether it is on, without signing in, and turns nothing off", async () => {
    const buyer = await newBuyer(ctx.app, 'Reading Buyer');
    const { seller } = ctx.people;
    const { title, mobileId } = await newListing();
    await as(seller, 'post', '/api/conversations', { bookingId: await bookAs(buyer, mobileId), text: 'Hi' });
    await delivered();
    const [mail] = (await mailAbout(title)).filter((one) => one.to === buyer.email);
    const token = tokenOf(mail!.listUnsubscribe);

    for (let time = 0; time < 2; time += 1) {
      const response = await describeLink(token);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({ kind: 'message', email: true });
    }
    expect((await as(buyer, 'get', '/api/notifications/preferences')).body).toMatchObject({ message: true });
    expect((await unsubscribe(token)).status).toBe(200);
    expect((await describeLink(token)).body).toEqual({ kind: 'message', email: false });
  });

  it('turns the kind off without signing in, twice without harm; the next one sends no email but still rings', async () => {
    const buyer = await newBuyer(ctx.app, 'Quiet Buyer');
    const { seller } = ctx.people;
    const { title, mobileId } = await newListing();
    const started = await as(seller, 'post', '/api/conversations', {
      bookingId: await bookAs(buyer, mobileId),
      text: 'Hello',
    });
    expect(started.status).toBe(201);
    await delivered();
    const [mail] = (await mailAbout(title)).filter((one) => one.to === buyer.email);
    const token = tokenOf(mail!.listUnsubscribe);
    expect(token).toMatch(/\.message\./);

    for (let time = 0; time < 2; time += 1) {
      const response = await unsubscribe(token);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({ kind: 'message', email: false });
    }
    expect((await as(buyer, 'get', '/api/notifications/preferences')).body).toEqual({
      message: false,
      messageEmail: 'off',
      booking: true,
      deal: true,
    });

    const conversationId = (started.body as { _id: string })._id;
    await as(seller, 'post', `/api/conversations/${conversationId}/messages`, { text: 'Still there?' });
    await delivered();
    expect((await mailAbout(title)).filter((one) => one.to === buyer.email)).toHaveLength(1);
    expect((await bell(buyer, title)).map((item) => item.kind)).toEqual(['message', 'message']);
  });

  it('refuses a forged token, or one altered to name another person or kind, and changes nothing', async () => {
    const victim = await newBuyer(ctx.app, 'Victim Buyer');
    const { seller } = ctx.people;
    const { title, mobileId } = await newListing();
    await as(seller, 'post', '/api/conversations', { bookingId: await bookAs(victim, mobileId), text: 'Hi' });
    await delivered();
    const [mail] = (await mailAbout(title)).filter((one) => one.to === victim.email);
    const [victimId, , signature] = tokenOf(mail!.listUnsubscribe).split('.');
    const sellerMail = (await readCaughtMail(ctx.mailDir)).find(
      (one) => one.to === seller.email && one.listUnsubscribe,
    );
    const [sellerId] = tokenOf(sellerMail!.listUnsubscribe).split('.');

    for (const token of [
      `${victimId}.message.${'A'.repeat(43)}`, // made up
      `${victimId}.booking.${signature}`, // another kind
      `${sellerId}.message.${signature}`, // another person
    ]) {
      for (const response of [await describeLink(token), await unsubscribe(token)]) {
        expect(response.status, token).toBe(403);
        expect(response.body).toEqual({ message: 'This unsubscribe link is not valid' });
      }
    }
    for (const response of [await describeLink('not-a-token'), await unsubscribe('not-a-token')]) {
      expect(response.status).toBe(400);
    }
    expect((await as(victim, 'get', '/api/notifications/preferences')).body).toEqual({
      message: true,
      messageEmail: 'instant',
      booking: true,
      deal: true,
    });
    expect((await as(seller, 'get', '/api/notifications/preferences')).body).toMatchObject({ message: true });
  });

  it('updates the kinds given, keeps deal email on, and refuses anything else', async () => {
    const buyer = await newBuyer(ctx.app, 'Settings Buyer');
    expect((await as(buyer, 'put', '/api/notifications/preferences', { booking: false })).body).toEqual({
      message: true,
      messageEmail: 'instant',
      booking: false,
      deal: true,
    });
    for (const body of [{ deal: false }, {}, { message: 'no' }, { message: true, extra: 1 }]) {
      const response = await as(buyer, 'put', '/api/notifications/preferences', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await as(buyer, 'get', '/api/notifications/preferences')).body).toEqual({
      message: true,
      messageEmail: 'instant',
      booking: false,
      deal: true,
    });
  });
});

describe('delivery: once, never lost', () => {
  const messageIdsOf = async (title: string) => (await mailAbout(title)).map((mail) => mail.messageId);

  async function bookings(count: number) {
    const { title, mobileId } = await newListing(count + 1);
    for (let index = 0; index < count; index += 1) {
      await bookAs(await newBuyer(ctx.app, `Many Buyer ${index}`), mobileId);
    }
    return title;
  }

  it("a deleted account's waiting mail goes with it: nothing is sent to a person who left", async () => {
    const { seller, admin } = ctx.people;
    const leaving = await newBuyer(ctx.app, 'Leaving Buyer');
    const { title, mobileId } = await newListing();
    const booked = await bookAs(leaving, mobileId);
    await as(seller, 'post', '/api/conversations', { bookingId: booked, text: 'Still want it?' });
    const id = (await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [
      leaving.email,
    ]))!.id;
    expect((await as(admin, 'delete', `/api/users/${id}`)).status).toBe(200);
    await delivered();
    expect((await mailAbout(title)).filter((mail) => mail.to === leaving.email)).toEqual([]);
  });

  it('SMTP down, then up: every email once', async () => {
    await ctx.catcher!.close();
    const title = await bookings(3);
    const worker = ctx.app.services.makeOutboxWorker({ backoffMs: 20, maxBackoffMs: 20 });
    await worker.drain();
    expect(await messageIdsOf(title)).toEqual([]);
    // rows wait for their retry: tried, not lost
    const waiting = await ctx.app.db.all<{ attempts: number }>(
      "SELECT attempts FROM outbox WHERE status = 'pending' AND channel = 'email' AND subject LIKE ?",
      [`%${title}%`],
    );
    expect(waiting).toHaveLength(3);
    expect(waiting.every((row) => Number(row.attempts) >= 1)).toBe(true);

    await ctx.startCatcher();
    for (let round = 0; round < 50 && (await messageIdsOf(title)).length < 3; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      await worker.drain();
    }
    const ids = await messageIdsOf(title);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    await worker.drain();
    expect(await messageIdsOf(title)).toHaveLength(3);
  });

  it('two workers over one database, each with its own connections: every email once', async () => {
    const title = await bookings(6);
    await drainFromTwoProcesses(ctx);
    const ids = await messageIdsOf(title);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('a worker that died after claiming, before sending: the next worker sends each once after the lease', async () => {
    const title = await bookings(2);
    // the state change committed; a worker claimed its rows and was killed before it sent anything
    const taken = await claimAndDie(ctx.app);
    expect(taken.filter((row) => row.subject?.includes(title))).toHaveLength(2);
    const restarted = ctx.app.services.makeOutboxWorker();
    await restarted.drain();
    // its lease still holds: nobody sends them twice at once
    expect(await messageIdsOf(title)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await restarted.drain();
    const ids = await messageIdsOf(title);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    await restarted.drain();
    expect(await messageIdsOf(title)).toHaveLength(2);
  });
});
