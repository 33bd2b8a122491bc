import type { Database } from '../../db/database';

/** Stripe's events, kept once handled so a redelivery is answered without acting twice. */
export function paymentsRepository(db: Database) {
  return {
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
