import { Badge } from '@recell/ui/Badge';
import { Button } from '@recell/ui/Button';
import type { Booking } from '@recell/api';
import { useState } from 'react';
import { Link } from 'wouter';
import { DataTable, type Column } from '../../../components/DataTable';
import { Confirm } from '../../../components/Confirm';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { button, thumb } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCancelBooking } from '../api/cancel-booking';
import { useBookings } from '../api/list-bookings';

/** Asked first: a cancelled booking cannot be paid, and the seller stops holding the phone for the buyer. */
function ConfirmCancel({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const cancel = useCancelBooking();
  const toast = useToast();
  return (
    <Confirm
      title={`Cancel your booking of ${booking.MobileName}?`}
      action="Cancel booking"
      keep="Keep it"
      pending={cancel.isPending}
      onConfirm={() =>
        cancel.mutate(booking._id, {
          onSuccess: () => {
            toast.success('Booking cancelled');
            onClose();
          },
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
      onClose={onClose}
    >
      <p>You will not be able to pay for this booking. You can book the phone again while it is for sale.</p>
    </Confirm>
  );
}

const columns = (onCancel: (booking: Booking) => void): Column<Booking>[] => [
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
      ) : booking.status === 'held' ? (
        // The card is held; the money goes to the seller at the handover (issue 14's screens show the code).
        <Badge status="paid">Held until the handover</Badge>
      ) : booking.cancelled ? (
        // Ended without a sale: by the buyer, the listing's removal, the seller, or the hold's expiry.
        <Badge status="cancelled">
          {booking.status === 'declined'
            ? 'Declined by the seller'
            : booking.status === 'expired'
              ? 'Expired'
              : booking.cancelledBy === 'buyer'
                ? 'Cancelled by you'
                : 'Cancelled: no longer listed'}
        </Badge>
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
  {
    header: 'Booking',
    cell: (booking) =>
      booking.paid || booking.cancelled ? null : (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Cancel booking of ${booking.MobileName}`}
          onPress={() => onCancel(booking)}
        >
          Cancel
        </Button>
      ),
  },
];

/**
 * /dashboard: the buyer's bookings, each with Pay or Paid (§4); an unpaid one can be cancelled, says Cancelled when
 * the buyer cancelled it or the listing was taken down, or Sold out when no unit is left.
 */
export function MyOrdersPage({ email }: { email: string }) {
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const paging = usePageParam();
  return (
    <>
      <ListSection
        skeleton="rows"
        title="My Orders"
        query={useBookings(email, paging.page)}
        paging={paging}
        label="your orders"
        empty="You have not booked any phone yet."
      >
        {({ items }) => <DataTable label="Orders table" rows={items} columns={columns(setCancelling)} />}
      </ListSection>
      {cancelling ? <ConfirmCancel booking={cancelling} onClose={() => setCancelling(null)} /> : null}
    </>
  );
}
