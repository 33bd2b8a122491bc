import type { Booking } from '@recell/api';
import type { Database } from '../../db/connection';
import type { PageRequest } from '../../http/pagination';
import { toDollars } from '../../money';

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
  /** read only: the listing's stock now (null when the listing is gone) */
  stock_left: number | null;
}

export const toBooking = (row: BookingRow): Booking => ({
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
  ...(row.cancelled === 1 ? { cancelledBy: row.cancelled_by ?? 'listing' } : {}),
  soldOut: (row.stock_left ?? 0) === 0,
  status: row.paid ? 'completed' : row.cancelled ? 'cancelled' : 'unpaid',
});

const COLUMNS = `b.id, b.mobile_id, b.buyer_email, b.buyer_name, b.mobile_name, b.price_cents, b.picture,
  b.booking_ref, b.phone, b.location, b.booked_at, b.paid, b.cancelled, b.cancelled_by,
  (SELECT stock FROM mobiles WHERE id = b.mobile_id) AS stock_left`;

export function bookingsRepository(db: Database) {
  return {
    find: (id: string) => db.get<BookingRow>(`SELECT ${COLUMNS} FROM bookings b WHERE b.id = ?`, [id]),
    /** The buyer's open (unpaid, not cancelled) booking of this listing, if any. */
    openOf: (mobileId: string, email: string) =>
      db.get<{ id: string }>(
        'SELECT id FROM bookings WHERE mobile_id = ? AND buyer_email = ? AND paid = 0 AND cancelled = 0',
        [mobileId, email],
      ),
    openCount: async (email: string) =>
      (
        await db.get<{ n: number }>(
          'SELECT COUNT(*) AS n FROM bookings WHERE buyer_email = ? AND paid = 0 AND cancelled = 0',
          [email],
        )
      )?.n ?? 0,
    /** A new booking: never cancelled (the column's default). */
    /** The buyer calls it off: only while unpaid and not yet cancelled (a payment settling first wins). */
    cancelByBuyer: (id: string) =>
      db.run(
        "UPDATE bookings SET cancelled = 1, cancelled_by = 'buyer' WHERE id = ? AND paid = 0 AND cancelled = 0",
        [id],
      ),
    insert: (row: Omit<BookingRow, 'cancelled' | 'cancelled_by' | 'stock_left'>) =>
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
      const rows = await db.all<BookingRow>(
        `SELECT ${COLUMNS} FROM bookings b WHERE b.buyer_email = ? ORDER BY b.booked_at DESC, b.id DESC
         LIMIT ? OFFSET ?`,
        [email, page.limit, page.offset],
      );
      const count = await db.get<{ total: number }>(
        'SELECT COUNT(*) AS total FROM bookings WHERE buyer_email = ?',
        [email],
      );
      return { rows, total: count?.total ?? 0 };
    },
    async bySeller(sellerId: string, page: PageRequest) {
      const from = 'FROM bookings b JOIN mobiles m ON m.id = b.mobile_id WHERE m.seller_id = ?';
      const rows = await db.all<BookingRow>(
        `SELECT ${COLUMNS} ${from} ORDER BY b.booked_at DESC, b.id DESC LIMIT ? OFFSET ?`,
        [sellerId, page.limit, page.offset],
      );
      const count = await db.get<{ total: number }>(`SELECT COUNT(*) AS total ${from}`, [sellerId]);
      return { rows, total: count?.total ?? 0 };
    },
  };
}

export type BookingsRepository = ReturnType<typeof bookingsRepository>;
