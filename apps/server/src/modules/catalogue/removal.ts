import { now } from '../../ids';
import type { DealsRepository } from '../deals/repository';
import type { CatalogueRepository } from './repository';

/**
 * Removes listings inside the caller's transaction: their unpaid and held bookings are kept as cancelled (the
 * buyer sees why, and cannot pay; a hold's payment row stays 'held', so the reconciliation job voids it), cart
 * entries go with them (foreign key cascade); paid bookings and reports stay as history, with the listing's
 * name kept on them.
 */
export async function removeMobiles(
  repositories: { mobiles: CatalogueRepository; deals: DealsRepository },
  ids: readonly string[],
): Promise<number> {
  let removed = 0;
  for (const id of ids) {
    await repositories.deals.endForListing(id, now());
    removed += (await repositories.mobiles.remove(id)).changes;
  }
  return removed;
}
