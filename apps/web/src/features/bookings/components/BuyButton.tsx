import { button } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCreateBooking } from '../api/create-booking';

/** The cart's Buy: books the listing, then says 'Ordered' (§4). */
export function BuyButton({ mobileId, title, email }: { mobileId: string; title: string; email: string }) {
  const booking = useCreateBooking(email);
  const toast = useToast();
  const ordered = booking.isSuccess;
  return (
    <button
      type="button"
      className={button}
      disabled={booking.isPending || ordered}
      aria-label={ordered ? `${title} ordered` : `Buy ${title}`}
      onClick={() =>
        booking.mutate(
          { mobileId },
          {
            onSuccess: () => toast.success('Booking Confirmed'),
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
    >
      {ordered ? 'Ordered' : 'Buy'}
    </button>
  );
}
