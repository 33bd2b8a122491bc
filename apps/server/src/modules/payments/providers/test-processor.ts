// The built-in test-mode processor: PaymentIntent-like rows with a client secret, confirmed with Stripe's
// published test cards, answering as Stripe test mode does (testCardOutcome, shared with the mocks).
import { randomBytes } from 'node:crypto';
import { testCardOutcome } from '@recell/api/test-cards';
import type { Database } from '../../../db/database';
import { HttpError, notFound } from '../../../http/errors';
import { now } from '../../../ids';
import type { IntentState, PaymentProvider } from './provider';

interface IntentRow {
  id: string;
  booking_id: string | null;
  offer_id: string | null;
  amount_cents: number;
  currency: string;
  client_secret: string;
  status: 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled' | 'refunded';
}

const toState = (row: IntentRow): IntentState => ({
  id: row.id,
  status: row.status,
  amount: row.amount_cents,
  currency: row.currency,
  bookingId: row.booking_id ?? undefined,
  offerId: row.offer_id ?? undefined,
  refunded: row.status === 'refunded' || row.status === 'canceled',
});

const alphanumeric = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export function testProcessor(db: Database): PaymentProvider {
  const find = (id: string) =>
    db.get<IntentRow>(
      'SELECT id, booking_id, offer_id, amount_cents, currency, client_secret, status FROM test_intents WHERE id = ?',
      [id],
    );
  return {
    name: 'test',
    async createIntent(input) {
      const id = `pi_${alphanumeric(18)}`;
      const clientSecret = `${id}_secret_${alphanumeric(18)}`;
      await db.run(
        `INSERT INTO test_intents (id, booking_id, offer_id, amount_cents, currency, client_secret, status,
           created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'requires_payment_method', ?)`,
        [
          id,
          input.bookingId ?? null,
          input.offerId ?? null,
          input.amount,
          input.currency,
          clientSecret,
          now(),
        ],
      );
      return { id, clientSecret };
    },
    async retrieveIntent(id) {
      const row = await find(id);
      return row ? toState(row) : undefined;
    },
    async *moneySince(since) {
      const rows = await db.all<IntentRow>(
        `SELECT id, booking_id, offer_id, amount_cents, currency, client_secret, status FROM test_intents
         WHERE status IN ('requires_capture', 'succeeded') AND created_at >= ? ORDER BY created_at`,
        [since.toISOString()],
      );
      yield* rows.map(toState);
    },
    async refund(id, amountCents) {
      if (amountCents === undefined) return this.release(id);
      // A claim's refund of a captured intent: marked refunded once; asked again, it finds it so.
      await db.run("UPDATE test_intents SET status = 'refunded' WHERE id = ? AND status = 'succeeded'", [id]);
      const status = (await find(id))?.status;
      if (status !== 'refunded') throw new HttpError(502, `The payment could not be refunded (${status})`);
    },
    async capture(id, amount) {
      // Like Stripe's amount_to_capture: at most what was authorized.
      await db.run(
        `UPDATE test_intents SET status = 'succeeded',
           amount_cents = CASE WHEN ? < amount_cents THEN ? ELSE amount_cents END
         WHERE id = ? AND status = 'requires_capture'`,
        [amount, amount, id],
      );
      const status = (await find(id))?.status;
      if (status !== 'succeeded') throw new HttpError(502, `The hold could not be captured (${status})`);
    },
    async release(id) {
      await db.run(
        `UPDATE test_intents SET status = CASE status WHEN 'succeeded' THEN 'refunded' ELSE 'canceled' END
         WHERE id = ? AND status IN ('requires_capture', 'succeeded')`,
        [id],
      );
    },
    /** The moment money would move. */
    async confirmTestCard(id, input) {
      const intent = (await find(id)) ?? notFound();
      if (input.clientSecret !== intent.client_secret) throw new HttpError(403, 'Forbidden');
      if (intent.status !== 'requires_payment_method') {
        throw new HttpError(409, 'This payment has already succeeded');
      }
      const outcome = testCardOutcome(input.card);
      if (!outcome.ok)
        throw new HttpError(402, outcome.message, { code: outcome.declineCode ?? outcome.code });
      // Conditional: two confirmations racing on one intent authorize once. Authorized, not captured: a hold.
      const { changes } = await db.run(
        "UPDATE test_intents SET status = 'requires_capture' WHERE id = ? AND status = 'requires_payment_method'",
        [id],
      );
      if (changes === 0) throw new HttpError(409, 'This payment has already succeeded');
      return { id, status: 'requires_capture', amount: intent.amount_cents, currency: 'usd' };
    },
  };
}
