// The Stripe Connect payout adapter, with the real `stripe` SDK sending its requests to a local server that replays
// answers recorded from Stripe's test mode (support/stripe-connect-recorded.ts) and keeps each request: the paths,
// the amounts, the connected account and the idempotency keys are what is asserted. No internet.
import { LOCAL_PAYOUT_ACCOUNTS } from '@recell/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeConnectProvider } from '../src/modules/payouts/providers/stripe-connect';
import { call, newSeller, startApp, type Persona, type TestApp } from './support/harness';
import {
  accountCreated,
  accountLink,
  accountRestricted,
  accountVerified,
  insufficientFunds,
  payout,
  RECORDED_ACCOUNT,
  reversalRefused,
  startRecordedStripe,
  transfer,
  transferList,
  transferReversal,
  type RecordedRequest,
} from './support/stripe-connect-recorded';

/** What the recorded server answers now; each test sets it. */
let answer: (request: RecordedRequest) => { status: number; body: object } = () => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', message: 'nothing recorded' } },
});
let stripe: Awaited<ReturnType<typeof startRecordedStripe>>;
let app: TestApp;
let seller: Persona;

beforeAll(async () => {
  stripe = await startRecordedStripe((request) => answer(request));
  app = await startApp({
    STRIPE_SECRET_KEY: 'sk_test_recell_recorded',
    STRIPE_API_BASE: stripe.url,
    PAYOUT_PROVIDER: 'stripe',
  });
  seller = await newSeller(app, 'Connect Seller');
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

/** The recorded answers of a whole onboarding and payout, by path. */
function recorded(options: { account?: object; payoutStatus?: 'in_transit' | 'paid' } = {}) {
  return (request: RecordedRequest) => {
    const amount = Number(request.form.get('amount'));
    if (request.method === 'POST' && request.path === '/v1/accounts')
      return { status: 200, body: accountCreated };
    if (request.method === 'POST' && request.path === '/v1/account_links')
      return { status: 200, body: accountLink };
    if (request.method === 'GET' && request.path === `/v1/accounts/${RECORDED_ACCOUNT}`)
      return { status: 200, body: options.account ?? accountVerified };
    if (request.method === 'POST' && request.path === '/v1/transfers')
      return { status: 200, body: transfer(amount, request.form.get('transfer_group') ?? '') };
    if (request.method === 'POST' && request.path === '/v1/payouts')
      return {
        status: 200,
        body: payout(amount, options.payoutStatus ?? 'paid', request.form.get('metadata[payoutId]') ?? ''),
      };
    if (request.method === 'GET' && request.path.startsWith('/v1/payouts/'))
      return { status: 200, body: payout(25000, 'paid', 'po') };
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'nothing recorded' } } };
  };
}

const TRANSFER = transfer(0, '').id;
const REVERSALS = `/v1/transfers/${TRANSFER}/reversals`;

/**
 * A payout Stripe failed (the bank account closed): its state answers failed, its transfer group lists the one
 * transfer of `amount` with `reversed` already reversed, and a reversal is made (or refused when `refuse`).
 */
function failedPayout(options: { payoutId: string; amount: number; reversed?: number; refuse?: boolean }) {
  return (request: RecordedRequest) => {
    if (request.method === 'GET' && request.path.startsWith('/v1/payouts/'))
      return { status: 200, body: payout(options.amount, 'failed', options.payoutId) };
    if (request.method === 'GET' && request.path === '/v1/transfers')
      return {
        status: 200,
        body: transferList(
          request.form.get('transfer_group') === options.payoutId
            ? [transfer(options.amount, options.payoutId, options.reversed ?? 0)]
            : [],
        ),
      };
    if (request.method === 'POST' && request.path === REVERSALS)
      return options.refuse
        ? { status: 400, body: reversalRefused }
        : { status: 200, body: transferReversal(Number(request.form.get('amount')), options.payoutId) };
    return recorded()(request);
  };
}

/** The adapter itself, on the recorded server (the app's payouts service is not in the way). */
const directProvider = () =>
  stripeConnectProvider(
    {
      secretKey: 'sk_test_recell_recorded',
      webhookSecret: undefined,
      publishableKey: undefined,
      api: { host: '127.0.0.1', port: stripe.port, protocol: 'http' },
    },
    {
      origin: 'http://127.0.0.1:3000',
      returnPath: '/dashboard/payouts',
      refreshPath: '/dashboard/payouts',
    },
  );

const since = (mark: number) => stripe.requests.slice(mark);
const api = (method: 'get' | 'post', path: string, body?: unknown) =>
  call(app.server, method, `/api${path}`, { token: seller.token, ...(body === undefined ? {} : { body }) });

describe('Stripe Connect payouts', () => {
  it('onboards the seller on an Express account with manual payouts, and reads its state back', async () => {
    answer = recorded({ account: accountCreated });
    const mark = stripe.requests.length;
    const link = await api('post', '/payout-account/onboarding');
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body).toEqual({
      provider: 'stripe',
      url: accountLink.url,
      expiresAt: new Date(accountLink.expires_at * 1000).toISOString(),
    });
    const sellerId = (await app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [
      seller.email,
    ]))!.id;
    const [create, onboarding] = since(mark);
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/accounts',
      idempotencyKey: `recell-account-${sellerId}`,
    });
    expect(Object.fromEntries(create!.form)).toMatchObject({
      type: 'express',
      email: seller.email,
      'capabilities[transfers][requested]': 'true',
      'settings[payouts][schedule][interval]': 'manual',
      'metadata[sellerId]': sellerId,
    });
    expect(onboarding).toMatchObject({ method: 'POST', path: '/v1/account_links' });
    expect(Object.fromEntries(onboarding!.form)).toMatchObject({
      account: RECORDED_ACCOUNT,
      type: 'account_onboarding',
      return_url: expect.stringMatching(/\/dashboard\/payouts$/),
    });
    // a second start keeps the one account
    await api('post', '/payout-account/onboarding');
    expect(since(mark).filter((request) => request.path === '/v1/accounts')).toHaveLength(1);

    // before the details: what Stripe says is missing, in words
    const before = await api('get', `/payout-account?email=${encodeURIComponent(seller.email)}`);
    expect(before.body).toMatchObject({ provider: 'stripe', status: 'not_started' });
    expect((before.body as { requirements: string[] }).requirements).toContain(
      'A bank account to be paid out to',
    );

    answer = recorded({ account: accountRestricted });
    expect(
      (await api('get', `/payout-account?email=${encodeURIComponent(seller.email)}`)).body,
    ).toMatchObject({
      status: 'restricted',
      last4: '6789',
      requirements: ['A photo of your ID'],
    });
    answer = recorded();
    expect(
      (await api('get', `/payout-account?email=${encodeURIComponent(seller.email)}`)).body,
    ).toMatchObject({
      status: 'verified',
      last4: '6789',
      holderName: 'Rahim Uddin',
      requirements: [],
    });
    // the local provider's form is not this provider's
    expect(
      (
        await api('post', '/payout-account/local-details', {
          holderName: 'Connect Seller',
          routingNumber: LOCAL_PAYOUT_ACCOUNTS.routingNumber,
          accountNumber: LOCAL_PAYOUT_ACCOUNTS.verified,
        })
      ).status,
    ).toBe(404);
  });

  it('pays out by a transfer and a manual payout, each with the payout key; in transit until Stripe says paid', async () => {
    const sellerId = (await app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [
      seller.email,
    ]))!.id;
    // two available earnings, written as the maturing job leaves them (the card side is Stripe's fake's to test)
    for (const [i, cents] of [15000, 10000].entries()) {
      await app.db.run(
        `INSERT INTO earnings (id, booking_id, seller_id, seller_name, mobile_name, amount_cents, transaction_id, status,
           completed_at, available_at, updated_at)
         VALUES (?, ?, ?, 'Connect Seller', 'Apple iPhone 13', ?, ?, 'available', ?, ?, ?)`,
        [
          `ea-sc-${i}`,
          `b-sc-${i}`,
          sellerId,
          cents,
          `pi_sc_${i}`,
          '2026-11-01T10:00:00.000Z',
          '2026-11-03T10:00:00.000Z',
          '2026-11-03T10:00:00.000Z',
        ],
      );
    }
    answer = recorded({ payoutStatus: 'in_transit' });
    const mark = stripe.requests.length;
    const requested = await api('post', '/payouts');
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const payoutId = (requested.body as { _id: string })._id;
    expect(requested.body).toMatchObject({
      provider: 'stripe',
      amountCents: 25000,
      earningsCount: 2,
      status: 'pending',
      accountLast4: '6789',
    });
    const moves = since(mark).filter((request) => request.method === 'POST');
    expect(moves.map((request) => request.path)).toEqual(['/v1/transfers', '/v1/payouts']);
    const [sent, paidOut] = moves;
    expect(sent!.idempotencyKey).toBe(`recell-transfer-${payoutId}`);
    expect(Object.fromEntries(sent!.form)).toMatchObject({
      amount: '25000',
      currency: 'usd',
      destination: RECORDED_ACCOUNT,
      transfer_group: payoutId,
    });
    expect(sent!.stripeAccount).toBeUndefined();
    expect(paidOut!.idempotencyKey).toBe(`recell-payout-${payoutId}`);
    expect(paidOut!.stripeAccount).toBe(RECORDED_ACCOUNT);
    expect(Object.fromEntries(paidOut!.form)).toMatchObject({ amount: '25000', currency: 'usd' });
    expect(
      await app.db.all('SELECT status FROM earnings WHERE seller_id = ? ORDER BY id', [sellerId]),
    ).toEqual([{ status: 'paying' }, { status: 'paying' }]);

    // the retry asks Stripe for that payout's state (on the connected account), never for a second transfer
    answer = recorded();
    const retryMark = stripe.requests.length;
    await app.services.payouts.retryPending({ stale: false });
    expect(since(retryMark).map((request) => [request.method, request.path, request.stripeAccount])).toEqual([
      ['GET', '/v1/payouts/po_1QJAa2Pq4Ygt2Zk9Hs0hHk4N', RECORDED_ACCOUNT],
    ]);
    expect(await app.db.get('SELECT status, provider_ref FROM payouts WHERE id = ?', [payoutId])).toEqual({
      status: 'paid',
      provider_ref: 'po_1QJAa2Pq4Ygt2Zk9Hs0hHk4N',
    });
    expect(
      await app.db.all('SELECT status FROM earnings WHERE seller_id = ? ORDER BY id', [sellerId]),
    ).toEqual([{ status: 'paid_out' }, { status: 'paid_out' }]);
  });

  it('a transfer Stripe refuses fails the payout before any money moved; asked again, the same keys', async () => {
    answer = (request) =>
      request.path === '/v1/transfers' ? { status: 400, body: insufficientFunds } : recorded()(request);
    const provider = directProvider();
    const mark = stripe.requests.length;
    const request = { idempotencyKey: 'po-refused', accountRef: RECORDED_ACCOUNT, amountCents: 5000 };
    const refused = await provider.payout(request);
    expect(refused).toMatchObject({ status: 'failed', failureReason: insufficientFunds.error.message });
    // no payout was asked for after the refused transfer
    expect(since(mark).map((sent) => sent.path)).toEqual(['/v1/transfers']);

    answer = recorded();
    const first = await provider.payout({ ...request, idempotencyKey: 'po-twice' });
    const again = await provider.payout({ ...request, idempotencyKey: 'po-twice' });
    expect(again).toEqual(first);
    const keys = since(mark)
      .filter((sent) => sent.idempotencyKey?.includes('po-twice'))
      .map((sent) => sent.idempotencyKey);
    expect(keys).toEqual([
      'recell-transfer-po-twice',
      'recell-payout-po-twice',
      'recell-transfer-po-twice',
      'recell-payout-po-twice',
    ]);
  });

  it('a payout Stripe fails takes its transfer back before its earnings are available again', async () => {
    const sellerId = (await app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [
      seller.email,
    ]))!.id;
    for (const [i, cents] of [12000, 8000].entries()) {
      await app.db.run(
        `INSERT INTO earnings (id, booking_id, seller_id, seller_name, mobile_name, amount_cents, transaction_id, status,
           completed_at, available_at, updated_at)
         VALUES (?, ?, ?, 'Connect Seller', 'Samsung Galaxy S22', ?, ?, 'available', ?, ?, ?)`,
        [
          `ea-scf-${i}`,
          `b-scf-${i}`,
          sellerId,
          cents,
          `pi_scf_${i}`,
          '2026-11-05T10:00:00.000Z',
          '2026-11-07T10:00:00.000Z',
          '2026-11-07T10:00:00.000Z',
        ],
      );
    }
    const taken = () => app.db.all("SELECT status FROM earnings WHERE id LIKE 'ea-scf-%' ORDER BY id", []);
    answer = recorded({ payoutStatus: 'in_transit' });
    const requested = await api('post', '/payouts');
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const payoutId = (requested.body as { _id: string })._id;
    expect(requested.body).toMatchObject({ amountCents: 20000, status: 'pending' });

    // Stripe failed the payout, and the connected account will not give the money back yet: nothing is failed,
    // the earnings stay taken, the payout is asked again later
    answer = failedPayout({ payoutId, amount: 20000, refuse: true });
    let mark = stripe.requests.length;
    await app.services.payouts.retryPending({ stale: false });
    expect(since(mark).map((request) => [request.method, request.path])).toEqual([
      ['GET', '/v1/payouts/po_1QJAa2Pq4Ygt2Zk9Hs0hHk4N'],
      ['GET', '/v1/transfers'],
      ['POST', REVERSALS],
    ]);
    expect(await app.db.get('SELECT status FROM payouts WHERE id = ?', [payoutId])).toEqual({
      status: 'pending',
    });
    expect(await taken()).toEqual([{ status: 'paying' }, { status: 'paying' }]);

    // asked again: the transfer of that payout's group, reversed in full on the platform's side, then failed
    answer = failedPayout({ payoutId, amount: 20000 });
    mark = stripe.requests.length;
    await app.services.payouts.retryPending({ stale: false });
    const [state, list, reversal] = since(mark);
    expect(state).toMatchObject({ method: 'GET', stripeAccount: RECORDED_ACCOUNT });
    expect(list).toMatchObject({ method: 'GET', path: '/v1/transfers', stripeAccount: undefined });
    expect(list!.form.get('transfer_group')).toBe(payoutId);
    expect(reversal).toMatchObject({
      method: 'POST',
      path: REVERSALS,
      idempotencyKey: `recell-reversal-${payoutId}`,
      stripeAccount: undefined,
    });
    expect(Object.fromEntries(reversal!.form)).toEqual({ amount: '20000', 'metadata[payoutId]': payoutId });
    expect(since(mark)).toHaveLength(3);
    expect(await app.db.get('SELECT status, failure_reason FROM payouts WHERE id = ?', [payoutId])).toEqual({
      status: 'failed',
      failure_reason: 'The bank account has been closed.',
    });
    expect(await taken()).toEqual([{ status: 'available' }, { status: 'available' }]);
  });

  it('reverses only what is not reversed yet, and a payout failed at once the same way', async () => {
    const provider = directProvider();
    const ref = 'po_1QJAa2Pq4Ygt2Zk9Hs0hHk4N';

    // a reversal of part of it went through before: the rest, under the same key
    answer = failedPayout({ payoutId: 'po-partly', amount: 5000, reversed: 3000 });
    let mark = stripe.requests.length;
    expect(await provider.payoutState!(ref, RECORDED_ACCOUNT)).toMatchObject({ ref, status: 'failed' });
    const partly = since(mark).filter((request) => request.path === REVERSALS);
    expect(partly.map((request) => [request.idempotencyKey, request.form.get('amount')])).toEqual([
      ['recell-reversal-po-partly', '2000'],
    ]);

    // the reversal went through but its answer was lost: asked again, nothing more is reversed
    answer = failedPayout({ payoutId: 'po-partly', amount: 5000, reversed: 5000 });
    mark = stripe.requests.length;
    expect(await provider.payoutState!(ref, RECORDED_ACCOUNT)).toMatchObject({ status: 'failed' });
    expect(since(mark).map((request) => request.path)).toEqual([`/v1/payouts/${ref}`, '/v1/transfers']);

    // Stripe answers the payout failed as it is made: transfer, payout, then the transfer reversed
    const failedAtOnce = (refuse: boolean) => (request: RecordedRequest) =>
      request.method === 'POST' && request.path === '/v1/payouts'
        ? { status: 200, body: payout(7000, 'failed', 'po-at-once') }
        : failedPayout({ payoutId: 'po-at-once', amount: 7000, refuse })(request);
    const request = { idempotencyKey: 'po-at-once', accountRef: RECORDED_ACCOUNT, amountCents: 7000 };
    answer = failedAtOnce(true);
    mark = stripe.requests.length;
    await expect(provider.payout(request)).rejects.toThrow(/po-at-once was not reversed/);
    answer = failedAtOnce(false);
    expect(await provider.payout(request)).toMatchObject({
      status: 'failed',
      failureReason: 'The bank account has been closed.',
    });
    expect(
      since(mark).map((sent) => [sent.method, sent.path, sent.idempotencyKey, sent.form.get('amount')]),
    ).toEqual([
      ['POST', '/v1/transfers', 'recell-transfer-po-at-once', '7000'],
      ['POST', '/v1/payouts', 'recell-payout-po-at-once', '7000'],
      ['GET', '/v1/transfers', undefined, null],
      ['POST', REVERSALS, 'recell-reversal-po-at-once', '7000'],
      ['POST', '/v1/transfers', 'recell-transfer-po-at-once', '7000'],
      ['POST', '/v1/payouts', 'recell-payout-po-at-once', '7000'],
      ['GET', '/v1/transfers', undefined, null],
      ['POST', REVERSALS, 'recell-reversal-po-at-once', '7000'],
    ]);
  });
});
