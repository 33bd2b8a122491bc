import type { Database } from '../../db/database';

export interface PaymentRow {
  id: string;
  booking_id: string;
  transaction_id: string;
}

export function paymentsRepository(db: Database) {
  return {
    byTransaction: (transaction: string) =>
      db.get<PaymentRow>('SELECT id, booking_id, transaction_id FROM payments WHERE transaction_id = ?', [
        transaction,
      ]),
    /** A hold: the money is authorized at the processor, not captured. */
    insert: (
      row: PaymentRow & { price_cents: number; email: string; provider: string; created_at: string },
    ) =>
      db.run(
        `INSERT INTO payments (id, booking_id, transaction_id, price_cents, email, provider, created_at, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'held')`,
        [
          row.id,
          row.booking_id,
          row.transaction_id,
          row.price_cents,
          row.email,
          row.provider,
          row.created_at,
        ],
      ),
    /** What the processor now holds for this payment; written after the processor answered. */
    moneyIs: (transaction: string, status: 'captured' | 'voided') =>
      db.run("UPDATE payments SET status = ? WHERE transaction_id = ? AND status = 'held'", [
        status,
        transaction,
      ]),
    /**
     * Holds the processor still has although the deal is decided: completed but not captured, or ended but not
     * voided (a crash or a processor error between the database's decision and the processor's call).
     */
    undone: () =>
      db.all<{ transaction_id: string; booking_status: string }>(
        `SELECT p.transaction_id, b.status AS booking_status FROM payments p JOIN bookings b ON b.id = p.booking_id
         WHERE p.status = 'held' AND b.status != 'held' LIMIT 500`,
      ),
    eventSeen: async (eventId: string) =>
      (await db.get('SELECT 1 FROM stripe_events WHERE id = ?', [eventId])) !== undefined,
    recordEvent: (eventId: string, type: string, at: string) =>
      db.run('INSERT INTO stripe_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
        eventId,
        type,
        at,
      ]),
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
