// The seller's money after the handover and the buyer's 48-hour claim window, through the API on both engines
// (issue 48): who may open a claim and when, odd inputs, the automatic IMEI re-checks at +24 h and +47 h, an
// admin's refund or release (once, whoever races), earnings pending -> available -> paid out with their dates,
// and the payout refusals. After every test the ledger holds: what the handovers captured equals
// pending + on_hold + available + paying + paid_out + refunded, and the local provider paid each payout once.
import {
  CLAIM_RULES,
  LOCAL_PAYOUT_ACCOUNTS,
  PAYOUT_RULES,
  claimRefusals,
  payoutRefusals,
  type components,
} from '@recell/api';
import { afterEach, describe, expect, it } from 'vitest';
import { completedDeal, createListing, heldDeal, imeiWith, jpeg } from './support/fixtures';
import { call, newBuyer, newSeller, useServer, type Persona } from './support/harness';
import { ledger } from './support/payouts';
import { oddSpellings, rawRequest } from './support/raw-request';

type Claim = components['schemas']['Claim'];
type Earnings = components['schemas']['SellerEarnings'];
type Earning = components['schemas']['Earning'];
type Payout = components['schemas']['Payout'];
type PayoutAccount = components['schemas']['PayoutAccount'];

const HOUR = 3_600_000;
const WINDOW_MS = CLAIM_RULES.windowHours * HOUR;
const ctx = useServer();
const server = () => ctx.app.server;
const people = () => ctx.people;

afterEach(async () => {
  const check = await ledger(ctx.app.db);
  expect(check.problems, JSON.stringify(check.byState)).toEqual([]);
});

// --- the steps, through the API ---------------------------------------------------------------------------------

/** A phone sold by `seller` to `buyer` and handed over: the deal completed, its price captured. */
async function sale(
  seller: Persona,
  buyer: Persona,
  { price = 450, imei }: { price?: number; imei?: string } = {},
) {
  const mobileId = await createListing(server(), seller.token, {
    resale_price: price,
    stock: 1,
    ...(imei ? { imei } : {}),
  });
  const deal = await completedDeal(server(), { buyer: buyer.token, seller: seller.token }, mobileId);
  return { ...deal, mobileId };
}

const booking = async (who: Persona, bookingId: string) =>
  (await call(server(), 'get', `/api/bookings/${bookingId}`, { token: who.token })).body as {
    status: string;
    completedAt?: string;
    claimUntil?: string;
    claim?: { _id: string; kind: string; status: string };
  };

const openClaim = (who: Persona | null, bookingId: string, body: unknown) =>
  call(server(), 'post', `/api/bookings/${bookingId}/claim`, { token: who?.token, body });

const claimBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'activation_lock',
  text: "The phone asked for the previous owner's Apple ID after a restart this morning.",
  ...overrides,
});

const decide = (who: Persona | null, claimId: string, outcome: 'refund' | 'release', reason: string) =>
  call(server(), 'post', `/api/claims/${claimId}/decision`, { token: who?.token, body: { outcome, reason } });

async function earnings(seller: Persona): Promise<Earnings> {
  const read = await call(server(), 'get', `/api/earnings?email=${encodeURIComponent(seller.email)}`, {
    token: seller.token,
  });
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  const body = read.body as Earnings;
  // The seller's own side of the ledger, as the API shows it.
  expect(body.completedCents).toBe(
    body.pendingCents +
      body.onHoldCents +
      body.availableCents +
      body.payingCents +
      body.paidOutCents +
      body.refundedCents,
  );
  return body;
}

async function earningOf(seller: Persona, bookingId: string): Promise<Earning> {
  const found = (await earnings(seller)).recent.find((earning) => earning.bookingId === bookingId);
  expect(found, `no earning for ${bookingId}`).toBeDefined();
  return found!;
}

/** The buyer's own picture for a claim (POST /images as the buyer). */
async function upload(who: Persona): Promise<string> {
  const uploaded = await call(server(), 'post', '/api/images', {
    token: who.token,
    attach: { field: 'image', bytes: await jpeg(), filename: 'lock.jpg' },
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  return (uploaded.body as { data: { url: string } }).data.url;
}

/** The demo clock moved forward by an admin: the maturing and re-check jobs run at once. */
async function demoClock(hours: number) {
  const moved = await call(server(), 'post', '/api/demo/clock', {
    token: people().admin.token,
    body: { hours },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

/** The deal clock moved to `at` (no job runs): a boundary to the second. */
function clockTo(at: number) {
  const ms = at - ctx.app.services.clock.now().getTime();
  if (ms > 0) ctx.app.services.clock.advance(ms);
}

const kinds = async (who: Persona, kind: string) =>
  (
    await ctx.app.db.all<{ text: string }>(
      `SELECT n.text FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = ? AND n.kind = ?
       ORDER BY n.seq`,
      [who.email, kind],
    )
  ).map((row) => row.text);

const auditOf = (claimId: string) =>
  ctx.app.db.all<{ actor_email: string; action: string; target: string }>(
    'SELECT actor_email, action, target FROM audit_log WHERE target LIKE ? OR action LIKE ?',
    [`%${claimId}%`, `%${claimId}%`],
  );

const intentStatus = async (id: string) => (await ctx.app.payments.retrieveIntent(id))?.status;

async function verified(seller: Persona, accountNumber: string = LOCAL_PAYOUT_ACCOUNTS.verified) {
  const link = await call(server(), 'post', '/api/payout-account/onboarding', { token: seller.token });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const details = await call(server(), 'post', '/api/payout-account/local-details', {
    token: seller.token,
    body: { holderName: seller.name, routingNumber: LOCAL_PAYOUT_ACCOUNTS.routingNumber, accountNumber },
  });
  expect(details.status, JSON.stringify(details.body)).toBe(200);
  return details.body as PayoutAccount;
}

/** A rulebook refusal as the Error body the server sends. */
const body = ({ message, code }: { message: string; code: string }) => ({ message, code });

const requestPayout = (who: Persona | null) => call(server(), 'post', '/api/payouts', { token: who?.token });

// --- the claim window ----------------------------------------------------------------------------------------------

describe('a claim inside the window', () => {
  it('the buyer opens one with their picture: 201, the earning on hold, both sides told; a second is 409', async () => {
    const seller = await newSeller(ctx.app, 'Claim Seller');
    const deal = await sale(seller, people().buyer);
    const before = await booking(people().buyer, deal.bookingId);
    expect(before.status).toBe('completed');
    expect(Date.parse(before.claimUntil!)).toBe(Date.parse(before.completedAt!) + WINDOW_MS);
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({
      status: 'pending',
      amountCents: 45000,
      availableAt: before.claimUntil,
    });

    const picture = await upload(people().buyer);
    const opened = await openClaim(people().buyer, deal.bookingId, claimBody({ pictures: [picture] }));
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const claim = opened.body as Claim;
    expect(claim).toMatchObject({
      bookingId: deal.bookingId,
      kind: 'activation_lock',
      status: 'open',
      openedBy: 'buyer',
      amountCents: 45000,
      pictures: [picture],
      buyer: people().buyer.name,
      seller: seller.name,
    });

    const earning = await earningOf(seller, deal.bookingId);
    expect(earning).toMatchObject({ status: 'on_hold', claimId: claim._id });
    expect((await earnings(seller)).onHoldCents).toBe(45000);
    const after = await booking(people().buyer, deal.bookingId);
    expect(after.claim).toEqual({ _id: claim._id, kind: 'activation_lock', status: 'open' });
    expect(after.claimUntil).toBeUndefined();
    // The seller sees it on the deal in My Buyers.
    const mine = await call(
      server(),
      'get',
      `/api/mybuyers?email=${encodeURIComponent(seller.email)}&pageSize=50`,
      {
        token: seller.token,
      },
    );
    const sold = (
      mine.body as { items: { _id: string; claim?: unknown; claimUntil?: unknown }[] }
    ).items.find((item) => item._id === deal.bookingId);
    expect(sold?.claim).toEqual({ _id: claim._id, kind: 'activation_lock', status: 'open' });
    expect(sold?.claimUntil).toBeUndefined();
    expect(await kinds(people().buyer, 'claim_opened')).not.toEqual([]);
    expect(await kinds(seller, 'claim_opened')).toHaveLength(1);

    // The claim, to its buyer, the deal's seller and admins; nobody else learns it exists.
    for (const who of [people().buyer, seller, people().admin]) {
      const read = await call(server(), 'get', `/api/claims/${claim._id}`, { token: who.token });
      expect(read.status, who.name).toBe(200);
      expect(read.body).toMatchObject({ _id: claim._id, status: 'open' });
    }
    for (const who of [people().otherBuyer, people().otherSeller]) {
      const read = await call(server(), 'get', `/api/claims/${claim._id}`, { token: who.token });
      expect(read.status, who.name).toBe(404);
    }
    expect((await call(server(), 'get', `/api/claims/${claim._id}`)).status).toBe(401);
    const queue = await call(server(), 'get', '/api/claims?status=open&pageSize=100', {
      token: people().admin.token,
    });
    expect(queue.status).toBe(200);
    expect((queue.body as { items: Claim[] }).items.map((item) => item._id)).toContain(claim._id);
    for (const who of [people().buyer, seller]) {
      expect((await call(server(), 'get', '/api/claims', { token: who.token })).status, who.name).toBe(403);
    }

    const again = await openClaim(people().buyer, deal.bookingId, claimBody({ kind: 'no_power' }));
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body).toEqual(body(claimRefusals.open()));
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({ status: 'on_hold', claimId: claim._id });
  });

  it('is refused to the seller, another buyer, a visitor and an admin, and opens nothing', async () => {
    const seller = await newSeller(ctx.app, 'Claim Seller Two');
    const deal = await sale(seller, people().buyer);
    const refusals: [Persona | null, number[]][] = [
      [seller, [403]],
      [people().otherSeller, [403]],
      [people().otherBuyer, [403, 404]],
      [people().admin, [403]],
      [null, [401]],
    ];
    for (const [who, statuses] of refusals) {
      const refused = await openClaim(who, deal.bookingId, claimBody());
      expect(
        statuses,
        `${who?.name ?? 'visitor'}: ${refused.status} ${JSON.stringify(refused.body)}`,
      ).toContain(refused.status);
      expect(typeof (refused.body as { message?: unknown }).message).toBe('string');
    }
    expect((await booking(people().buyer, deal.bookingId)).claim).toBeUndefined();
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({ status: 'pending' });
    expect(await kinds(seller, 'claim_opened')).toEqual([]);
  });

  it('before the handover: 409 not_completed', async () => {
    const seller = await newSeller(ctx.app, 'Claim Seller Held');
    const mobileId = await createListing(server(), seller.token, { resale_price: 300, stock: 1 });
    const held = await heldDeal(server(), people().buyer.token, mobileId);
    const refused = await openClaim(people().buyer, held.bookingId, claimBody());
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toEqual(body(claimRefusals.notCompleted()));
    expect((await booking(people().buyer, held.bookingId)).claimUntil).toBeUndefined();
  });

  it('answers odd inputs with 400 in the Error shape, odd path spellings with 404, and opens nothing', async () => {
    const seller = await newSeller(ctx.app, 'Claim Seller Odd');
    const deal = await sale(seller, people().buyer);
    const sellersPicture = await upload(seller);
    const othersPicture = await upload(people().otherBuyer);
    const own = await upload(people().buyer);
    const odd: unknown[] = [
      {},
      { kind: 'activation_lock' },
      { text: 'The phone asked for an Apple ID after a restart.' },
      claimBody({ kind: 'cracked_screen' }),
      claimBody({ kind: null }),
      claimBody({ text: 'too short' }),
      claimBody({ text: '   \n\t    ' }),
      claimBody({ text: 'x'.repeat(1001) }),
      claimBody({ text: `Locked after a restart.\u0000${'x'.repeat(20)}` }),
      claimBody({ text: `Locked after a restart \u001b[31m red` }),
      claimBody({ text: 42 }),
      claimBody({ amountCents: 1 }),
      claimBody({ status: 'refunded' }),
      claimBody({ openedBy: 'device_check' }),
      claimBody({ pictures: 'x' }),
      claimBody({ pictures: [own, own] }),
      claimBody({
        pictures: [own, own, own, own, own].map((url, index) => url.replace('.webp', `${index}.webp`)),
      }),
      claimBody({ pictures: ['https://evil.example/x.webp'] }),
      claimBody({ pictures: ['/uploads/../etc/passwd'] }),
      claimBody({ pictures: ['/uploads/seed/m-apple-iphone-13.svg'] }),
      // pictures this buyer did not upload: the seller's, another buyer's, one nobody uploaded
      claimBody({ pictures: [sellersPicture] }),
      claimBody({ pictures: [own, othersPicture] }),
      claimBody({ pictures: ['/uploads/0123456789abcdef0123456789abcdef.webp'] }),
    ];
    for (const body of odd) {
      const refused = await openClaim(people().buyer, deal.bookingId, body);
      expect(refused.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(typeof (refused.body as { message?: unknown }).message).toBe('string');
    }
    const huge = await rawRequest(server(), 'post', `/api/bookings/${deal.bookingId}/claim`, {
      token: people().buyer.token,
      json: JSON.stringify(claimBody({ text: 'y'.repeat(2_000_000) })),
    });
    expect([400, 413]).toContain(huge.status);
    const notJson = await rawRequest(server(), 'post', `/api/bookings/${deal.bookingId}/claim`, {
      token: people().buyer.token,
      json: '{"kind": "no_power", "text": ',
    });
    expect(notJson.status).toBe(400);
    expect((await openClaim(people().buyer, 'bad id!', claimBody())).status).toBe(400);
    expect((await openClaim(people().buyer, 'b-no-such-deal', claimBody())).status).toBe(404);
    for (const path of oddSpellings(`/api/bookings/${deal.bookingId}/claim`)) {
      const answer = await rawRequest(server(), 'post', path, {
        token: people().buyer.token,
        body: claimBody(),
      });
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 404,
        body: { message: 'Not found' },
      });
    }
    expect((await booking(people().buyer, deal.bookingId)).claim).toBeUndefined();
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({ status: 'pending' });

    // Still fresh: the buyer's own picture, a text with a line break and spaces at the ends, opens it.
    const opened = await openClaim(
      people().buyer,
      deal.bookingId,
      claimBody({
        kind: 'no_power',
        text: '  It went dark an hour later.\nNo charge light at all.  ',
        pictures: [own],
      }),
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({ text: 'It went dark an hour later.\nNo charge light at all.' });
  });

  it(`opens up to ${CLAIM_RULES.windowHours} h after the handover; a second later it is 422 claim_window_closed`, async () => {
    const seller = await newSeller(ctx.app, 'Claim Seller Window');
    const inside = await sale(seller, people().buyer);
    const outside = await sale(seller, people().otherBuyer);
    const insideAt = Date.parse((await booking(people().buyer, inside.bookingId)).completedAt!);
    const outsideAt = Date.parse((await booking(people().otherBuyer, outside.bookingId)).completedAt!);

    clockTo(insideAt + WINDOW_MS - 3_000);
    const opened = await openClaim(people().buyer, inside.bookingId, claimBody());
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);

    clockTo(outsideAt + WINDOW_MS + 1_000);
    expect((await booking(people().otherBuyer, outside.bookingId)).claimUntil).toBeUndefined();
    const closed = await openClaim(people().otherBuyer, outside.bookingId, claimBody());
    expect(closed.status, JSON.stringify(closed.body)).toBe(422);
    expect(closed.body).toEqual(body(claimRefusals.windowClosed()));
    // Held by the claim, the one stays on hold past the window; the other matures when the job runs.
    await demoClock(1);
    expect(await earningOf(seller, inside.bookingId)).toMatchObject({ status: 'on_hold' });
    expect(await earningOf(seller, outside.bookingId)).toMatchObject({ status: 'available' });
  });
});

describe('the automatic re-check of the IMEI', () => {
  const block = async (imei: string) => {
    const marked = await call(server(), 'put', `/api/imeis/${imei}/status`, {
      token: people().admin.token,
      body: { status: 'blocked', reason: 'Reported stolen after the sale' },
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
  };
  const claimOn = async (bookingId: string) => (await booking(people().buyer, bookingId)).claim;

  it('at +24 h a blocked IMEI opens a claim by itself and tells both sides; a clean one does not', async () => {
    const seller = await newSeller(ctx.app, 'Recheck Seller');
    const stolen = imeiWith('35693803');
    const clean = imeiWith('35693803');
    const blocked = await sale(seller, people().buyer, { imei: stolen });
    const fine = await sale(seller, people().buyer, { imei: clean });
    await block(stolen);
    // Before the first re-check nothing moves by itself.
    expect(await claimOn(blocked.bookingId)).toBeUndefined();

    await demoClock(CLAIM_RULES.recheckAtHours[0]);
    const claim = await claimOn(blocked.bookingId);
    expect(claim).toMatchObject({ kind: 'imei_blocked', status: 'open' });
    const read = await call(server(), 'get', `/api/claims/${claim!._id}`, { token: people().admin.token });
    expect(read.body).toMatchObject({ openedBy: 'device_check', kind: 'imei_blocked', amountCents: 45000 });
    expect(await earningOf(seller, blocked.bookingId)).toMatchObject({
      status: 'on_hold',
      claimId: claim!._id,
    });
    expect(await claimOn(fine.bookingId)).toBeUndefined();
    expect(await earningOf(seller, fine.bookingId)).toMatchObject({ status: 'pending' });
    const sellerTold = await kinds(seller, 'claim_opened');
    expect(sellerTold).toHaveLength(1);
    expect(sellerTold[0]).toMatch(/blocked/i);
    expect((await kinds(people().buyer, 'claim_opened')).some((text) => /blocked/i.test(text))).toBe(true);
    // The buyer cannot open a second; the job running again opens none either.
    const second = await openClaim(people().buyer, blocked.bookingId, claimBody());
    expect(second.status).toBe(409);
    await demoClock(1);
    expect(await kinds(seller, 'claim_opened')).toHaveLength(1);
    const claims = await ctx.app.db.all('SELECT id FROM claims WHERE booking_id = ?', [blocked.bookingId]);
    expect(claims).toHaveLength(1);
  });

  it('at +47 h the second re-check finds an IMEI blocked after the first', async () => {
    const seller = await newSeller(ctx.app, 'Recheck Seller Late');
    const imei = imeiWith('35693803');
    const deal = await sale(seller, people().buyer, { imei });
    await demoClock(CLAIM_RULES.recheckAtHours[0]);
    expect(await claimOn(deal.bookingId)).toBeUndefined();
    await block(imei);
    await demoClock(CLAIM_RULES.recheckAtHours[1] - CLAIM_RULES.recheckAtHours[0] - 1);
    expect(await claimOn(deal.bookingId)).toBeUndefined();
    await demoClock(1);
    expect(await claimOn(deal.bookingId)).toMatchObject({ kind: 'imei_blocked', status: 'open' });
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({ status: 'on_hold' });
    expect(await kinds(seller, 'claim_opened')).toHaveLength(1);
  });
});

// --- the admin's decision -----------------------------------------------------------------------------------------

describe("an admin's decision", () => {
  async function claimed(name: string) {
    const seller = await newSeller(ctx.app, name);
    const deal = await sale(seller, people().buyer);
    const opened = await openClaim(people().buyer, deal.bookingId, claimBody());
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    return { seller, deal, claim: opened.body as Claim };
  }

  it('refund: the processor refunds, the earning is refunded, audited, both told; again 200, the other way 409', async () => {
    const { seller, deal, claim } = await claimed('Refund Seller');
    for (const [who, status] of [
      [people().buyer, 403],
      [seller, 403],
      [null, 401],
    ] as const) {
      expect((await decide(who, claim._id, 'refund', 'Not yours to decide')).status).toBe(status);
    }
    expect(await intentStatus(deal.transaction)).toBe('succeeded');
    for (const body of [
      { outcome: 'refund' },
      { outcome: 'refund', reason: 'ok' },
      { outcome: 'refund', reason: 'x'.repeat(501) },
      { outcome: 'refund', reason: 'Lock confirmed', amountCents: 1 },
      { outcome: 'partial', reason: 'Lock confirmed' },
      { outcome: 'refund', reason: 'Lock\u0007 confirmed' },
    ]) {
      const refused = await call(server(), 'post', `/api/claims/${claim._id}/decision`, {
        token: people().admin.token,
        body,
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await decide(people().admin, 'cl-no-such-claim', 'refund', 'Lock confirmed')).status).toBe(404);

    const reason = 'The seller confirmed the lock was still on.';
    const decided = await decide(people().admin, claim._id, 'refund', reason);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toMatchObject({ _id: claim._id, status: 'refunded', decisionReason: reason });
    expect(await intentStatus(deal.transaction)).toBe('refunded');
    const earning = await earningOf(seller, deal.bookingId);
    expect(earning.status).toBe('refunded');
    expect(earning.refundedAt).toBeDefined();
    expect((await earnings(seller)).refundedCents).toBe(45000);
    const audit = await auditOf(claim._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_email).toBe(people().admin.email);
    expect((await kinds(seller, 'claim_refunded'))[0]).toContain(reason);
    expect((await kinds(people().buyer, 'claim_refunded')).some((text) => text.includes(reason))).toBe(true);
    expect((await booking(people().buyer, deal.bookingId)).claim).toMatchObject({ status: 'refunded' });

    const same = await decide(people().admin, claim._id, 'refund', reason);
    expect(same.status).toBe(200);
    expect(same.body).toEqual(decided.body);
    const other = await decide(people().admin, claim._id, 'release', 'Changed my mind');
    expect(other.status, JSON.stringify(other.body)).toBe(409);
    expect(other.body).toEqual(body(claimRefusals.decided('refunded')));
    expect(await auditOf(claim._id)).toHaveLength(1);
    expect(await kinds(seller, 'claim_refunded')).toHaveLength(1);
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({ status: 'refunded' });
    const decidedQueue = await call(server(), 'get', '/api/claims?status=decided&pageSize=100', {
      token: people().admin.token,
    });
    expect((decidedQueue.body as { items: Claim[] }).items.map((item) => item._id)).toContain(claim._id);
  });

  it("the admins' audit log lists a claim decision, in the contract's shape", async () => {
    const { claim } = await claimed('Audited Seller');
    expect((await decide(people().admin, claim._id, 'release', 'Works as sold.')).status).toBe(200);
    // `call` holds the answer to AuditEntry (its `action` is an enum).
    const log = await call(server(), 'get', '/api/audit-log?pageSize=50', { token: people().admin.token });
    expect(log.status, JSON.stringify(log.body).slice(0, 300)).toBe(200);
    const entry = (
      log.body as { items: { action: string; target: string; actorEmail: string }[] }
    ).items.find((item) => item.target === claim._id);
    expect(entry).toMatchObject({ actorEmail: people().admin.email });
  });

  it('release inside the window: pending again until the window closes, then available', async () => {
    const { seller, deal, claim } = await claimed('Release Seller');
    const reason = 'The buyer had not charged it; it powers on.';
    const released = await decide(people().admin, claim._id, 'release', reason);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body).toMatchObject({ status: 'released', decisionReason: reason });
    const earning = await earningOf(seller, deal.bookingId);
    expect(earning.status).toBe('pending');
    expect(Date.parse(earning.availableAt)).toBe(Date.parse(earning.completedAt) + WINDOW_MS);
    expect(await intentStatus(deal.transaction)).toBe('succeeded');
    expect((await kinds(seller, 'claim_released'))[0]).toContain(reason);
    expect((await kinds(people().buyer, 'claim_released')).some((text) => text.includes(reason))).toBe(true);
    expect(await auditOf(claim._id)).toHaveLength(1);
    expect((await decide(people().admin, claim._id, 'refund', 'Too late')).status).toBe(409);

    await demoClock(CLAIM_RULES.windowHours + 1);
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({ status: 'available' });
  });

  it('release after the window: available at once', async () => {
    const { seller, deal, claim } = await claimed('Release Seller Late');
    await demoClock(CLAIM_RULES.windowHours + 1);
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({ status: 'on_hold' });
    const released = await decide(people().admin, claim._id, 'release', 'Works as sold.');
    expect(released.status).toBe(200);
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({ status: 'available' });
  });

  it('two admins deciding at once make one decision', async () => {
    const { seller, deal, claim } = await claimed('Race Seller');
    const outcomes = ['refund', 'release', 'refund', 'release', 'release', 'refund'] as const;
    const answers = await Promise.all(
      outcomes.map((outcome, index) => decide(people().admin, claim._id, outcome, `Decision ${index}`)),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    const winner = (winners[0]!.body as Claim).status;
    expect(['refunded', 'released']).toContain(winner);
    for (const [index, answer] of answers.entries()) {
      const same = (outcomes[index] === 'refund') === (winner === 'refunded');
      expect(answer.status, `${outcomes[index]}: ${JSON.stringify(answer.body)}`).toBe(same ? 200 : 409);
    }
    // One reason, whoever answered 200 with it.
    expect(new Set(winners.map((answer) => (answer.body as Claim).decisionReason)).size).toBe(1);
    expect(await auditOf(claim._id)).toHaveLength(1);
    expect(await intentStatus(deal.transaction)).toBe(winner === 'refunded' ? 'refunded' : 'succeeded');
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({
      status: winner === 'refunded' ? 'refunded' : 'pending',
    });
    const told = [...(await kinds(seller, 'claim_refunded')), ...(await kinds(seller, 'claim_released'))];
    expect(told).toHaveLength(1);
  });
});

// --- earnings and payouts ---------------------------------------------------------------------------------------------

describe('earnings and payouts', () => {
  it('pending through the window, available after it, then paid out with the date and the account', async () => {
    const seller = await newSeller(ctx.app, 'Payout Seller');
    const first = await sale(seller, people().buyer, { price: 450 });
    const second = await sale(seller, people().otherBuyer, { price: 120 });
    const pending = await earnings(seller);
    expect(pending).toMatchObject({ pendingCents: 57000, availableCents: 0, completedCents: 57000 });
    const one = pending.recent.find((earning) => earning.bookingId === first.bookingId)!;
    expect(one).toMatchObject({ status: 'pending', amountCents: 45000 });
    expect(Date.parse(one.availableAt)).toBe(Date.parse(one.completedAt) + WINDOW_MS);
    expect(pending.nextAvailableAt).toBe(one.availableAt);
    // Not yet: before the window closes, the job leaves them pending.
    await demoClock(CLAIM_RULES.windowHours - 1);
    expect(await earnings(seller)).toMatchObject({ pendingCents: 57000, availableCents: 0 });
    await demoClock(2);
    const available = await earnings(seller);
    expect(available).toMatchObject({ pendingCents: 0, availableCents: 57000 });
    expect(available.nextAvailableAt).toBeUndefined();

    const account = await verified(seller);
    expect(account).toMatchObject({ provider: 'local', status: 'verified', last4: '6789', requirements: [] });
    const read = await call(
      server(),
      'get',
      `/api/payout-account?email=${encodeURIComponent(seller.email)}`,
      {
        token: seller.token,
      },
    );
    expect(read.body).toMatchObject({
      status: 'verified',
      availableCents: 57000,
      minimumCents: PAYOUT_RULES.minimumCents,
    });
    const paid = await requestPayout(seller);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const payout = paid.body as Payout;
    expect(payout).toMatchObject({
      amountCents: 57000,
      earningsCount: 2,
      status: 'paid',
      accountLast4: '6789',
      provider: 'local',
    });
    const after = await earnings(seller);
    expect(after).toMatchObject({ availableCents: 0, paidOutCents: 57000 });
    for (const bookingId of [first.bookingId, second.bookingId]) {
      const earning = after.recent.find((candidate) => candidate.bookingId === bookingId)!;
      expect(earning).toMatchObject({ status: 'paid_out', payoutId: payout._id, accountLast4: '6789' });
      expect(earning.paidOutAt).toBeDefined();
    }
    const listed = await call(server(), 'get', `/api/payouts?email=${encodeURIComponent(seller.email)}`, {
      token: seller.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, items: [{ _id: payout._id, status: 'paid' }] });
    const all = await call(server(), 'get', '/api/payouts?pageSize=100', { token: people().admin.token });
    expect((all.body as { items: Payout[] }).items.map((item) => item._id)).toContain(payout._id);
    expect((await kinds(seller, 'payout_paid'))[0]).toContain('6789');

    // Nothing left: below the minimum, and the provider paid once.
    const again = await requestPayout(seller);
    expect(again.status, JSON.stringify(again.body)).toBe(422);
    expect(again.body).toMatchObject({ code: payoutRefusals.belowMinimum(0).code });
  });

  it('an account not verified is refused 409 payouts_not_enabled: not started, restricted', async () => {
    const seller = await newSeller(ctx.app, 'Restricted Seller');
    await sale(seller, people().buyer, { price: 200 });
    await demoClock(CLAIM_RULES.windowHours + 1);
    const notStarted = await requestPayout(seller);
    expect(notStarted.status, JSON.stringify(notStarted.body)).toBe(409);
    expect(notStarted.body).toEqual(body(payoutRefusals.notEnabled('not_started')));

    const restricted = await verified(seller, LOCAL_PAYOUT_ACCOUNTS.restricted);
    expect(restricted.status).toBe('restricted');
    expect(restricted.requirements.length).toBeGreaterThan(0);
    const refused = await requestPayout(seller);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toEqual(body(payoutRefusals.notEnabled('restricted')));
    expect(await earnings(seller)).toMatchObject({ availableCents: 20000, paidOutCents: 0, payingCents: 0 });
  });

  it('below the minimum is refused 422 below_payout_minimum', async () => {
    const seller = await newSeller(ctx.app, 'Small Seller');
    await sale(seller, people().buyer, { price: 5 });
    await demoClock(CLAIM_RULES.windowHours + 1);
    await verified(seller);
    const refused = await requestPayout(seller);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toEqual(body(payoutRefusals.belowMinimum(500)));
    expect(await earnings(seller)).toMatchObject({ availableCents: 500, paidOutCents: 0 });
  });

  it("another seller, a buyer and a visitor may not read a seller's payouts, account or earnings", async () => {
    const seller = await newSeller(ctx.app, 'Private Seller');
    const email = encodeURIComponent(seller.email);
    for (const path of [
      `/api/payouts?email=${email}`,
      `/api/payout-account?email=${email}`,
      `/api/earnings?email=${email}`,
    ]) {
      expect((await call(server(), 'get', path, { token: people().otherSeller.token })).status, path).toBe(
        403,
      );
      expect((await call(server(), 'get', path, { token: people().buyer.token })).status, path).toBe(403);
      expect((await call(server(), 'get', path)).status, path).toBe(401);
      expect((await call(server(), 'get', path, { token: people().admin.token })).status, path).toBe(200);
    }
    // Everyone's payouts are the admins' only.
    expect(
      (await call(server(), 'get', '/api/payouts', { token: people().otherSeller.token })).status,
    ).not.toBe(200);
    for (const who of [people().buyer, people().admin]) {
      expect((await requestPayout(who)).status, who.name).toBe(403);
    }
    expect((await requestPayout(null)).status).toBe(401);
  });

  it('many payout requests at once pay once', async () => {
    const seller = await newSeller(ctx.app, 'Racing Seller');
    const buyer = await newBuyer(ctx.app, 'Racing Buyer');
    for (const price of [300, 250, 125]) await sale(seller, buyer, { price });
    await demoClock(CLAIM_RULES.windowHours + 1);
    await verified(seller);
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestPayout(seller)));
    const paid = answers.filter((answer) => answer.status === 201);
    expect(paid, JSON.stringify(answers.map((answer) => [answer.status, answer.body]))).toHaveLength(1);
    expect(paid[0]!.body).toMatchObject({ amountCents: 67500, earningsCount: 3 });
    for (const answer of answers.filter((candidate) => candidate.status !== 201)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body).toMatchObject({ code: 'below_payout_minimum' });
    }
    const sellerId = (await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [
      seller.email,
    ]))!.id;
    const moved = await ctx.app.db.all<{ amount_cents: unknown }>(
      `SELECT t.amount_cents FROM local_payout_transfers t JOIN payouts p ON p.idempotency_key = t.idempotency_key
       WHERE p.seller_id = ?`,
      [sellerId],
    );
    expect(moved.map((row) => Number(row.amount_cents))).toEqual([67500]);
    expect(await earnings(seller)).toMatchObject({ paidOutCents: 67500, availableCents: 0, payingCents: 0 });
  });
});

// --- races and the things that must never erase or double an amount ---------------------------------------------

describe('races and removals', () => {
  it("the buyer's claim and the re-check opening one at the same moment: one claim, told once", async () => {
    const seller = await newSeller(ctx.app, 'Race Recheck Seller');
    const imei = imeiWith('35693803');
    const deal = await sale(seller, people().buyer, { imei });
    const marked = await call(server(), 'put', `/api/imeis/${imei}/status`, {
      token: people().admin.token,
      body: { status: 'blocked', reason: 'Reported stolen after the sale' },
    });
    expect(marked.status).toBe(200);
    ctx.app.services.clock.advance(CLAIM_RULES.recheckAtHours[0] * HOUR);
    const [opened, recheck] = await Promise.all([
      openClaim(people().buyer, deal.bookingId, claimBody()),
      ctx.app.services.claims.recheckDue(),
      openClaim(people().buyer, deal.bookingId, claimBody({ kind: 'no_power' })),
    ]);
    expect([201, 409]).toContain(opened.status);
    expect(recheck.opened).toBeLessThanOrEqual(1);
    const rows = await ctx.app.db.all<{ opened_by: string }>(
      'SELECT opened_by FROM claims WHERE booking_id = ?',
      [deal.bookingId],
    );
    expect(rows).toHaveLength(1);
    expect(await kinds(seller, 'claim_opened')).toHaveLength(1);
    expect(await earningOf(seller, deal.bookingId)).toMatchObject({ status: 'on_hold' });
  });

  it('the daily payout run pays verified sellers at the minimum or more, and nobody else', async () => {
    const buyer = await newBuyer(ctx.app, 'Run Buyer');
    const paid = await newSeller(ctx.app, 'Run Paid Seller');
    const restricted = await newSeller(ctx.app, 'Run Restricted Seller');
    const small = await newSeller(ctx.app, 'Run Small Seller');
    const held = await newSeller(ctx.app, 'Run Held Seller');
    await sale(paid, buyer, { price: 80 });
    await sale(restricted, buyer, { price: 80 });
    await sale(small, buyer, { price: 9 });
    const claimedDeal = await sale(held, buyer, { price: 80 });
    expect((await openClaim(buyer, claimedDeal.bookingId, claimBody())).status).toBe(201);
    await demoClock(CLAIM_RULES.windowHours + 1);
    await verified(paid);
    await verified(restricted, LOCAL_PAYOUT_ACCOUNTS.restricted);
    await verified(small);
    await verified(held);
    await ctx.app.services.payouts.runPayouts();
    expect(await earnings(paid)).toMatchObject({ paidOutCents: 8000, availableCents: 0 });
    expect(await earnings(restricted)).toMatchObject({ paidOutCents: 0, availableCents: 8000 });
    expect(await earnings(small)).toMatchObject({ paidOutCents: 0, availableCents: 900 });
    expect(await earnings(held)).toMatchObject({ paidOutCents: 0, onHoldCents: 8000 });
    // Run again: nothing more is paid.
    await ctx.app.services.payouts.runPayouts();
    expect(await earnings(paid)).toMatchObject({ paidOutCents: 8000 });
    const payouts = await call(server(), 'get', `/api/payouts?email=${encodeURIComponent(paid.email)}`, {
      token: paid.token,
    });
    expect(payouts.body).toMatchObject({ total: 1 });
  });

  it("deleting the seller's account or their listing erases no earning, payout or claim", async () => {
    const seller = await newSeller(ctx.app, 'Leaving Seller');
    const buyer = await newBuyer(ctx.app, 'Leaving Buyer');
    const first = await sale(seller, buyer, { price: 150 });
    const second = await sale(seller, buyer, { price: 60 });
    const third = await sale(seller, buyer, { price: 70 });
    const claim = (await openClaim(buyer, third.bookingId, claimBody())).body as Claim;
    await demoClock(CLAIM_RULES.windowHours + 1);
    await verified(seller);
    expect((await requestPayout(seller)).status).toBe(201);
    const sellerId = (await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [
      seller.email,
    ]))!.id;
    const before = await ctx.app.db.all(
      'SELECT id, status, amount_cents FROM earnings WHERE seller_id = ? ORDER BY id',
      [sellerId],
    );
    expect(before).toHaveLength(3);
    // A sold listing may be kept from deletion (409) by the deal rules; either way its earning stays.
    const removed = await call(server(), 'delete', `/api/mobile/${second.mobileId}`, { token: seller.token });
    expect([200, 409], JSON.stringify(removed.body)).toContain(removed.status);
    const deleted = await call(server(), 'delete', `/api/users/${sellerId}`, { token: people().admin.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(
      await ctx.app.db.all('SELECT id, status, amount_cents FROM earnings WHERE seller_id = ? ORDER BY id', [
        sellerId,
      ]),
    ).toEqual(before);
    expect(await ctx.app.db.all('SELECT id FROM payouts WHERE seller_id = ?', [sellerId])).toHaveLength(1);
    // The claim is still the admin's to decide; releasing it gives the money back to the earning, not elsewhere.
    const released = await decide(people().admin, claim._id, 'release', 'Works as sold.');
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const check = await ledger(ctx.app.db, { sellerIds: [sellerId] });
    expect(check.problems).toEqual([]);
    expect(check.byState).toMatchObject({ paid_out: 21000, available: 7000 });
    void first;
  });
});
