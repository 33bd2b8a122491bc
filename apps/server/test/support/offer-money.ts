// The one money check of every offer test and of the offers bench (no vitest here, so bench/offers.ts can use
// it): no card authorization of an offer stays live at the processor unless that offer is still open (its
// current one) or it became the held deal.
import type { Database } from '../../src/db/database';
import type { PaymentProvider } from '../../src/modules/payments/providers/provider';

export interface StrayAuthorization {
  transaction: string;
  offerId: string;
  offerStatus: string | undefined;
  amount: number;
}

/**
 * Authorizations the processor still holds (requires_capture) for offers, that are neither the current
 * authorization of an open offer nor the held deal's of an accepted one: money held for nothing. Asked of the
 * provider (the test processor's moneySince, as reconciliation asks it); the offer and its deal are read in SQL.
 */
export async function strayOfferAuthorizations(
  provider: PaymentProvider,
  db: Database,
  since: Date,
): Promise<StrayAuthorization[]> {
  const stray: StrayAuthorization[] = [];
  for await (const intent of provider.moneySince(since)) {
    if (intent.status !== 'requires_capture' || !intent.offerId) continue;
    const offer = await db.get<{ status: string; transaction_id: string | null; booking_id: string | null }>(
      'SELECT status, transaction_id, booking_id FROM offers WHERE id = ?',
      [intent.offerId],
    );
    const open =
      (offer?.status === 'pending' || offer?.status === 'countered') && offer.transaction_id === intent.id;
    const deal =
      offer?.status === 'accepted' && offer.booking_id
        ? await db.get<{ status: string; transaction_id: string | null }>(
            'SELECT status, transaction_id FROM bookings WHERE id = ?',
            [offer.booking_id],
          )
        : undefined;
    const heldDeal = deal?.status === 'held' && deal.transaction_id === intent.id;
    if (!open && !heldDeal) {
      stray.push({
        transaction: intent.id,
        offerId: intent.offerId,
        offerStatus: offer?.status,
        amount: intent.amount,
      });
    }
  }
  return stray;
}

/** The processor's state of one intent ('requires_capture' while held, 'canceled' once let go). */
export async function intentStatus(provider: PaymentProvider, id: string): Promise<string | undefined> {
  return (await provider.retrieveIntent(id))?.status;
}
