import { unwrap, type Booking } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listBookings = (api: Api, email: string, page = 1, pageSize?: number) =>
  unwrap(api.GET('/bookings', { params: { query: { email, page, ...(pageSize ? { pageSize } : {}) } } }));

/** Every page of one buyer's orders: what a booking, a cancel or a payment invalidates. */
export const myBookingsKey = (email: string) => ['bookings', 'mine', email] as const;

export const listBookingsQueryOptions = (api: Api, email: string, page = 1) =>
  queryOptions({
    queryKey: [...myBookingsKey(email), { page }],
    queryFn: () => listBookings(api, email, page),
    // the page being left stays on screen until the next one arrives, so the table does not collapse between pages
    placeholderData: keepPreviousData,
  });

export const useBookings = (email: string, page = 1) =>
  useQuery(listBookingsQueryOptions(useApi(), email, page));

/** The contract's largest page: a buyer's newest 100 bookings, where an open one of a phone is looked for. */
const RECENT = 100;

/**
 * The buyer's open deal of one listing, if any: booked and not paid yet (with nothing in its way), or held. A
 * buyer holds at most MAX_OPEN_BOOKINGS (20) unpaid bookings, so an open one is among their newest 100 unless
 * 80 deals ended after it. Under My Orders' key, so booking, paying and cancelling refresh it.
 */
export function useOpenBookingOf(email: string | undefined, mobileId: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...myBookingsKey(email ?? ''), { page: 1, pageSize: RECENT }],
    queryFn: () => listBookings(api, email ?? '', 1, RECENT),
    enabled: Boolean(email),
    select: (page): Booking | undefined =>
      page.items.find(
        (booking) =>
          booking.mobileId === mobileId &&
          ((booking.status === 'unpaid' && !booking.cancelled && !booking.soldOut) ||
            booking.status === 'held'),
      ),
  });
}
