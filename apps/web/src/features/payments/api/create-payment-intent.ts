import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const createPaymentIntent = (api: Api, bookingId: string) =>
  unwrap(api.POST('/create-payment-intent', { body: { bookingId } }));

/**
 * The intent is fetched once per visit of the payment screen: it carries the client secret the card form
 * needs (Pay stays disabled until it has arrived), and is never cached across visits.
 */
export const createPaymentIntentQueryOptions = (api: Api, bookingId: string) =>
  queryOptions({
    queryKey: ['payment-intent', bookingId],
    queryFn: () => createPaymentIntent(api, bookingId),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const usePaymentIntent = (bookingId: string) =>
  useQuery(createPaymentIntentQueryOptions(useApi(), bookingId));
