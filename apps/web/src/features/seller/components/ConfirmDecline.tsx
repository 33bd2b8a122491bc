import type { Booking } from '@recell/api';
import { Confirm } from '../../../components/Confirm';
import { errorMessage, useToast } from '../../../lib/toast';
import { useDeclineBooking } from '../api/decline-booking';

/** Asked first: declining voids the buyer's hold and puts the phone back on sale; it cannot be undone. */
export function ConfirmDecline({
  booking,
  onClose,
  onDeclined = onClose,
}: {
  booking: Booking;
  onClose: () => void;
  /** Declined: the row's buttons are gone (the board moves focus on). */
  onDeclined?: () => void;
}) {
  const decline = useDeclineBooking();
  const toast = useToast();
  return (
    <Confirm
      title={`Decline ${booking.buyer}'s booking of ${booking.MobileName}?`}
      action="Decline"
      keep="Keep it"
      pending={decline.isPending}
      onConfirm={() =>
        decline.mutate(booking._id, {
          onSuccess: () => {
            toast.success('Booking declined');
            onDeclined();
          },
          onError: (error) => {
            toast.error(errorMessage(error));
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>
        {booking.status === 'held'
          ? `The hold on ${booking.buyer}'s card is released and nothing is charged.`
          : `${booking.buyer} can no longer pay for this booking.`}{' '}
        The phone goes back on sale.
      </p>
    </Confirm>
  );
}
