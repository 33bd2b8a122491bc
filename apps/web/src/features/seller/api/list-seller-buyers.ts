import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listSellerBuyers = (api: Api, email: string) =>
  unwrap(api.GET('/mybuyers', { params: { query: { email, pageSize: 100 } } }));

export const listSellerBuyersQueryOptions = (api: Api, email: string) =>
  queryOptions({ queryKey: ['bookings', 'buyers', email], queryFn: () => listSellerBuyers(api, email) });

export const useSellerBuyers = (email: string) => useQuery(listSellerBuyersQueryOptions(useApi(), email));
