import { Button } from '@recell/ui/Button';
import { formatMoney } from '@recell/ui/format';
import { Link } from '@recell/ui/Link';
import type { Booking } from '@recell/api';
import { useState, type ReactNode } from 'react';
import { DataTable, type Column } from '../../../components/DataTable';
import { Confirm } from '../../../components/Confirm';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { thumb } from '../../../components/styles.css';
import type { RenderDealReview } from '../../../lib/deal-review';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCancelBooking } from '../api/cancel-booking';
import { useBookings } from '../api/list-bookings';
import { DealState } from './DealState';
import { MeetupSummary } from './MeetupSummary';
import { HeldDeal } from './HeldDeal';

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

const columns = (
  onCancel: (booking: Booking) => void,
  onOpen: (booking: Booking) => void,
  onReview?: (booking: Booking) => void,
  renderClaim?: (booking: Booking) => ReactNode,
): Column<Booking>[] => [
  {
    header: 'Picture',
    cell: (booking) => <img src={booking.picture} alt="" width={64} height={48} className={thumb} />,
  },
  { header: 'Phone', cell: (booking) => booking.MobileName },
  { header: 'Price', cell: (booking) => formatMoney({ dollars: booking.price }) },
  {
    header: 'Meetup',
    // the spot (or place) and time, with the calendar entry
    cell: (booking) =>
      booking.meetup ? <MeetupSummary bookingId={booking._id} meetup={booking.meetup} /> : booking.location,
  },
  {
    header: 'Payment',
    cell: (booking) => (
      <DealState
        booking={booking}
        onOpen={onOpen}
        {...(onReview ? { onReview } : {})}
        {...(renderClaim ? { claim: renderClaim(booking) } : {})}
      />
    ),
  },
  {
    header: 'Messages',
    cell: (booking) =>
      booking.conversationId ? (
        <Link
          href={`/dashboard/messages/${booking.conversationId}`}
          aria-label={`Messages about ${booking.MobileName}`}
        >
          Messages
        </Link>
      ) : (
        'None yet'
      ),
  },
  {
    header: 'Booking',
    // a held deal is walked away from in its dialog, where the code and the checklist are
    cell: (booking) =>
      booking.status === 'unpaid' && !booking.cancelled ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Cancel booking of ${booking.MobileName}`}
          onPress={() => onCancel(booking)}
        >
          Cancel
        </Button>
      ) : null,
  },
];

/**
 * /dashboard: the buyer's bookings and deals (§4): unpaid ones with Pay and Cancel (or Sold out), held
 * ones with their handover code in a dialog, then Paid when the deal is complete, or how it ended.
 */
export function MyOrdersPage({
  email,
  renderReview,
  renderClaim,
}: {
  email: string;
  renderReview?: RenderDealReview;
  /** A completed deal's claim line: reporting a hidden problem in its window, or the claim's state. */
  renderClaim?: (booking: Booking) => ReactNode;
}) {
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [opened, setOpened] = useState<Booking | null>(null);
  const [reviewing, setReviewing] = useState<Booking | null>(null);
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
        {({ items }) => (
          <DataTable
            label="Orders table"
            rows={items}
            columns={columns(setCancelling, setOpened, renderReview ? setReviewing : undefined, renderClaim)}
          />
        )}
      </ListSection>
      {cancelling ? <ConfirmCancel booking={cancelling} onClose={() => setCancelling(null)} /> : null}
      {opened ? <HeldDeal booking={opened} onClose={() => setOpened(null)} /> : null}
      {reviewing && renderReview ? renderReview(reviewing, () => setReviewing(null)) : null}
    </>
  );
}
