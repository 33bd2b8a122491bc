import { useMutation } from '@tanstack/react-query';
import { useApi, type Api } from './api';

// getBookingCalendar: in lib/ because both sides of a deal offer the download (the buyer's MeetupSummary in
// bookings, the seller's SellerMeetup in seller), and features do not import each other.

/** The booking's meetup as iCalendar text (its buyer and seller only). */
export async function getBookingCalendar(api: Api, id: string): Promise<string> {
  const { data } = await api.GET('/bookings/{id}/calendar', { params: { path: { id } }, parseAs: 'text' });
  return data ?? '';
}

/** Saves the meetup as an .ics file the person's calendar opens. */
export function useDownloadCalendar() {
  const api = useApi();
  return useMutation({
    mutationFn: async (id: string) => {
      const ics = await getBookingCalendar(api, id);
      const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'recell-meetup.ics';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
