import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getBuyerRecord = (api: Api, bookingId: string) =>
  unwrap(api.GET('/bookings/{id}/buyer-record', { params: { path: { id: bookingId } } }));

export const getBuyerRecordQueryOptions = (api: Api, bookingId: string) =>
  queryOptions({
    queryKey: ['reviews', 'buyer-record', bookingId],
    queryFn: () => getBuyerRecord(api, bookingId),
  });

/** The booking's buyer as sellers rated them: for the booking's seller only (My Buyers). */
export const useBuyerRecord = (bookingId: string) =>
  useQuery(getBuyerRecordQueryOptions(useApi(), bookingId));
