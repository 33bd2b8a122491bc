import { HANDOVER_ATTEMPTS, HANDOVER_LOCKED_TEXT, webLinks, type Booking } from '@recell/api';
import { Badge } from '@recell/ui/Badge';
import { Button } from '@recell/ui/Button';
import { Link } from '@recell/ui/Link';
import { timeLeft } from '../../../lib/deal-time';
import * as styles from './Deals.css';
import { actions } from './MyProductPage.css';

/** The buyer's claim on a completed deal, as its seller reads it. */
const claimWords: Record<NonNullable<Booking['claim']>['status'], string> = {
  open: 'The buyer reported a problem: the money is on hold until ReCell decides.',
  refunded: 'Refunded to the buyer after a claim.',
  released: 'The claim was not upheld: the money is yours.',
};

/** How the deal stands, in words (the seller never sees the code: the buyer gives it at the meetup). */
export function SellerDealState({ booking }: { booking: Booking }) {
  switch (booking.status) {
    case 'held':
      return (
        <div className={styles.state}>
          <Badge status="held" />
          <p className={styles.note}>
            {booking.handoverLocked
              ? HANDOVER_LOCKED_TEXT
              : `${timeLeft(booking.holdExpiresAt)}; ${booking.handoverAttemptsLeft ?? HANDOVER_ATTEMPTS} tries for the code`}
          </p>
        </div>
      );
    case 'completed':
      return (
        <div className={styles.state}>
          <Badge status="paid" />
          <p className={styles.note}>Deal complete.</p>
          {booking.claim ? (
            <>
              <p className={styles.note}>{claimWords[booking.claim.status]}</p>
              <Link
                href={webLinks.claim(booking.claim._id)}
                aria-label={`See the claim on ${booking.MobileName}`}
              >
                See the claim
              </Link>
            </>
          ) : null}
        </div>
      );
    case 'declined':
      return <Badge status="cancelled">Declined by you</Badge>;
    case 'expired':
      return (
        <div className={styles.state}>
          <Badge status="cancelled">Expired</Badge>
          <p className={styles.note}>No handover in time; the phone is back on sale.</p>
        </div>
      );
    case 'cancelled':
      if (booking.deviceBlocked) {
        return (
          <div className={styles.state}>
            <Badge status="cancelled">IMEI blocked</Badge>
            <p className={styles.note}>
              Called off at the handover: the IMEI is reported stolen or blocked. The listing is down for
              review.
            </p>
          </div>
        );
      }
      return (
        <Badge status="cancelled">
          {booking.notAsDescribed ? 'Buyer walked away: not as described' : 'Cancelled by the buyer'}
        </Badge>
      );
    case 'unpaid':
      return booking.cancelled ? <Badge status="cancelled" /> : <Badge status="unpaid" />;
  }
}

/**
 * A held deal's actions on the seller's board; unpaid bookings may be declined too; a completed deal is
 * reviewed (when the board is given a way to).
 */
export function SellerDealActions({
  booking,
  onEnterCode,
  onDecline,
  onReview,
}: {
  booking: Booking;
  onEnterCode: (booking: Booking) => void;
  onDecline: (booking: Booking) => void;
  onReview?: (booking: Booking) => void;
}) {
  if (booking.status === 'completed' && onReview) {
    return (
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Review ${booking.buyer} for ${booking.MobileName}`}
        onPress={() => onReview(booking)}
      >
        Review
      </Button>
    );
  }
  const open = booking.status === 'held' || (booking.status === 'unpaid' && !booking.cancelled);
  if (!open) return null;
  return (
    <div className={actions}>
      {booking.status === 'held' && !booking.handoverLocked ? (
        <Button
          size="sm"
          aria-label={`Enter handover code for ${booking.MobileName}`}
          onPress={() => onEnterCode(booking)}
        >
          Enter handover code
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Decline ${booking.buyer}'s booking of ${booking.MobileName}`}
        onPress={() => onDecline(booking)}
      >
        Decline
      </Button>
    </div>
  );
}
