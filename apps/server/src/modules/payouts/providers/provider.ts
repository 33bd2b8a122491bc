// A payout rail as the payouts service sees it: an account per seller (made once, onboarded at the provider),
// and transfers to it, each under an idempotency key the service keeps, so a transfer asked again after a crash
// is the same transfer. Two implementations: the local provider (the embedded default, offline) and Stripe
// Connect. Another rail (a mobile-money disbursement API) is a third file implementing this interface.
import type { components } from '@recell/api';

export type PayoutProviderName = components['schemas']['PayoutProvider'];
export type PayoutAccountStatus = components['schemas']['PayoutAccountStatus'];

/** The account as the provider knows it now. */
export interface ProviderAccount {
  status: PayoutAccountStatus;
  /** What is missing before payouts are enabled, in words (empty once verified). */
  requirements: string[];
  last4?: string | undefined;
  holderName?: string | undefined;
}

export interface PayoutRequest {
  /** The payout's key: every try of one payout sends the same one. */
  idempotencyKey: string;
  accountRef: string;
  amountCents: number;
}

export interface PayoutResult {
  /** The provider's id of the transfer (or payout). */
  ref: string;
  /** `pending`: on its way (asked again later); `failed`: refused for good, the earnings are available again. */
  status: 'paid' | 'pending' | 'failed';
  failureReason?: string | undefined;
}

export interface LocalPayoutDetails {
  holderName: string;
  routingNumber: string;
  accountNumber: string;
}

export interface PayoutProvider {
  readonly name: PayoutProviderName;
  /** Makes the seller's account at the provider; asked again for the same seller, the same account. */
  createAccount(seller: { id: string; email: string; name: string }): Promise<string>;
  /** Where the seller gives the provider their bank details. */
  onboardingLink(accountRef: string): Promise<{ url: string; expiresAt?: string | undefined }>;
  account(accountRef: string): Promise<ProviderAccount>;
  /**
   * Sends the amount to the account. Asked again with the same key, it answers the same transfer and moves no
   * more money. Throws when the provider did not answer (the payout stays pending and is asked again).
   */
  payout(request: PayoutRequest): Promise<PayoutResult>;
  /** A pending payout's state now, by the ref `payout` answered (a provider whose transfers take time). */
  payoutState?(ref: string, accountRef: string): Promise<PayoutResult>;
  /** The local provider only: its onboarding form. */
  submitDetails?(accountRef: string, details: LocalPayoutDetails): Promise<ProviderAccount>;
}
