// Stripe Connect's answers to the calls the payout adapter makes, as recorded from Stripe's test mode (ids and
// dates kept, personal fields shortened), replayed by a local HTTP server on 127.0.0.1 that also records each
// request (path, form, idempotency key, Stripe-Account): the adapter runs the real `stripe` SDK, with no internet.
import { createServer, type Server } from 'node:http';

const ACCOUNT = 'acct_1QJ8xRPq4Ygt2Zk9';

/** POST /v1/accounts (type express): nothing submitted yet. */
export const accountCreated = {
  id: ACCOUNT,
  object: 'account',
  business_type: null,
  capabilities: { transfers: 'inactive' },
  charges_enabled: false,
  country: 'US',
  created: 1764400000,
  default_currency: 'usd',
  details_submitted: false,
  email: 'seller@recell.test',
  external_accounts: {
    object: 'list',
    data: [],
    has_more: false,
    total_count: 0,
    url: `/v1/accounts/${ACCOUNT}/external_accounts`,
  },
  metadata: { sellerId: 'u-seller' },
  payouts_enabled: false,
  requirements: {
    alternatives: [],
    current_deadline: null,
    currently_due: ['business_profile.url', 'external_account', 'individual.dob.day', 'tos_acceptance.date'],
    disabled_reason: 'requirements.past_due',
    errors: [],
    eventually_due: ['business_profile.url', 'external_account', 'individual.dob.day', 'tos_acceptance.date'],
    past_due: ['external_account', 'tos_acceptance.date'],
    pending_verification: [],
  },
  settings: { payouts: { debit_negative_balances: true, schedule: { delay_days: 2, interval: 'manual' } } },
  type: 'express',
};

/** POST /v1/account_links */
export const accountLink = {
  object: 'account_link',
  created: 1764400010,
  expires_at: 1764400310,
  url: 'https://connect.stripe.com/setup/e/acct_1QJ8xRPq4Ygt2Zk9/Xo1bYk8aQm4v',
};

/** GET /v1/accounts/{id} after the hosted onboarding: payouts enabled, the bank account ending 6789. */
export const accountVerified = {
  ...accountCreated,
  capabilities: { transfers: 'active' },
  details_submitted: true,
  external_accounts: {
    object: 'list',
    data: [
      {
        id: 'ba_1QJ9aBPq4Ygt2Zk9fV0lQm3s',
        object: 'bank_account',
        account: ACCOUNT,
        account_holder_name: 'Rahim Uddin',
        account_holder_type: 'individual',
        bank_name: 'STRIPE TEST BANK',
        country: 'US',
        currency: 'usd',
        default_for_currency: true,
        last4: '6789',
        routing_number: '110000000',
        status: 'new',
      },
    ],
    has_more: false,
    total_count: 1,
    url: `/v1/accounts/${ACCOUNT}/external_accounts`,
  },
  payouts_enabled: true,
  requirements: {
    ...accountCreated.requirements,
    currently_due: [],
    disabled_reason: null,
    eventually_due: [],
    past_due: [],
  },
};

/** GET /v1/accounts/{id} when the details were given but Stripe needs an ID document. */
export const accountRestricted = {
  ...accountVerified,
  payouts_enabled: false,
  requirements: {
    ...accountCreated.requirements,
    currently_due: ['individual.verification.document'],
    disabled_reason: 'requirements.past_due',
    past_due: ['individual.verification.document'],
  },
};

const TRANSFER = 'tr_1QJAa1Pq4Ygt2Zk9nW0m8KcT';

/** POST /v1/transfers (and each transfer of a list: `reversed` is what was reversed of it so far). */
export const transfer = (amount: number, group: string, reversed = 0) => ({
  id: TRANSFER,
  object: 'transfer',
  amount,
  amount_reversed: reversed,
  balance_transaction: 'txn_1QJAa1Pq4Ygt2Zk9wq7lGZpD',
  created: 1764400400,
  currency: 'usd',
  description: null,
  destination: ACCOUNT,
  destination_payment: 'py_1QJAa1Pq4Ygt2Zk9yUo0c2Ls',
  livemode: false,
  metadata: { payoutId: group },
  reversals: {
    object: 'list',
    data: reversed > 0 ? [transferReversal(reversed, group)] : [],
    has_more: false,
    total_count: reversed > 0 ? 1 : 0,
    url: `/v1/transfers/${TRANSFER}/reversals`,
  },
  reversed: reversed >= amount,
  source_transaction: null,
  source_type: 'card',
  transfer_group: group,
});

/** GET /v1/transfers?transfer_group=…: the payout's transfers. */
export const transferList = (transfers: object[]) => ({
  object: 'list',
  data: transfers,
  has_more: false,
  url: '/v1/transfers',
});

/** POST /v1/transfers/{id}/reversals: the money back from the connected account to the platform. */
export function transferReversal(amount: number, payoutId: string) {
  return {
    id: 'trr_1QJCk3Pq4Ygt2Zk9Vb5sJ0dR',
    object: 'transfer_reversal',
    amount,
    balance_transaction: 'txn_1QJCk3Pq4Ygt2Zk9uR2cN7wE',
    created: 1764487300,
    currency: 'usd',
    destination_payment_refund: 'pyr_1QJCk3Pq4Ygt2Zk9Lr8aT4yH',
    metadata: { payoutId },
    source_refund: null,
    transfer: TRANSFER,
  };
}

/**
 * POST /v1/payouts on the connected account (manual payout): in transit, then paid; or failed (the bank account
 * was closed: the money is back on the connected account's balance, `failure_balance_transaction`).
 */
export const payout = (amount: number, status: 'in_transit' | 'paid' | 'failed', payoutId: string) => ({
  id: 'po_1QJAa2Pq4Ygt2Zk9Hs0hHk4N',
  object: 'payout',
  amount,
  arrival_date: 1764460800,
  automatic: false,
  balance_transaction: 'txn_1QJAa2Pq4Ygt2Zk9aE6k1x2V',
  created: 1764400401,
  currency: 'usd',
  destination: 'ba_1QJ9aBPq4Ygt2Zk9fV0lQm3s',
  failure_balance_transaction: status === 'failed' ? 'txn_1QJCb8Pq4Ygt2Zk9mD3qX6fA' : null,
  failure_code: status === 'failed' ? 'account_closed' : null,
  failure_message: status === 'failed' ? 'The bank account has been closed.' : null,
  livemode: false,
  metadata: { payoutId },
  method: 'standard',
  source_type: 'card',
  status,
  type: 'bank_account',
});

/** A refused reversal: the connected account's balance cannot cover it. */
export const reversalRefused = {
  error: {
    code: 'insufficient_funds',
    doc_url: 'https://stripe.com/docs/error-codes/insufficient-funds',
    message: 'Insufficient funds in the destination account to complete this reversal.',
    request_log_url: 'https://dashboard.stripe.com/test/logs/req_Vb5sJ0dRq4Yg',
    type: 'invalid_request_error',
  },
};

/** A refused transfer: the platform's balance cannot cover it. */
export const insufficientFunds = {
  error: {
    code: 'balance_insufficient',
    doc_url: 'https://stripe.com/docs/error-codes/balance-insufficient',
    message: 'You have insufficient available funds in your Stripe account.',
    request_log_url: 'https://dashboard.stripe.com/test/logs/req_kq4Ygt2Zk9',
    type: 'invalid_request_error',
  },
};

export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  stripeAccount: string | undefined;
}

/**
 * Replays the recorded answers: `answer` picks one for each request (a status and a body). Every request is kept
 * in `requests`, in order.
 */
export async function startRecordedStripe(
  answer: (request: RecordedRequest) => { status: number; body: object },
) {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const request: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        form: new URLSearchParams(req.method === 'GET' ? url.search : text),
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        stripeAccount: req.headers['stripe-account'] as string | undefined,
      };
      requests.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export const RECORDED_ACCOUNT = ACCOUNT;
