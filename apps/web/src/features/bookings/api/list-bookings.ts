import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listBookings = (api: Api, email: string, page = 1) =>
  unwrap(api.GET('/bookings', { params: { query: { email, page } } }));

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
