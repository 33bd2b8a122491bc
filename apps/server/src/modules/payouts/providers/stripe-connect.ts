// Stripe Connect as a payout rail: an Express connected account per seller (Stripe's hosted onboarding), a
// transfer from the platform's balance to it, then a manual payout from its balance to the seller's bank. Both
// calls carry an idempotency key made from the payout's own key, so a payout asked again after a crash is the
// same transfer and the same payout at Stripe. A payout Stripe fails or cancels leaves the transferred money on the
// connected account, so its transfer is reversed before the payout is reported failed (its earnings are then
// paid again by a new transfer). What Stripe says of an account (payouts_enabled, requirements, the bank account)
// is read back, never assumed.
import Stripe from 'stripe';
import type { StripeConfig } from '../../../config';
import { HttpError } from '../../../http/errors';
import type { PayoutProvider, PayoutResult, ProviderAccount } from './provider';

/** Stripe's own errors carry Stripe's status: the caller gets a 502 with no Stripe detail. */
async function upstream<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (cause) {
    throw Object.assign(new HttpError(502, 'The payout provider did not answer; please try again'), {
      cause,
    });
  }
}

/** Stripe refused the request itself (a 4xx other than a rate limit): asking again answers the same. */
const refusedForGood = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 429 && status !== 409;
};

/** Stripe's requirement names, in the seller's words where we know them. */
const REQUIREMENT_WORDS: Record<string, string> = {
  external_account: 'A bank account to be paid out to',
  'individual.id_number': 'Your ID number',
  'individual.verification.document': 'A photo of your ID',
  'individual.dob.day': 'Your date of birth',
  'individual.address.line1': 'Your address',
  'tos_acceptance.date': "Stripe's terms accepted",
  'business_profile.url': 'Your website or a description of what you sell',
};

export function toProviderAccount(account: Stripe.Account): ProviderAccount {
  const due = [
    ...(account.requirements?.past_due ?? []),
    ...(account.requirements?.currently_due ?? []),
  ].filter((name, index, all) => all.indexOf(name) === index);
  const requirements = due.map((name) => REQUIREMENT_WORDS[name] ?? `Stripe needs: ${name}`);
  const bank = account.external_accounts?.data.find((external) => 'last4' in external);
  const last4 = bank && 'last4' in bank ? bank.last4 : undefined;
  const holderName =
    bank && bank.object === 'bank_account' ? (bank.account_holder_name ?? undefined) : undefined;
  const disabled = account.requirements?.disabled_reason;
  const status: ProviderAccount['status'] =
    account.payouts_enabled && due.length === 0
      ? 'verified'
      : disabled?.startsWith('rejected') || (account.details_submitted && due.length > 0)
        ? 'restricted'
        : account.details_submitted
          ? 'pending'
          : 'not_started';
  if (disabled?.startsWith('rejected')) requirements.unshift('Stripe closed this account: contact support');
  return { status, requirements: status === 'verified' ? [] : requirements, last4, holderName };
}

const payoutResult = (payout: Stripe.Payout): PayoutResult => ({
  ref: payout.id,
  status:
    payout.status === 'paid'
      ? 'paid'
      : payout.status === 'failed' || payout.status === 'canceled'
        ? 'failed'
        : 'pending',
  failureReason: payout.failure_message ?? undefined,
});

/**
 * The transfers of a ReCell payout (its transfer_group) reversed in full, so their money is back on the platform.
 * A failed or canceled Stripe payout returns the money to the connected account's balance, not to ours: reported
 * failed without this, the payout's earnings are available again and the next payout transfers them a second
 * time while the first transfer's money still sits on the account. Asked again (a crash, a lost answer), only
 * what is not yet reversed is reversed, under the same key. Throws when Stripe does not reverse: the payout then
 * stays pending and is asked again, never failed with the money still out.
 */
async function reverseTransfers(stripe: Stripe, payoutId: string): Promise<void> {
  try {
    const transfers = await stripe.transfers.list({ transfer_group: payoutId, limit: 100 });
    // oldest first: the one transfer a payout normally has keeps the plain key; a second one (only if the
    // transfer was asked again after Stripe forgot its idempotency key, 24 h) gets a key of its own
    const oldestFirst = [...transfers.data].sort((a, b) => a.created - b.created);
    for (const [index, transfer] of oldestFirst.entries()) {
      const left = transfer.amount - transfer.amount_reversed;
      if (left <= 0) continue;
      await stripe.transfers.createReversal(
        transfer.id,
        { amount: left, metadata: { payoutId } },
        {
          idempotencyKey:
            index === 0 ? `recell-reversal-${payoutId}` : `recell-reversal-${payoutId}-${transfer.id}`,
        },
      );
    }
  } catch (cause) {
    throw new Error(`The transfer of payout ${payoutId} was not reversed; the payout stays pending`, {
      cause,
    });
  }
}

export function stripeConnectProvider(
  config: StripeConfig,
  links: { origin: string; returnPath: string; refreshPath: string },
): PayoutProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(config.api ?? {}),
  });
  return {
    name: 'stripe',

    async createAccount(seller) {
      const account = await upstream(
        stripe.accounts.create(
          {
            type: 'express',
            email: seller.email,
            capabilities: { transfers: { requested: true } },
            // manual payouts: ReCell pays out when the claim window has closed, not Stripe's schedule
            settings: { payouts: { schedule: { interval: 'manual' } } },
            metadata: { sellerId: seller.id },
          },
          { idempotencyKey: `recell-account-${seller.id}` },
        ),
      );
      return account.id;
    },

    async onboardingLink(accountRef) {
      const link = await upstream(
        stripe.accountLinks.create({
          account: accountRef,
          type: 'account_onboarding',
          refresh_url: `${links.origin}${links.refreshPath}`,
          return_url: `${links.origin}${links.returnPath}`,
        }),
      );
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000).toISOString() };
    },

    async account(accountRef) {
      return toProviderAccount(await upstream(stripe.accounts.retrieve(accountRef)));
    },

    async payout({ idempotencyKey, accountRef, amountCents }) {
      try {
        await stripe.transfers.create(
          {
            amount: amountCents,
            currency: 'usd',
            destination: accountRef,
            transfer_group: idempotencyKey,
            metadata: { payoutId: idempotencyKey },
          },
          { idempotencyKey: `recell-transfer-${idempotencyKey}` },
        );
      } catch (error) {
        // Refused before any money moved: the payout failed, its earnings are available again.
        if (!refusedForGood(error)) throw error;
        return {
          ref: `refused_${idempotencyKey}`,
          status: 'failed',
          failureReason: (error as Error).message || 'Stripe refused the transfer',
        };
      }
      // The money is on the connected account now: this payout is asked again until Stripe takes it (a refusal
      // here is logged and retried, never a failed payout whose earnings would be transferred a second time).
      const payout = await stripe.payouts.create(
        { amount: amountCents, currency: 'usd', metadata: { payoutId: idempotencyKey } },
        { stripeAccount: accountRef, idempotencyKey: `recell-payout-${idempotencyKey}` },
      );
      const result = payoutResult(payout);
      // failed at once: the transferred money is back on the platform before the earnings are available again
      if (result.status === 'failed') await reverseTransfers(stripe, idempotencyKey);
      return result;
    },

    async payoutState(ref, accountRef) {
      const payout = await stripe.payouts.retrieve(ref, {}, { stripeAccount: accountRef });
      const result = payoutResult(payout);
      if (result.status === 'failed') {
        // the adapter's payouts carry the ReCell payout's id, the transfer_group of its transfers; without it the
        // transfers cannot be found, and a failed payout with its money still out must not be reported
        const payoutId = payout.metadata?.payoutId;
        if (!payoutId)
          throw new Error(`Stripe payout ${ref} carries no payoutId: its transfer is not reversed`);
        await reverseTransfers(stripe, payoutId);
      }
      return result;
    },
  };
}
