// Booking a listing and reading bookings back; every transition of a booking's deal is in modules/deals.
import type { Database } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import { pageOfRows } from '../../db/paging';
import { BOOKING_COLUMNS, type BookingRow, type NewBookingRow } from '../deals/record';

export function bookingsRepository(db: Database) {
  return {
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
    /** A deleted buyer's bookings without money history go; paid ones stay as records. */
    deleteUnpaidOf: (buyerEmail: string) =>
      db.run(
        `DELETE FROM bookings WHERE buyer_email = ? AND paid = 0
           AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = bookings.id)`,
        [buyerEmail],
      ),
    insert: (row: NewBookingRow) =>
      db.run(
        `INSERT INTO bookings (id, mobile_id, buyer_email, buyer_name, mobile_name, price_cents, picture,
           booking_ref, phone, location, booked_at, paid, seller_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
          row.seller_id,
        ],
      ),
    async byBuyer(email: string, page: PageRequest) {
      return pageOfRows<BookingRow>(db, {
        columns: BOOKING_COLUMNS,
        from: 'FROM bookings b WHERE b.buyer_email = ?',
        params: [email],
        order: 'b.booked_at DESC, b.id DESC',
        page,
      });
    },
    async bySeller(sellerEmail: string, page: PageRequest) {
      return pageOfRows<BookingRow>(db, {
        columns: BOOKING_COLUMNS,
        from: 'FROM bookings b WHERE b.seller_id = (SELECT id FROM users WHERE email = ?)',
        params: [sellerEmail],
        // held deals lead: at a meetup the seller needs the one waiting for its code, not the newest booking
        order: "CASE WHEN b.status = 'held' THEN 0 ELSE 1 END, b.booked_at DESC, b.id DESC",
        page,
      });
    },
  };
}

export type BookingsRepository = ReturnType<typeof bookingsRepository>;
