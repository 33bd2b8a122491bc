// The claims' writes and reads. Deciding is one conditional UPDATE from 'open', so of two admins deciding at once
// exactly one changes the row; a refund decided is told to the processor after the commit, and 'pending' until
// then (the job retries it). The re-checks read the earnings (the payouts module's table) for the IMEI and the
// time of each handover, and count each re-check done on the earning with a conditional UPDATE, so two processes
// do it once.
import type { components } from '@recell/api';
import type { Database } from '../../db/database';
import { pageOfRows, type RowWindow } from '../../db/paging';

type ClaimKind = components['schemas']['ClaimKind'];
type ClaimStatus = components['schemas']['ClaimStatus'];

export interface ClaimRow {
  id: string;
  booking_id: string;
  earning_id: string | null;
  buyer_email: string;
  buyer_name: string;
  seller_id: string | null;
  seller_name: string;
  mobile_id: string;
  mobile_name: string;
  kind: ClaimKind;
  text: string;
  /** JSON: the pictures' paths */
  pictures: string;
  status: ClaimStatus;
  opened_by: 'buyer' | 'device_check';
  amount_cents: number;
  transaction_id: string;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  decision_reason: string | null;
  refund_state: 'none' | 'pending' | 'done';
}

export type NewClaimRow = Omit<
  ClaimRow,
  'status' | 'decided_at' | 'decided_by' | 'decision_reason' | 'refund_state'
>;

/** An earning a re-check is due for: `rechecks` done so far, the IMEI at the handover. */
export interface RecheckDue {
  id: string;
  booking_id: string;
  imei: string | null;
  completed_at: string;
  rechecks: number;
}

const COLUMNS = `id, booking_id, earning_id, buyer_email, buyer_name, seller_id, seller_name, mobile_id, mobile_name,
  kind, text, pictures, status, opened_by, amount_cents, transaction_id, created_at, decided_at, decided_by,
  decision_reason, refund_state`;

export function claimsRepository(db: Database) {
  return {
    find: (id: string) => db.get<ClaimRow>(`SELECT ${COLUMNS} FROM claims WHERE id = ?`, [id]),

    ofBooking: (bookingId: string) =>
      db.get<ClaimRow>(`SELECT ${COLUMNS} FROM claims WHERE booking_id = ?`, [bookingId]),

    /** What a booking's view shows of its claim, for a page of bookings at once. */
    ofBookings: (bookingIds: readonly string[]) =>
      bookingIds.length === 0
        ? Promise.resolve([])
        : db.all<Pick<ClaimRow, 'id' | 'booking_id' | 'kind' | 'status'>>(
            `SELECT id, booking_id, kind, status FROM claims
             WHERE booking_id IN (${bookingIds.map(() => '?').join(', ')})`,
            [...bookingIds],
          ),

    /** One per booking: a second (a racing open, the re-check beside the buyer) changes nothing. */
    insert: (row: NewClaimRow) =>
      db.run(
        `INSERT INTO claims (id, booking_id, earning_id, buyer_email, buyer_name, seller_id, seller_name, mobile_id,
           mobile_name, kind, text, pictures, status, opened_by, amount_cents, transaction_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?)
         ON CONFLICT (booking_id) DO NOTHING`,
        [
          row.id,
          row.booking_id,
          row.earning_id,
          row.buyer_email,
          row.buyer_name,
          row.seller_id,
          row.seller_name,
          row.mobile_id,
          row.mobile_name,
          row.kind,
          row.text,
          row.pictures,
          row.opened_by,
          row.amount_cents,
          row.transaction_id,
          row.created_at,
        ],
      ),

    /** Decides an open claim: 1 change for the one decision that counts, 0 once it is decided. */
    decide: (id: string, to: 'refunded' | 'released', by: string, reason: string, at: string) =>
      db.run(
        `UPDATE claims SET status = ?, decided_at = ?, decided_by = ?, decision_reason = ?,
           refund_state = ?
         WHERE id = ? AND status = 'open'`,
        [to, at, by, reason, to === 'refunded' ? 'pending' : 'none', id],
      ),

    refunded: (id: string) =>
      db.run("UPDATE claims SET refund_state = 'done' WHERE id = ? AND refund_state = 'pending'", [id]),

    /** Refunds decided whose processor call has not been answered yet (the job's work). */
    refundsPending: () =>
      db.all<Pick<ClaimRow, 'id' | 'transaction_id' | 'amount_cents'>>(
        `SELECT id, transaction_id, amount_cents FROM claims WHERE refund_state = 'pending'
         ORDER BY decided_at LIMIT 500`,
      ),

    /** The queue: open ones oldest first, or decided ones newest first. */
    page: (status: 'open' | 'decided', page: RowWindow) =>
      pageOfRows<ClaimRow>(db, {
        columns: COLUMNS,
        from: `FROM claims WHERE status ${status === 'open' ? "= 'open'" : "<> 'open'"}`,
        order: status === 'open' ? 'created_at ASC, id ASC' : 'decided_at DESC, id DESC',
        page,
      }),

    // The re-checks, on the payouts module's earnings.

    /**
     * Earnings held for the claim window (pending, or on hold) whose next re-check is due: `cutoffs[k]` is the
     * latest handover time for which the re-check k (0-based) is due now.
     */
    rechecksDue: (cutoffs: readonly string[]) =>
      db.all<RecheckDue>(
        `SELECT id, booking_id, imei, completed_at, rechecks FROM earnings
         WHERE status IN ('pending', 'on_hold') AND (${cutoffs
           .map(() => '(rechecks = ? AND completed_at <= ?)')
           .join(' OR ')})
         ORDER BY completed_at LIMIT 500`,
        cutoffs.flatMap((cutoff, k) => [k, cutoff]),
      ),

    /** The re-checks `from` -> `to` done: 1 change for the one process that counts them, 0 for another. */
    recheckDone: (earningId: string, from: number, to: number) =>
      db.run('UPDATE earnings SET rechecks = ? WHERE id = ? AND rechecks = ?', [to, earningId, from]),
  };
}

export type ClaimsRepository = ReturnType<typeof claimsRepository>;
