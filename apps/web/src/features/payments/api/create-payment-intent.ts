import { unwrap, type components } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

/** What is paid for: a booking, or an offer (its amount, or the seller's counter). */
export type Paying = components['schemas']['PaymentIntentRequest'];

export const createPaymentIntent = (api: Api, paying: Paying) =>
  unwrap(api.POST('/create-payment-intent', { body: paying }));

/**
 * The intent is fetched once per visit of the payment screen: it carries the client secret the card form
 * needs (Pay stays disabled until it has arrived), and is never cached across visits.
 */
export const createPaymentIntentQueryOptions = (api: Api, paying: Paying) =>
  queryOptions({
    queryKey: ['payment-intent', paying],
    queryFn: () => createPaymentIntent(api, paying),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const usePaymentIntent = (paying: Paying) =>
  useQuery(createPaymentIntentQueryOptions(useApi(), paying));
