import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getSellerEarnings = (api: Api, email: string) =>
  unwrap(api.GET('/earnings', { params: { query: { email } } }));

// the same key as My Buyers' summary (the seller feature's), so one answer serves both
export const getSellerEarningsQueryOptions = (api: Api, email: string) =>
  queryOptions({ queryKey: ['earnings', email], queryFn: () => getSellerEarnings(api, email) });

export const useSellerEarnings = (email: string) => useQuery(getSellerEarningsQueryOptions(useApi(), email));
