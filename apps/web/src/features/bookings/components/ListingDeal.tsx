import type { Booking } from '@recell/api';
import { Badge } from '@recell/ui/Badge';
import { LinkButton } from '@recell/ui/LinkButton';
import { PayToHold } from './PayToHold';

/**
 * A buyer's open deal of the listing they are looking at, said on its page: not "Available" with an
 * active Book, but where their deal stands.
 */
export function DealStanding({ booking }: { booking: Booking }) {
  return booking.status === 'held' ? (
    <Badge status="held">Your card is held</Badge>
  ) : (
    <Badge status="unpaid">Booked by you, not paid</Badge>
  );
}

/** The one button that moves the buyer's deal on: hold the card, or (held) the handover code in My Orders. */
export function DealNextStep({ booking }: { booking: Booking }) {
  return booking.status === 'held' ? (
    <LinkButton href="/dashboard" aria-label={`Your handover code for ${booking.MobileName}`}>
      Your handover code
    </LinkButton>
  ) : (
    <PayToHold booking={booking} />
  );
}
