// A card processor as the payment service sees it. Paying authorizes (capture_method manual); the handover captures. Two implementations: the built-in test-mode processor
// (default, offline) and Stripe (when STRIPE_SECRET_KEY is set). What only one of them can do is an optional
// capability the service asks for, never a downcast by name.
import type { TestCard } from '@recell/api/test-cards';

/** What an intent pays for: a booking, or an offer (exactly one of the two). */
export interface CreateIntent {
  bookingId?: string;
  /** The offer the intent is made for, instead of a booking (Stripe: metadata.offerId). */
  offerId?: string;
  mobileId: string;
  buyerEmail: string;
  /** cents */
  amount: number;
  currency: 'usd';
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

export interface IntentState {
  id: string;
  /** 'requires_capture': authorized (held); 'succeeded': captured; 'canceled': voided. */
  status: string;
  amount: number;
  currency: string;
  /** The booking the intent was created for (Stripe: metadata.bookingId). */
  bookingId: string | undefined;
  /** The offer the intent was created for, instead of a booking (Stripe: metadata.offerId). */
  offerId?: string | undefined;
  /** Money given back (in part or whole): such an intent must never be recorded as a payment. */
  refunded: boolean;
}

/** An intent authorized by a test card: the money is held. */
export interface ConfirmedIntent {
  id: string;
  status: 'requires_capture';
  amount: number;
  currency: 'usd';
}

/** A processor's event, as the service reads it (Stripe's events have this shape and more). */
export interface WebhookEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createIntent(input: CreateIntent): Promise<CreatedIntent>;
  /** The intent as the processor knows it, or undefined when it does not exist. */
  retrieveIntent(id: string): Promise<IntentState | undefined>;
  /**
   * Gives money back: the whole amount, or `amountCents` of a captured intent (a claim refunded by an admin) under
   * the caller's `idempotencyKey`, so the same refund asked again gives nothing more; refunding twice is harmless.
   */
  refund(id: string, amountCents?: number, idempotencyKey?: string): Promise<void>;
  /**
   * Takes `amount` (cents) of the authorized amount at the handover, the rest let go (the seller lowered the
   * price); capturing a captured intent is harmless.
   */
  capture(id: string, amount: number): Promise<void>;
  /**
   * Lets go of the money whatever its state: an authorization is canceled, a captured intent refunded; releasing
   * twice is harmless.
   */
  release(id: string): Promise<void>;
  /** Intents created since `since` holding or having taken money not given back: what reconciliation checks. */
  moneySince(since: Date): AsyncIterable<IntentState>;
  /**
   * The built-in test processor only: authorizes the intent with one of Stripe's published test cards, given its
   * client secret. Who may pay and whether the booking can be paid are the service's to check first.
   */
  confirmTestCard?(id: string, input: { clientSecret: string; card: TestCard }): Promise<ConfirmedIntent>;
  /** Stripe only: the event a webhook delivers, its signature checked over the raw body (throws if it fails). */
  parseWebhook?(rawBody: Buffer, signature: string): WebhookEvent;
}
