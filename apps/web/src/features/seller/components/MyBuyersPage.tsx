import type { Booking } from '@recell/api';
import { formatMoney } from '@recell/ui/format';
import { Link } from '@recell/ui/Link';
import { useRef, useState } from 'react';
import { DataTable, type Column } from '../../../components/DataTable';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import type { RenderDealReview } from '../../../lib/deal-review';
import { focusHeadingAfterDialog } from '../../../lib/focus';
import { useSellerBuyers } from '../api/list-seller-buyers';
import { ConfirmDecline } from './ConfirmDecline';
import { EarningsSummary } from './EarningsSummary';
import { HandoverDialog } from './HandoverDialog';
import { SellerMeetup } from './SellerMeetup';
import { SellerDealActions, SellerDealState } from './SellerDeal';

const columns = (
  onEnterCode: (booking: Booking) => void,
  onDecline: (booking: Booking) => void,
  onReview?: (booking: Booking) => void,
): Column<Booking>[] => [
  // what the seller acts on first: on a phone each row is a card read top down, so the phone, the deal's state
  // and "Enter handover code" come before the buyer's details
  { header: 'Booked phone', cell: (booking) => booking.MobileName },
  { header: 'Price', cell: (booking) => formatMoney({ dollars: booking.price }) },
  { header: 'Deal', cell: (booking) => <SellerDealState booking={booking} /> },
  {
    header: 'Actions',
    cell: (booking) => (
      <SellerDealActions
        booking={booking}
        onEnterCode={onEnterCode}
        onDecline={onDecline}
        {...(onReview ? { onReview } : {})}
      />
    ),
  },
  { header: 'Buyer', cell: (booking) => booking.buyer },
  { header: 'Phone', cell: (booking) => booking.phone || 'Not given' },
  {
    header: 'Meeting location',
    // the spot and time the buyer chose, with its calendar entry; else the place in their words
    cell: (booking) =>
      booking.meetup ? (
        <SellerMeetup bookingId={booking._id} meetup={booking.meetup} />
      ) : (
        booking.location || 'Not given'
      ),
  },
  { header: 'Email', cell: (booking) => booking.email },
  {
    header: 'Messages',
    // the buyer's thread about this phone, or a first message to a buyer who booked without asking
    cell: (booking) => (
      <Link
        href={
          booking.conversationId
            ? `/dashboard/messages/${booking.conversationId}`
            : `/dashboard/messages/booking/${booking._id}`
        }
        aria-label={`${booking.conversationId ? 'Messages with' : 'Write to buyer'} ${booking.buyer} about ${booking.MobileName}`}
      >
        {booking.conversationId ? 'Messages' : 'Write to buyer'}
      </Link>
    ),
  },
];

/**
 * /dashboard/myBuyers (sellers): the deals board. Who booked the seller's phones and how to meet them
 * (decisions.md); a held deal completes when the seller enters the buyer's handover code, or is declined.
 * Held deals lead (the server sorts them first); the earnings follow: what completed deals captured and what is held.
 */
export function MyBuyersPage({ email, renderReview }: { email: string; renderReview?: RenderDealReview }) {
  const paging = usePageParam();
  const [entering, setEntering] = useState<Booking | null>(null);
  const [declining, setDeclining] = useState<Booking | null>(null);
  const [reviewing, setReviewing] = useState<Booking | null>(null);
  const board = useRef<HTMLDivElement>(null);
  return (
    <div ref={board}>
      <ListSection
        skeleton="rows"
        title="My Buyers"
        query={useSellerBuyers(email, paging.page)}
        paging={paging}
        label="your buyers"
        empty="Nobody has booked your phones yet."
      >
        {({ items }) => (
          <DataTable
            label="Buyers table"
            rows={items}
            columns={columns(setEntering, setDeclining, renderReview ? setReviewing : undefined)}
          />
        )}
      </ListSection>
      {/* after the deals: the figures matter at the desk, the held deal at the meetup */}
      <EarningsSummary email={email} />
      {entering ? (
        <HandoverDialog
          booking={entering}
          onClose={() => setEntering(null)}
          onCompleted={() => {
            setEntering(null);
            focusHeadingAfterDialog(board.current);
          }}
        />
      ) : null}
      {reviewing && renderReview ? renderReview(reviewing, () => setReviewing(null)) : null}
      {declining ? (
        <ConfirmDecline
          booking={declining}
          onClose={() => setDeclining(null)}
          onDeclined={() => {
            setDeclining(null);
            focusHeadingAfterDialog(board.current);
          }}
        />
      ) : null}
    </div>
  );
}
