import { now } from '../../ids';
import type { DealsRepository } from '../deals/repository';
import type { CatalogueRepository } from './repository';

/** Who learns of removed listings once the removal has committed (the messages module, through app.ts). */
export type ListingsRemoved = (mobileIds: readonly string[]) => Promise<void>;

/**
 * In the removal's transaction: the listing's open offers end (voided, listing_removed) and their buyers are told;
 * the offers' job lets their cards go (a port, the offers module's, wired in app.ts).
 */
export type OffersEnded = (mobileId: string) => Promise<void>;

/**
 * Removes listings inside the caller's transaction: their unpaid and held bookings are kept as cancelled (the
 * buyer sees why, and cannot pay), cart entries go with them (foreign key cascade); paid bookings, their seller's
 * earnings and reports stay as history, with the listing's name kept on them. Returns the holds it ended: the
 * caller voids them once its transaction has committed (`DealService.voidEnded`; the payment rows stay 'held'
 * until then, so reconciliation voids any that a crash leaves).
 */
export async function removeMobiles(
  repositories: {
    mobiles: CatalogueRepository;
    deals: DealsRepository;
    offersEnded?: OffersEnded | undefined;
  },
  ids: readonly string[],
): Promise<{ removed: number; holds: string[] }> {
  let removed = 0;
  const holds: string[] = [];
  for (const id of ids) {
    holds.push(...(await repositories.deals.endForListing(id, now())));
    await repositories.offersEnded?.(id);
    removed += (await repositories.mobiles.remove(id)).changes;
  }
  return { removed, holds };
}
