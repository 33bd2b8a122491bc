import type { Booking } from '@recell/api';
import { formatMoney } from '@recell/ui/format';
import { LinkButton } from '@recell/ui/LinkButton';

/**
 * The one step that finishes a booking: until the card is held there is no hold and no protection,
 * so wherever a booked-but-unpaid deal shows, this is its button. Its name starts with its words, then the phone.
 */
export function PayToHold({ booking, size }: { booking: Booking; size?: 'sm' }) {
  const words = `Pay to hold ${formatMoney({ dollars: booking.price })}`;
  return (
    <LinkButton
      href={`/dashboard/payment/${booking._id}`}
      aria-label={`${words} for ${booking.MobileName}`}
      {...(size ? { size } : {})}
    >
      {words}
    </LinkButton>
  );
}
