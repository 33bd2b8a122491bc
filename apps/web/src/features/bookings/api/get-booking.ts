import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getBooking = (api: Api, id: string) =>
  unwrap(api.GET('/bookings/{id}', { params: { path: { id } } }));

export const getBookingQueryOptions = (api: Api, id: string) =>
  queryOptions({ queryKey: ['bookings', 'one', id], queryFn: () => getBooking(api, id) });

export const useBooking = (id: string) => useQuery(getBookingQueryOptions(useApi(), id));
