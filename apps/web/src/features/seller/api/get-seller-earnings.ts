import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getSellerEarnings = (api: Api, email: string) =>
  unwrap(api.GET('/earnings', { params: { query: { email } } }));

export const getSellerEarningsQueryOptions = (api: Api, email: string) =>
  queryOptions({ queryKey: ['earnings', email], queryFn: () => getSellerEarnings(api, email) });

export const useSellerEarnings = (email: string) => useQuery(getSellerEarningsQueryOptions(useApi(), email));
