// Stripe: PaymentIntents with the amount computed from the booking, idempotency keys, and metadata naming the
// booking. The browser confirms the intent with Stripe.js; the server only trusts what it reads back from Stripe.
import Stripe from 'stripe';
import type { StripeConfig } from '../../../config';
import { HttpError } from '../../../http/errors';
import type { IntentState, PaymentProvider } from './provider';

/**
 * Stripe's own errors carry Stripe's status (a 400 means *our* request to Stripe was refused, not the caller's):
 * the caller gets a 502 with no Stripe detail.
 */
function upstreamError(cause: unknown): HttpError {
  return Object.assign(new HttpError(502, 'The card processor did not answer; please try again'), { cause });
}

async function upstream<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw upstreamError(error);
  }
}

function toState(intent: Stripe.PaymentIntent): IntentState {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    bookingId: intent.metadata.bookingId,
    offerId: intent.metadata.offerId,
    refunded: (charge?.amount_refunded ?? 0) > 0,
  };
}

export function stripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(config.api ?? {}),
  });
  return {
    name: 'stripe',
    async createIntent(input) {
      const intent = await upstream(
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            automatic_payment_methods: { enabled: true },
            // The safe deal: authorized now, captured at the handover (or canceled).
            capture_method: 'manual',
            receipt_email: input.buyerEmail,
            metadata: {
              ...(input.bookingId ? { bookingId: input.bookingId } : {}),
              ...(input.offerId ? { offerId: input.offerId } : {}),
              mobileId: input.mobileId,
            },
          },
          // The same booking (or offer) at the same price reuses one intent (a reload of the payment page charges once).
          {
            idempotencyKey: input.offerId
              ? `recell-offer-${input.offerId}-${input.amount}`
              : `recell-hold-${input.bookingId}-${input.amount}`,
          },
        ),
      );
      if (!intent.client_secret) throw upstreamError('Stripe returned an intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id) {
      try {
        return toState(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        throw upstreamError(error);
      }
    },
    async refund(id, amountCents, idempotencyKey) {
      if (amountCents !== undefined) {
        // A claim upheld: that amount back, under the caller's key (the claim's id), however often it is asked.
        await upstream(
          stripe.refunds.create(
            {
              payment_intent: id,
              amount: amountCents,
              reason: 'requested_by_customer',
              metadata: { why: 'claim' },
            },
            { idempotencyKey: idempotencyKey ?? `recell-claim-refund-${id}` },
          ),
        );
        return;
      }
      await upstream(
        stripe.refunds.create(
          { payment_intent: id, reason: 'requested_by_customer', metadata: { why: 'sold_out' } },
          { idempotencyKey: `recell-refund-${id}` },
        ),
      );
    },
    async capture(id, amount) {
      const state = await this.retrieveIntent(id);
      if (state?.status === 'succeeded') return;
      // Less than the hold when the seller lowered the price; Stripe lets the rest go.
      const partial = state && amount < state.amount ? { amount_to_capture: amount } : {};
      await upstream(
        stripe.paymentIntents.capture(id, partial, { idempotencyKey: `recell-capture-${id}-${amount}` }),
      );
    },
    async release(id) {
      const state = await this.retrieveIntent(id);
      if (!state || state.status === 'canceled' || state.refunded) return;
      if (state.status === 'succeeded') return this.refund(id);
      await upstream(
        stripe.paymentIntents.cancel(
          id,
          { cancellation_reason: 'abandoned' },
          { idempotencyKey: `recell-cancel-${id}` },
        ),
      );
    },
    async *moneySince(since) {
      const pages = stripe.paymentIntents.list({
        created: { gte: Math.floor(since.getTime() / 1000) },
        limit: 100,
        expand: ['data.latest_charge'],
      });
      try {
        for await (const intent of pages) {
          const state = toState(intent);
          if ((state.status === 'succeeded' || state.status === 'requires_capture') && !state.refunded)
            yield state;
        }
      } catch (error) {
        throw upstreamError(error);
      }
    },
    parseWebhook(rawBody, signature) {
      if (!config.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    },
  };
}
