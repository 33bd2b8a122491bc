import { Button } from '@recell/ui/Button';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCreateBooking } from '../api/create-booking';

/** The cart's Buy: books the listing, then says 'Ordered' (§4). */
export function BuyButton({ mobileId, title, email }: { mobileId: string; title: string; email: string }) {
  const booking = useCreateBooking(email);
  const toast = useToast();
  const ordered = booking.isSuccess;
  return (
    <Button
      isDisabled={ordered}
      isPending={booking.isPending}
      aria-label={ordered ? `${title} ordered` : `Buy ${title}`}
      onPress={() =>
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
    </Button>
  );
}
