import { HANDOVER_LOCKED_TEXT, type Booking } from '@recell/api';
import { Badge } from '@recell/ui/Badge';
import { Button } from '@recell/ui/Button';
import type { ReactNode } from 'react';
import { timeLeft } from '../../../lib/deal-time';
import * as styles from './Deal.css';
import { PayToHold } from './PayToHold';

/** Why a booking ended, in one sentence the buyer can act on. */
function endedNote(booking: Booking): string {
  switch (booking.status) {
    case 'declined':
      return 'The seller declined. Nothing was charged; any hold on your card is released.';
    case 'expired':
      return 'The handover did not happen in time. The hold on your card is released.';
    default:
      if (booking.deviceBlocked)
        return "Called off at the handover: this phone's IMEI is reported stolen or blocked. Nothing was charged; the hold on your card is released.";
      if (booking.notAsDescribed) return 'You walked away: not as described. Reported; nothing was charged.';
      return booking.cancelledBy === 'buyer'
        ? 'Nothing was charged.'
        : 'The seller took the listing down. Nothing was charged.';
  }
}

/**
 * My Orders' deal column: the booking's state in words and its next step. A held deal opens its details (the
 * handover code, the checklist, walking away) in a dialog, so the row stays compact on a phone.
 */
export function DealState({
  booking,
  onOpen,
  onReview,
  claim,
}: {
  booking: Booking;
  onOpen: (booking: Booking) => void;
  /** A completed deal: the buyer reviews the seller (or reads the reviews). */
  onReview?: (booking: Booking) => void;
  /** A completed deal's claim line (the payouts feature's, composed by the app): report a problem, or its state. */
  claim?: ReactNode;
}) {
  // `cancelled` is what ended bookings had before deals had a status; the status says how it ended
  const status = booking.status === 'unpaid' && booking.cancelled ? 'cancelled' : booking.status;
  switch (status) {
    case 'completed':
      return (
        <div className={styles.state}>
          <Badge status="paid" />
          <p className={styles.note}>Deal complete.</p>
          {onReview ? (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Review the seller of ${booking.MobileName}`}
              onPress={() => onReview(booking)}
            >
              Review
            </Button>
          ) : null}
          {claim}
        </div>
      );
    case 'held':
      return (
        <div className={styles.state}>
          <Badge status="held" />
          <p className={styles.note}>
            {booking.handoverLocked ? HANDOVER_LOCKED_TEXT : timeLeft(booking.holdExpiresAt)}
          </p>
          <Button
            size="sm"
            aria-label={`${booking.handoverLocked ? 'Deal details' : 'Handover code'} for ${booking.MobileName}`}
            onPress={() => onOpen(booking)}
          >
            {booking.handoverLocked ? 'Deal details' : 'Handover code'}
          </Button>
        </div>
      );
    case 'cancelled':
    case 'declined':
    case 'expired':
      return (
        <div className={styles.state}>
          <Badge status="cancelled">
            {status === 'declined'
              ? 'Declined by the seller'
              : status === 'expired'
                ? 'Expired'
                : booking.cancelledBy === 'buyer'
                  ? 'Cancelled by you'
                  : 'Cancelled: no longer listed'}
          </Badge>
          <p className={styles.note}>{endedNote(booking)}</p>
        </div>
      );
    case 'unpaid':
      // Someone else bought the last unit: Pay would only be refused.
      if (booking.soldOut) return <Badge status="sold">Sold out</Badge>;
      // booked is not yet protected: the row says so, and its one button holds the card
      return (
        <div className={styles.state}>
          <Badge status="unpaid">Booked, not paid</Badge>
          <p className={styles.note}>No protection until your card is held.</p>
          {booking.price ? <PayToHold booking={booking} size="sm" /> : null}
        </div>
      );
  }
}
