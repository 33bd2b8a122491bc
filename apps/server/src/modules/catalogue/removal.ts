import type { Database } from '../../db/connection';
import { now } from '../../ids';

/**
 * Removes listings inside the caller's transaction: their unpaid and held bookings are kept as cancelled (the
 * buyer sees why, and cannot pay; a hold's payment row stays 'held', so the reconciliation job voids it), cart entries go with them (foreign key cascade); paid bookings and reports stay as
 * history, with the listing's name kept on them.
 */
export async function removeMobiles(db: Database, ids: readonly string[]): Promise<number> {
  let removed = 0;
  for (const id of ids) {
    await db.run(
      `UPDATE bookings SET cancelled = 1, cancelled_by = 'listing', status = 'cancelled',
         ended_at = ?
       WHERE mobile_id = ? AND paid = 0 AND cancelled = 0`,
      [now(), id],
    );
    removed += (await db.run('DELETE FROM mobiles WHERE id = ?', [id])).changes;
  }
  return removed;
}
