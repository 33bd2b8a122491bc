import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listBookings = (api: Api, email: string) =>
  unwrap(api.GET('/bookings', { params: { query: { email } } }));

export const listBookingsQueryOptions = (api: Api, email: string) =>
  queryOptions({ queryKey: ['bookings', 'mine', email], queryFn: () => listBookings(api, email) });

export const useBookings = (email: string) => useQuery(listBookingsQueryOptions(useApi(), email));
