import type { BookingMeetup } from '@recell/api';
import { MeetupLine } from '../../../components/MeetupLine';
import { errorMessage, useToast } from '../../../lib/toast';
import { useDownloadCalendar } from '../../../lib/get-booking-calendar';

/** The meetup a buyer booked, with its calendar entry (the seller's side). */
export function SellerMeetup({ bookingId, meetup }: { bookingId: string; meetup: BookingMeetup }) {
  const download = useDownloadCalendar();
  const toast = useToast();
  return (
    <MeetupLine
      meetup={meetup}
      pending={download.isPending}
      onCalendar={() => download.mutate(bookingId, { onError: (error) => toast.error(errorMessage(error)) })}
    />
  );
}
