import type { Booking } from '@recell/api';
import type { Database } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import { toDollars } from '../../money';
import { pageOfRows } from '../../db/paging';

export interface BookingRow {
  id: string;
  mobile_id: string;
  buyer_email: string;
  buyer_name: string;
  mobile_name: string;
  price_cents: number;
  picture: string;
  booking_ref: string;
  phone: string;
  location: string;
  booked_at: string;
  paid: 0 | 1;
  cancelled: 0 | 1;
  cancelled_by: 'listing' | 'buyer' | null;
  status: DealStatus;
  transaction_id: string | null;
  held_at: string | null;
  hold_expires_at: string | null;
  handover_attempts: number;
  not_as_described: 0 | 1;
  completed_at: string | null;
  ended_at: string | null;
  /** read only: the listing's stock now (null when the listing is gone) */
  stock_left: number | null;
  /** read only: the listing's seller (null when the listing is gone) */
  seller_id: string | null;
}

export type DealStatus = Booking['status'];
/** How a deal ends without a sale. */
export type Ending = 'cancelled' | 'declined' | 'expired';
export const HANDOVER_ATTEMPTS = 5;

/** The contract's Booking; `handoverCode` only when the caller is the booking's buyer (the service decides). */
export const toBooking = (row: BookingRow, handoverCode?: string): Booking => ({
  _id: row.id,
  mobileId: row.mobile_id,
  bookingTime: row.booked_at,
  MobileName: row.mobile_name,
  buyer: row.buyer_name,
  email: row.buyer_email,
  phone: row.phone,
  price: toDollars(row.price_cents),
  location: row.location,
  bookingId: row.booking_ref,
  picture: row.picture,
  paid: row.paid === 1,
  cancelled: row.cancelled === 1,
  ...(row.status === 'cancelled' ? { cancelledBy: row.cancelled_by ?? 'listing' } : {}),
  soldOut: (row.stock_left ?? 0) === 0,
  status: row.status,
  ...(row.transaction_id ? { transaction: row.transaction_id } : {}),
  ...(row.held_at ? { heldAt: row.held_at } : {}),
  ...(row.status === 'held'
    ? {
        holdExpiresAt: row.hold_expires_at ?? row.held_at ?? row.booked_at,
        handoverAttemptsLeft: HANDOVER_ATTEMPTS - row.handover_attempts,
        handoverLocked: row.handover_attempts >= HANDOVER_ATTEMPTS,
        ...(handoverCode && row.handover_attempts < HANDOVER_ATTEMPTS ? { handoverCode } : {}),
      }
    : {}),
  ...(row.not_as_described ? { notAsDescribed: true } : {}),
  ...(row.completed_at ? { completedAt: row.completed_at } : {}),
  ...(row.ended_at ? { endedAt: row.ended_at } : {}),
});

const COLUMNS = `b.id, b.mobile_id, b.buyer_email, b.buyer_name, b.mobile_name, b.price_cents, b.picture,
  b.booking_ref, b.phone, b.location, b.booked_at, b.paid, b.cancelled, b.cancelled_by, b.status,
  b.transaction_id, b.held_at, b.hold_expires_at, b.handover_attempts, b.not_as_described, b.completed_at,
  b.ended_at, (SELECT stock FROM mobiles WHERE id = b.mobile_id) AS stock_left,
  (SELECT seller_id FROM mobiles WHERE id = b.mobile_id) AS seller_id`;

export function bookingsRepository(db: Database) {
  return {
    find: (id: string) => db.get<BookingRow>(`SELECT ${COLUMNS} FROM bookings b WHERE b.id = ?`, [id]),
    /** The buyer's open (unpaid, not cancelled) booking of this listing, if any. */
    openOf: (mobileId: string, email: string) =>
      db.get<{ id: string }>(
        'SELECT id FROM bookings WHERE mobile_id = ? AND buyer_email = ? AND paid = 0 AND cancelled = 0',
        [mobileId, email],
      ),
    /** Unpaid bookings, for the limit (a held deal is backed by money, so it does not count). */
    openCount: async (email: string) =>
      (
        await db.get<{ n: number }>(
          "SELECT COUNT(*) AS n FROM bookings WHERE buyer_email = ? AND paid = 0 AND cancelled = 0 AND status = 'unpaid'",
          [email],
        )
      )?.n ?? 0,
    // The deal's transitions. Each is one conditional UPDATE: when two race (a code entered as the hold expires,
    // a decline as the buyer walks away), the database lets exactly one through and the other changes nothing.
    hold: (id: string, transaction: string, at: string, expiresAt: string) =>
      db.run(
        `UPDATE bookings SET status = 'held', transaction_id = ?, held_at = ?, hold_expires_at = ?
         WHERE id = ? AND status = 'unpaid' AND cancelled = 0`,
        [transaction, at, expiresAt, id],
      ),
    /** The right code, before the window closed and while not locked. */
    complete: (id: string, at: string) =>
      db.run(
        `UPDATE bookings SET status = 'completed', paid = 1, completed_at = ?
         WHERE id = ? AND status = 'held' AND handover_attempts < ${HANDOVER_ATTEMPTS} AND hold_expires_at > ?`,
        [at, id, at],
      ),
    /** The processor says the money was captured (a webhook, reconciliation): no code or window to check. */
    completeCaptured: (id: string, at: string) =>
      db.run(
        "UPDATE bookings SET status = 'completed', paid = 1, completed_at = ? WHERE id = ? AND status = 'held'",
        [at, id],
      ),
    wrongCode: (id: string) =>
      db.run(
        `UPDATE bookings SET handover_attempts = handover_attempts + 1
         WHERE id = ? AND status = 'held' AND handover_attempts < ${HANDOVER_ATTEMPTS}`,
        [id],
      ),
    /** Ends a deal that is in `from` (held, or unpaid); expiry passes the moment, so a live hold is never ended. */
    end: (
      id: string,
      from: 'held' | 'unpaid',
      to: Ending,
      at: string,
      options: { by?: 'buyer'; notAsDescribed?: boolean; dueBy?: string } = {},
    ) =>
      db.run(
        `UPDATE bookings SET status = ?, cancelled = 1, cancelled_by = ?, ended_at = ?, not_as_described = ?
         WHERE id = ? AND status = ? ${options.dueBy ? 'AND hold_expires_at <= ?' : ''}`,
        [
          to,
          to === 'cancelled' ? (options.by ?? 'buyer') : null,
          at,
          options.notAsDescribed ? 1 : 0,
          id,
          from,
          ...(options.dueBy ? [options.dueBy] : []),
        ],
      ),
    /** Holds whose window has passed (the expiry job's work). */
    dueHolds: (at: string) =>
      db.all<{ id: string }>(
        "SELECT id FROM bookings WHERE status = 'held' AND hold_expires_at <= ? ORDER BY hold_expires_at LIMIT 500",
        [at],
      ),
    /** A listing taken down: its unpaid and held bookings are kept as cancelled. */
    cancelForListing: (mobileId: string, at: string) =>
      db.run(
        `UPDATE bookings SET cancelled = 1, cancelled_by = 'listing', status = 'cancelled', ended_at = ?
         WHERE mobile_id = ? AND paid = 0 AND cancelled = 0`,
        [at, mobileId],
      ),
    /** A deleted buyer's held deals end as if they walked away. */
    cancelHeldOf: (buyerEmail: string, at: string) =>
      db.run(
        `UPDATE bookings SET status = 'cancelled', cancelled = 1, cancelled_by = 'buyer', ended_at = ?
         WHERE buyer_email = ? AND status = 'held'`,
        [at, buyerEmail],
      ),
    /** A deleted buyer's bookings without money history go; paid ones stay as records. */
    deleteUnpaidOf: (buyerEmail: string) =>
      db.run(
        `DELETE FROM bookings WHERE buyer_email = ? AND paid = 0
           AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = bookings.id)`,
        [buyerEmail],
      ),
    async earnings(sellerId: string) {
      const rows = await db.all<{ status: DealStatus; n: number; cents: number }>(
        `SELECT b.status, COUNT(*) AS n, COALESCE(SUM(b.price_cents), 0) AS cents
         FROM bookings b JOIN mobiles m ON m.id = b.mobile_id
         WHERE m.seller_id = ? AND b.status IN ('held', 'completed') GROUP BY b.status`,
        [sellerId],
      );
      const of = (status: DealStatus) => rows.find((row) => row.status === status);
      return {
        completedCount: of('completed')?.n ?? 0,
        completedCents: of('completed')?.cents ?? 0,
        heldCount: of('held')?.n ?? 0,
        heldCents: of('held')?.cents ?? 0,
      };
    },
    insert: (
      row: Pick<
        BookingRow,
        | 'id'
        | 'mobile_id'
        | 'buyer_email'
        | 'buyer_name'
        | 'mobile_name'
        | 'price_cents'
        | 'picture'
        | 'booking_ref'
        | 'phone'
        | 'location'
        | 'booked_at'
        | 'paid'
      >,
    ) =>
      db.run(
        `INSERT INTO bookings (id, mobile_id, buyer_email, buyer_name, mobile_name, price_cents, picture,
           booking_ref, phone, location, booked_at, paid)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          row.id,
          row.mobile_id,
          row.buyer_email,
          row.buyer_name,
          row.mobile_name,
          row.price_cents,
          row.picture,
          row.booking_ref,
          row.phone,
          row.location,
          row.booked_at,
          row.paid,
        ],
      ),
    async byBuyer(email: string, page: PageRequest) {
      return pageOfRows<BookingRow>(db, {
        columns: COLUMNS,
        from: 'FROM bookings b WHERE b.buyer_email = ?',
        params: [email],
        order: 'b.booked_at DESC, b.id DESC',
        page,
      });
    },
    async bySeller(sellerId: string, page: PageRequest) {
      return pageOfRows<BookingRow>(db, {
        columns: COLUMNS,
        from: 'FROM bookings b JOIN mobiles m ON m.id = b.mobile_id WHERE m.seller_id = ?',
        params: [sellerId],
        order: 'b.booked_at DESC, b.id DESC',
        page,
      });
    },
  };
}

export type BookingsRepository = ReturnType<typeof bookingsRepository>;
