// The payouts module's own happy path, on both engines: a completed deal's earning is pending through the claim
// window, available after it, and paid out once to a verified local account; a restricted account and a balance
// under the minimum are refused as the rulebook says. (The adversarial rules: payouts-rules.test.ts; exactly once
// under kill -9: payouts-exactly-once.test.ts.)
import { CLAIM_RULES, LOCAL_PAYOUT_ACCOUNTS, PAYOUT_RULES, payoutRefusals } from '@recell/api';
import { describe, expect, it } from 'vitest';
import { completedDeal, createListing } from './support/fixtures';
import { call, newSeller, useServer, type Persona } from './support/harness';

const ctx = useServer();
const HOUR = 3_600_000;

const api = (who: Persona, method: 'get' | 'post', path: string, body?: unknown) =>
  call(ctx.app.server, method, `/api${path}`, { token: who.token, ...(body === undefined ? {} : { body }) });

interface Earnings {
  pendingCents: number;
  availableCents: number;
  paidOutCents: number;
  nextAvailableAt?: string;
  recent: {
    bookingId: string;
    status: string;
    completedAt: string;
    availableAt: string;
    accountLast4?: string;
  }[];
}
const earnings = async (seller: Persona) =>
  (await api(seller, 'get', `/earnings?email=${encodeURIComponent(seller.email)}`)).body as Earnings;

/** A new seller's deal at `price` dollars, completed with the demo buyer's code. */
async function soldAt(name: string, price: number) {
  const seller = await newSeller(ctx.app, name);
  const mobileId = await createListing(ctx.app.server, seller.token, { resale_price: price, stock: 1 });
  const deal = await completedDeal(
    ctx.app.server,
    { buyer: ctx.people.buyer.token, seller: seller.token },
    mobileId,
  );
  return { seller, bookingId: deal.bookingId };
}

async function withDetails(seller: Persona, accountNumber: string) {
  const started = await api(seller, 'post', '/payout-account/onboarding');
  expect(started.body).toEqual({ provider: 'local', url: '/dashboard/payouts/onboarding' });
  return api(seller, 'post', '/payout-account/local-details', {
    holderName: seller.name,
    routingNumber: LOCAL_PAYOUT_ACCOUNTS.routingNumber,
    accountNumber,
  });
}

describe('earnings and payouts (local provider)', () => {
  it('pending for the claim window, available after it, paid out once to the verified account', async () => {
    const { seller, bookingId } = await soldAt('Payout Happy', 435);
    const before = await earnings(seller);
    expect(before).toMatchObject({ pendingCents: 43500, availableCents: 0, paidOutCents: 0 });
    const [earning] = before.recent;
    expect(earning).toMatchObject({ bookingId, status: 'pending' });
    expect(Date.parse(earning!.availableAt) - Date.parse(earning!.completedAt)).toBe(
      CLAIM_RULES.windowHours * HOUR,
    );
    expect(before.nextAvailableAt).toBe(earning!.availableAt);
    // not onboarded yet: refused with what is missing
    const early = await api(seller, 'post', '/payouts');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'payouts_not_enabled' });

    // the demo clock past the window runs the maturing job
    expect(
      (await api(ctx.people.admin, 'post', '/demo/clock', { hours: CLAIM_RULES.windowHours })).status,
    ).toBe(200);
    expect(await earnings(seller)).toMatchObject({ pendingCents: 0, availableCents: 43500 });

    const account = await withDetails(seller, LOCAL_PAYOUT_ACCOUNTS.verified);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      provider: 'local',
      status: 'verified',
      last4: '6789',
      requirements: [],
      minimumCents: PAYOUT_RULES.minimumCents,
      availableCents: 43500,
    });

    const paid = await api(seller, 'post', '/payouts');
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({
      seller: 'Payout Happy',
      provider: 'local',
      amountCents: 43500,
      earningsCount: 1,
      status: 'paid',
      accountLast4: '6789',
    });
    const payoutId = (paid.body as { _id: string })._id;
    const after = await earnings(seller);
    expect(after).toMatchObject({ availableCents: 0, paidOutCents: 43500 });
    expect(after.recent[0]).toMatchObject({ bookingId, status: 'paid_out', payoutId, accountLast4: '6789' });
    // the provider moved the money once, under the payout's key
    expect(
      await ctx.app.db.all(
        'SELECT idempotency_key, amount_cents FROM local_payout_transfers WHERE account_ref = ?',
        [
          `local_${(await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [seller.email]))!.id}`,
        ],
      ),
    ).toEqual([{ idempotency_key: payoutId, amount_cents: 43500 }]);
    // nothing left: asking again is below the minimum, and the run pays nobody twice
    expect((await api(seller, 'post', '/payouts')).body).toMatchObject({ code: 'below_payout_minimum' });
    await ctx.app.services.payouts.runPayouts();
    expect(
      await ctx.app.db.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM payouts WHERE seller_id = (SELECT id FROM users WHERE email = ?)',
        [seller.email],
      ),
    ).toEqual({ n: 1 });

    const listed = await api(seller, 'get', `/payouts?email=${encodeURIComponent(seller.email)}`);
    expect(listed.body).toMatchObject({ total: 1, items: [{ _id: payoutId, status: 'paid' }] });
    const bell = await api(seller, 'get', '/notifications');
    expect((bell.body as { items: { kind: string; text: string }[] }).items).toContainEqual(
      expect.objectContaining({
        kind: 'payout_paid',
        text: '$435.00 was paid out to the account ending 6789',
      }),
    );
    // another seller's payouts are not theirs to list
    expect(
      (await api(seller, 'get', `/payouts?email=${encodeURIComponent(ctx.people.seller.email)}`)).status,
    ).toBe(403);
  });

  it('refuses a restricted account with 409, saying what is missing', async () => {
    const { seller } = await soldAt('Payout Restricted', 300);
    ctx.app.services.clock.advance(CLAIM_RULES.windowHours * HOUR);
    await ctx.app.services.payouts.matureDue();
    const account = await withDetails(seller, LOCAL_PAYOUT_ACCOUNTS.restricted);
    expect(account.body).toMatchObject({
      status: 'restricted',
      last4: '1116',
      requirements: ['The bank refused this account: add another'],
      availableCents: 30000,
    });
    const refused = await api(seller, 'post', '/payouts');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: payoutRefusals.notEnabled('restricted').message,
      code: 'payouts_not_enabled',
    });
    expect(await earnings(seller)).toMatchObject({ availableCents: 30000, paidOutCents: 0 });
  });

  it('refuses a balance under the minimum with 422', async () => {
    const seller = await newSeller(ctx.app, 'Payout Empty');
    expect((await withDetails(seller, LOCAL_PAYOUT_ACCOUNTS.verified)).body).toMatchObject({
      status: 'verified',
    });
    const refused = await api(seller, 'post', '/payouts');
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: payoutRefusals.belowMinimum(0).message,
      code: 'below_payout_minimum',
    });
  });

  it('a pending payout left by a crash is asked again with its own key and pays once', async () => {
    const { seller } = await soldAt('Payout Crash', 250);
    ctx.app.services.clock.advance(CLAIM_RULES.windowHours * HOUR);
    await ctx.app.services.payouts.matureDue();
    await withDetails(seller, LOCAL_PAYOUT_ACCOUNTS.verified);
    const sellerId = (await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [
      seller.email,
    ]))!.id;
    // as if the process died after the provider's transfer, before ReCell recorded it: the payout pending, its
    // earnings paying, the provider's transfer made
    await ctx.app.db.transaction(async () => {
      await ctx.app.db.run(
        "UPDATE earnings SET status = 'paying', payout_id = 'po-crashed' WHERE seller_id = ? AND status = 'available'",
        [sellerId],
      );
      await ctx.app.db.run(
        `INSERT INTO payouts (id, seller_id, seller_name, provider, account_ref, account_last4, amount_cents,
           earnings_count, status, idempotency_key, created_at, attempted_at)
         VALUES ('po-crashed', ?, 'Payout Crash', 'local', ?, '6789', 25000, 1, 'pending', 'po-crashed', ?, ?)`,
        [sellerId, `local_${sellerId}`, new Date().toISOString(), new Date().toISOString()],
      );
    });
    await ctx.app.db.run(
      `INSERT INTO local_payout_transfers (idempotency_key, account_ref, amount_cents, created_at)
       VALUES ('po-crashed', ?, 25000, ?)`,
      [`local_${sellerId}`, new Date().toISOString()],
    );
    expect(await ctx.app.services.payouts.retryPending({ stale: false })).toBeGreaterThanOrEqual(1);
    expect(await earnings(seller)).toMatchObject({ paidOutCents: 25000, availableCents: 0 });
    expect(
      await ctx.app.db.all(
        "SELECT amount_cents FROM local_payout_transfers WHERE idempotency_key = 'po-crashed'",
      ),
    ).toEqual([{ amount_cents: 25000 }]);
    expect(await ctx.app.db.get("SELECT status FROM payouts WHERE id = 'po-crashed'")).toEqual({
      status: 'paid',
    });
  });
});
