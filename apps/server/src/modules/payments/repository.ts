import type { Database } from '../../db/connection';

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
    insert: (
      row: PaymentRow & { price_cents: number; email: string; provider: string; created_at: string },
    ) =>
      db.run(
        `INSERT INTO payments (id, booking_id, transaction_id, price_cents, email, provider, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
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
    /** Takes one from stock only while some is left: the guard against selling the last unit twice. */
    takeOne: (mobileId: string) =>
      db.run('UPDATE mobiles SET stock = stock - 1 WHERE id = ? AND stock > 0', [mobileId]),
    markPaid: (bookingId: string) =>
      db.run('UPDATE bookings SET paid = 1 WHERE id = ? AND paid = 0', [bookingId]),
    eventSeen: async (eventId: string) =>
      (await db.get('SELECT 1 FROM stripe_events WHERE id = ?', [eventId])) !== undefined,
    recordEvent: (eventId: string, type: string, at: string) =>
      db.run('INSERT OR IGNORE INTO stripe_events (id, type, received_at) VALUES (?, ?, ?)', [
        eventId,
        type,
        at,
      ]),
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
