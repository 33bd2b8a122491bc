import { Badge } from '@recell/ui/Badge';
import type { Booking } from '@recell/api';
import { Link } from 'wouter';
import { DataTable, type Column } from '../../../components/DataTable';
import { ListSection } from '../../../components/QueryState';
import { button, thumb } from '../../../components/styles.css';
import { useBookings } from '../api/list-bookings';

const columns: Column<Booking>[] = [
  {
    header: 'Picture',
    cell: (booking) => <img src={booking.picture} alt="" width={64} height={48} className={thumb} />,
  },
  { header: 'Phone', cell: (booking) => booking.MobileName },
  { header: 'Price', cell: (booking) => `$${booking.price}` },
  {
    header: 'Payment',
    cell: (booking) =>
      booking.paid ? (
        <Badge status="paid" />
      ) : booking.cancelled ? (
        // The seller (or an admin) took the listing down before it was paid.
        <Badge status="cancelled">Cancelled: no longer listed</Badge>
      ) : booking.soldOut ? (
        // Someone else bought the last unit: Pay would only be refused.
        <Badge status="sold">Sold out</Badge>
      ) : booking.price ? (
        <Link
          href={`/dashboard/payment/${booking._id}`}
          className={button}
          aria-label={`Pay for ${booking.MobileName}`}
        >
          Pay
        </Link>
      ) : null,
  },
];

/**
 * /dashboard: the buyer's bookings, each with Pay or Paid (§4); an unpaid one says Cancelled when the listing was
 * taken down, or Sold out when no unit is left.
 */
export function MyOrdersPage({ email }: { email: string }) {
  return (
    <ListSection
      skeleton="rows"
      title="My Orders"
      query={useBookings(email)}
      label="your orders"
      empty="You have not booked any phone yet."
    >
      {({ items }) => <DataTable label="Orders table" rows={items} columns={columns} />}
    </ListSection>
  );
}
