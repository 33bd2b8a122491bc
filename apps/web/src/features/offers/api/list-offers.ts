import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export type OfferSide = 'buyer' | 'seller';

/** Every offer query starts with this: a live `offer` event or an answer refetches them all. */
export const offersKey = ['offers'] as const;

export interface OfferListQuery {
  as: OfferSide;
  mobileId?: string;
  open?: boolean;
  page?: number;
}

export const listOffers = (api: Api, query: OfferListQuery) =>
  unwrap(api.GET('/offers', { params: { query: { pageSize: 20, ...query } } }));

export const listOffersQueryOptions = (api: Api, query: OfferListQuery) =>
  queryOptions({
    queryKey: [...offersKey, 'list', query],
    queryFn: () => listOffers(api, query),
    placeholderData: keepPreviousData,
  });

export const useOffers = (query: OfferListQuery, enabled = true) =>
  useQuery({ ...listOffersQueryOptions(useApi(), query), enabled });
