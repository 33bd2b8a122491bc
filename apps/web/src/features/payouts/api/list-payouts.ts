import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { payoutsKey } from './keys';

/** A seller's own payouts (`email`), or, for an admin, everyone's (no email). */
export interface PayoutListQuery {
  email?: string;
  page?: number;
}

export const listPayouts = (api: Api, query: PayoutListQuery) =>
  unwrap(api.GET('/payouts', { params: { query: { pageSize: 20, ...query } } }));

export const listPayoutsQueryOptions = (api: Api, query: PayoutListQuery) =>
  queryOptions({
    queryKey: [...payoutsKey, 'list', query],
    queryFn: () => listPayouts(api, query),
    placeholderData: keepPreviousData,
  });

export const usePayouts = (query: PayoutListQuery) => useQuery(listPayoutsQueryOptions(useApi(), query));
