// The claims module on both engines: the buyer opens a claim on a completed deal within the window (their own
// pictures only), who may read it, the admin's refund (through the processor, exactly once, retried by the job)
// and release, the same decision twice and the other way, two admins at once, the booking's view of the window
// and the claim, and the IMEI re-check that opens a claim by itself (the job, and the demo clock).
import { CLAIM_RULES, claimWindowEnds } from '@recell/api';
import { describe, expect, it } from 'vitest';
import { stripeProvider } from '../src/modules/payments/providers/stripe';
import { picturesRepository } from '../src/modules/pictures/repository';
import { startFakeStripe } from './support/fake-stripe';
import { completedDeal, createListing, heldDeal, imeiWith, jpeg } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();
const HOUR = 3_600_000;

type Who = 'buyer' | 'otherBuyer' | 'seller' | 'otherSeller' | 'admin';
const as = (who: Who) => ctx.people[who].token;
const api = (who: Who | null, method: 'get' | 'post', path: string, body?: unknown) =>
  call(ctx.app.server, method, `/api${path}`, { token: who ? as(who) : null, body });

/** A completed deal of the demo buyer with the demo seller, on a fresh listing (with an IMEI when asked). */
async function completed(imei?: string) {
  const mobileId = await createListing(ctx.app.server, as('seller'), { stock: 1, ...(imei ? { imei } : {}) });
  const deal = await completedDeal(ctx.app.server, { buyer: as('buyer'), seller: as('seller') }, mobileId);
  return { ...deal, mobileId };
}

async function upload(who: Who): Promise<string> {
  const uploaded = await call(ctx.app.server, 'post', '/api/images', {
    token: as(who),
    attach: { field: 'image', bytes: await jpeg(), filename: 'claim.jpg' },
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  return (uploaded.body as { data: { url: string } }).data.url;
}

const claimText = 'It asks for the previous owner\u2019s Apple ID after a restart.';
const open = (bookingId: string, body: Record<string, unknown> = {}, who: Who = 'buyer') =>
  api(who, 'post', `/bookings/${bookingId}/claim`, { kind: 'activation_lock', text: claimText, ...body });

const earning = (bookingId: string) =>
  ctx.app.db.get<{ status: string; rechecks: number; claim_id: string | null }>(
    'SELECT status, rechecks, claim_id FROM earnings WHERE booking_id = ?',
    [bookingId],
  );
const intentStatus = async (transaction: string) =>
  (await ctx.app.db.get<{ status: string }>('SELECT status FROM test_intents WHERE id = ?', [transaction]))
    ?.status;
const claimRow = (id: string) =>
  ctx.app.db.get<{ status: string; refund_state: string; opened_by: string }>(
    'SELECT status, refund_state, opened_by FROM claims WHERE id = ?',
    [id],
  );
/** The notifications of a kind about a listing, by who got them (buyer / seller). */
async function told(kind: string, mobileId: string) {
  const rows = await ctx.app.db.all<{ email: string; text: string; link: string }>(
    `SELECT u.email, n.text, n.link FROM notifications n JOIN users u ON u.id = n.user_id
     WHERE n.kind = ? AND n.mobile_id = ? ORDER BY n.seq`,
    [kind, mobileId],
  );
  const of = (who: Who) => rows.filter((row) => row.email === ctx.people[who].email);
  return { buyer: of('buyer'), seller: of('seller'), all: rows };
}
const bookingOf = async (who: 'buyer' | 'seller', bookingId: string) => {
  if (who === 'buyer')
    return (await api('buyer', 'get', `/bookings/${bookingId}`)).body as Record<string, unknown>;
  const page = await api('seller', 'get', `/mybuyers?email=${ctx.people.seller.email}&pageSize=100`);
  return (page.body as { items: Record<string, unknown>[] }).items.find((item) => item._id === bookingId)!;
};

describe('opening a claim', () => {
  it('only after the handover (409 not_completed), only by the buyer (403)', async () => {
    const mobileId = await createListing(ctx.app.server, as('seller'), { stock: 1 });
    const held = await heldDeal(ctx.app.server, as('buyer'), mobileId);
    const early = await open(held.bookingId);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      message: 'A claim can be opened only after the handover',
      code: 'not_completed',
    });

    const { bookingId } = await completed();
    expect((await open(bookingId, {}, 'otherBuyer')).status).toBe(403);
    // sellers and admins are refused by the contract's scope before the handler
    expect((await open(bookingId, {}, 'seller')).status).toBe(403);
    expect((await api('buyer', 'get', '/claims/cl-nothing')).status).toBe(404);
  });

  it("refuses a picture the buyer did not upload, naming the field; accepts the buyer's own", async () => {
    const { bookingId, mobileId } = await completed();
    const theirs = await upload('seller');
    const mine = await upload('buyer');
    const refused = await open(bookingId, { pictures: [mine, theirs] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: '/body/pictures/1', message: 'must be a picture you uploaded with POST /images' },
    ]);
    // a seed picture is the site's own, but nobody's upload
    const seed = await open(bookingId, { pictures: ['/uploads/m-apple-iphone-13.webp'] });
    expect(seed.status).toBe(400);
    expect(await ctx.app.db.get('SELECT id FROM claims WHERE booking_id = ?', [bookingId])).toBeUndefined();

    const before = await bookingOf('buyer', bookingId);
    expect(before.claimUntil).toBe(claimWindowEnds(before.completedAt as string).toISOString());
    expect(before.claim).toBeUndefined();
    expect((await bookingOf('seller', bookingId)).claimUntil).toBeUndefined();

    const opened = await open(bookingId, { pictures: [mine] });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({
      bookingId,
      kind: 'activation_lock',
      text: claimText,
      pictures: [mine],
      status: 'open',
      openedBy: 'buyer',
      amountCents: 70000,
      buyer: ctx.people.buyer.name,
    });
    const id = opened.body._id as string;
    expect(await earning(bookingId)).toMatchObject({ status: 'on_hold', claim_id: id });
    // the sweep of unused uploads keeps a claim's pictures
    const used = await picturesRepository(ctx.app.db).referencedUploads();
    expect(used.has(/([0-9a-f]{32})\.webp$/.exec(mine)![1]!)).toBe(true);
    expect(used.has(/([0-9a-f]{32})\.webp$/.exec(theirs)![1]!)).toBe(false);

    const notices = await told('claim_opened', mobileId);
    expect(notices.all).toHaveLength(2);
    expect(notices.buyer[0]).toMatchObject({ link: `/dashboard/claims/${id}` });
    expect(notices.buyer[0]!.text).toMatch(/^Your claim for .* is open/);
    expect(notices.seller[0]!.text).toMatch(/reported a problem .*: \$700 is on hold/);

    // the views: the claim to both sides, the window no more
    for (const who of ['buyer', 'seller'] as const) {
      const view = await bookingOf(who, bookingId);
      expect(view.claim).toEqual({ _id: id, kind: 'activation_lock', status: 'open' });
      expect(view.claimUntil).toBeUndefined();
    }

    const again = await open(bookingId, { kind: 'no_power' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This deal already has a claim', code: 'claim_open' });
  });

  it('two opens at once leave one claim', async () => {
    const { bookingId } = await completed();
    const answers = await Promise.all([open(bookingId), open(bookingId, { kind: 'no_power' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await ctx.app.db.all('SELECT id FROM claims WHERE booking_id = ?', [bookingId])).toHaveLength(1);
  });
});

describe('reading claims', () => {
  it('its buyer, the deal’s seller and admins; anyone else 404; the queue for admins', async () => {
    const { bookingId } = await completed();
    const id = (await open(bookingId)).body._id as string;
    for (const who of ['buyer', 'seller', 'admin'] as const) {
      const read = await api(who, 'get', `/claims/${id}`);
      expect(read.status, who).toBe(200);
      expect(read.body._id).toBe(id);
    }
    for (const who of ['otherBuyer', 'otherSeller'] as const)
      expect((await api(who, 'get', `/claims/${id}`)).status, who).toBe(404);

    const queue = await api('admin', 'get', '/claims?pageSize=100');
    expect(queue.status).toBe(200);
    const items = queue.body.items as { _id: string; status: string; createdAt: string }[];
    expect(items.map((item) => item._id)).toContain(id);
    expect(items.every((item) => item.status === 'open')).toBe(true);
    expect(items.map((item) => item.createdAt)).toEqual(items.map((item) => item.createdAt).sort());
    expect((await api('buyer', 'get', '/claims')).status).toBe(403);
  });
});

describe('deciding a claim', () => {
  it('refund: the processor refunds once, the earning is refunded, audited, both told; again 200, the other way 409', async () => {
    const { bookingId, mobileId, transaction } = await completed();
    const id = (await open(bookingId)).body._id as string;
    const reason = 'The seller confirmed the lock was still on.';
    const decided = await api('admin', 'post', `/claims/${id}/decision`, { outcome: 'refund', reason });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toMatchObject({ _id: id, status: 'refunded', decisionReason: reason });
    expect(await claimRow(id)).toMatchObject({ status: 'refunded', refund_state: 'done' });
    expect(await intentStatus(transaction)).toBe('refunded');
    expect((await earning(bookingId))?.status).toBe('refunded');
    expect(await ctx.app.db.get('SELECT actor_email, action FROM audit_log WHERE target = ?', [id])).toEqual({
      actor_email: ctx.people.admin.email,
      action: 'claim.refund',
    });
    const notices = await told('claim_refunded', mobileId);
    expect(notices.buyer).toHaveLength(1);
    expect(notices.seller).toHaveLength(1);
    expect(notices.buyer[0]!.text).toContain(reason);

    const same = await api('admin', 'post', `/claims/${id}/decision`, { outcome: 'refund', reason: 'Again' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(decided.body);
    const other = await api('admin', 'post', `/claims/${id}/decision`, {
      outcome: 'release',
      reason: 'Not so',
    });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ message: 'This claim was already refunded', code: 'claim_decided' });
    expect((await told('claim_refunded', mobileId)).all).toHaveLength(2);
    expect((await bookingOf('buyer', bookingId)).claim).toEqual({
      _id: id,
      kind: 'activation_lock',
      status: 'refunded',
    });
    const decidedQueue = await api('admin', 'get', '/claims?status=decided&pageSize=100');
    expect((decidedQueue.body.items as { _id: string }[]).map((item) => item._id)).toContain(id);
  });

  it('release: the earning goes back to pending inside the window, both told', async () => {
    const { bookingId, mobileId, transaction } = await completed();
    const id = (await open(bookingId)).body._id as string;
    const released = await api('admin', 'post', `/claims/${id}/decision`, {
      outcome: 'release',
      reason: 'The buyer had not signed out of their own account.',
    });
    expect(released.status).toBe(200);
    expect(released.body.status).toBe('released');
    expect(await claimRow(id)).toMatchObject({ status: 'released', refund_state: 'none' });
    expect((await earning(bookingId))?.status).toBe('pending');
    expect(await intentStatus(transaction)).toBe('succeeded');
    const notices = await told('claim_released', mobileId);
    expect([notices.buyer.length, notices.seller.length]).toEqual([1, 1]);
    expect(notices.seller[0]!.text).toMatch(/not upheld: \$700 is yours/);
  });

  it('two admins deciding at once: one decision', async () => {
    const { bookingId, transaction } = await completed();
    const id = (await open(bookingId)).body._id as string;
    const answers = await Promise.all([
      api('admin', 'post', `/claims/${id}/decision`, { outcome: 'refund', reason: 'Upheld' }),
      api('admin', 'post', `/claims/${id}/decision`, { outcome: 'release', reason: 'Not upheld' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.status as string;
    expect((await earning(bookingId))?.status).toBe(winner === 'refunded' ? 'refunded' : 'pending');
    expect(await intentStatus(transaction)).toBe(winner === 'refunded' ? 'refunded' : 'succeeded');
    expect(await ctx.app.db.all('SELECT id FROM audit_log WHERE target = ?', [id])).toHaveLength(1);
  });

  it('a refund the processor does not answer stays pending and the job gives it, once', async () => {
    const { bookingId, transaction } = await completed();
    const id = (await open(bookingId)).body._id as string;
    const processor = ctx.app.payments;
    const refund = processor.refund.bind(processor);
    let asked = 0;
    processor.refund = async () => {
      asked += 1;
      throw new Error('the processor is down');
    };
    try {
      const decided = await api('admin', 'post', `/claims/${id}/decision`, {
        outcome: 'refund',
        reason: 'Upheld',
      });
      expect(decided.status).toBe(200);
      expect(asked).toBe(1);
      expect(await claimRow(id)).toMatchObject({ status: 'refunded', refund_state: 'pending' });
      expect(await intentStatus(transaction)).toBe('succeeded');
      expect((await ctx.app.services.claims.retryRefunds()).left).toBeGreaterThanOrEqual(1);
    } finally {
      processor.refund = refund;
    }
    const keys: (string | undefined)[] = [];
    processor.refund = async (intent, amount, key) => {
      keys.push(key);
      return refund(intent, amount, key);
    };
    try {
      expect((await ctx.app.services.claims.retryRefunds()).refunded).toBeGreaterThanOrEqual(1);
      expect(keys).toContain(id);
      expect(await claimRow(id)).toMatchObject({ refund_state: 'done' });
      expect(await intentStatus(transaction)).toBe('refunded');
      keys.length = 0;
      await ctx.app.services.claims.retryRefunds();
      expect(keys).not.toContain(id);
    } finally {
      processor.refund = refund;
    }
  });
});

describe("a claim's refund at Stripe", () => {
  it('refunds the amount under the claim id as the idempotency key', async () => {
    const fake = await startFakeStripe();
    try {
      const url = new URL(fake.url);
      const stripe = stripeProvider({
        secretKey: 'sk_test_recell_fake',
        webhookSecret: undefined,
        publishableKey: undefined,
        api: { host: url.hostname, port: Number(url.port), protocol: 'http' },
      });
      await stripe.refund('pi_claimed', 43500, 'cl-refund-1');
      await stripe.refund('pi_claimed', 43500, 'cl-refund-1');
      const sent = fake.requests.filter((request) => request.path === '/v1/refunds');
      expect(sent).toHaveLength(2);
      for (const request of sent) {
        expect(request.idempotencyKey).toBe('cl-refund-1');
        expect(request.form).toMatchObject({ payment_intent: 'pi_claimed', amount: '43500' });
      }
    } finally {
      await fake.close();
    }
  });
});

// Last: these move the deal clock forward, past the windows of the claims above.
describe('the window and the re-checks, on the deal clock', () => {
  it('closes the window at 48 hours (422 claim_window_closed)', async () => {
    const { bookingId } = await completed();
    ctx.app.services.clock.advance((CLAIM_RULES.windowHours + 1) * HOUR);
    expect((await bookingOf('buyer', bookingId)).claimUntil).toBeUndefined();
    const late = await open(bookingId);
    expect(late.status).toBe(422);
    expect(late.body).toEqual({
      message: 'The 48-hour window for reporting a hidden problem has closed',
      code: 'claim_window_closed',
    });
  });

  it('a blocked IMEI at +24 h opens a claim by itself, once, telling both sides', async () => {
    const imei = imeiWith('35000048');
    const { bookingId, mobileId } = await completed(imei);
    const clean = await completed(imeiWith('35000048'));
    // before the first re-check is due: nothing
    await ctx.app.services.claims.recheckDue();
    expect((await earning(bookingId))?.rechecks).toBe(0);

    const blocked = await call(ctx.app.server, 'put', `/api/imeis/${imei}/status`, {
      token: as('admin'),
      body: { status: 'blocked', reason: 'Reported stolen after the sale' },
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    ctx.app.services.clock.advance(CLAIM_RULES.recheckAtHours[0] * HOUR);
    // two processes' jobs at once: one claim, one notice each
    const runs = await Promise.all([
      ctx.app.services.claims.recheckDue(),
      ctx.app.services.claims.recheckDue(),
    ]);
    expect(runs.reduce((sum, run) => sum + run.opened, 0)).toBe(1);
    const claim = await ctx.app.db.get<{ id: string; kind: string; text: string; opened_by: string }>(
      'SELECT id, kind, text, opened_by FROM claims WHERE booking_id = ?',
      [bookingId],
    );
    expect(claim).toMatchObject({
      kind: 'imei_blocked',
      opened_by: 'device_check',
      text: 'The device status check reported this IMEI blocked 24 hours after the handover.',
    });
    expect(await earning(bookingId)).toMatchObject({ status: 'on_hold', rechecks: 1, claim_id: claim!.id });
    expect(await earning(clean.bookingId)).toMatchObject({ status: 'pending', rechecks: 1 });
    const notices = await told('claim_opened', mobileId);
    expect([notices.buyer.length, notices.seller.length]).toEqual([1, 1]);
    expect(notices.buyer[0]!.text).toMatch(/was reported blocked after the handover/);

    // the demo clock runs the re-check at +47 h: counted, no second claim
    const moved = await api('admin', 'post', '/demo/clock', { hours: 23 });
    expect(moved.status).toBe(200);
    expect((await earning(bookingId))?.rechecks).toBe(2);
    expect((await earning(clean.bookingId))?.rechecks).toBe(2);
    expect(await ctx.app.db.all('SELECT id FROM claims WHERE booking_id = ?', [bookingId])).toHaveLength(1);
    expect((await told('claim_opened', mobileId)).all).toHaveLength(2);
  });
});
