// A card processor as the payment service sees it. Two implementations: the built-in test-mode processor
// (default, offline) and Stripe (when STRIPE_SECRET_KEY is set).

export interface CreateIntent {
  bookingId: string;
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
  /** Only 'succeeded' means the money was taken. */
  status: string;
  amount: number;
  currency: string;
  /** The booking the intent was created for (Stripe: metadata.bookingId). */
  bookingId: string | undefined;
  /** Money given back (in part or whole): such an intent must never be recorded as a payment. */
  refunded: boolean;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createIntent(input: CreateIntent): Promise<CreatedIntent>;
  /** The intent as the processor knows it, or undefined when it does not exist. */
  retrieveIntent(id: string): Promise<IntentState | undefined>;
  /** Gives the whole amount back; refunding twice is harmless. */
  refund(id: string): Promise<void>;
  /** Intents created since `since` whose money was taken and not given back: what reconciliation checks. */
  succeededSince(since: Date): AsyncIterable<IntentState>;
}
