import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listSellerBuyers = (api: Api, email: string, page = 1) =>
  unwrap(api.GET('/mybuyers', { params: { query: { email, page } } }));

export const listSellerBuyersQueryOptions = (api: Api, email: string, page = 1) =>
  queryOptions({
    queryKey: ['bookings', 'buyers', email, { page }],
    queryFn: () => listSellerBuyers(api, email, page),
    placeholderData: keepPreviousData,
  });

export const useSellerBuyers = (email: string, page = 1) =>
  useQuery(listSellerBuyersQueryOptions(useApi(), email, page));
