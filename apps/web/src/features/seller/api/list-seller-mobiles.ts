import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listSellerMobiles = (api: Api, email: string) =>
  unwrap(api.GET('/addedbyseller', { params: { query: { email, pageSize: 100 } } }));

export const listSellerMobilesQueryOptions = (api: Api, email: string) =>
  queryOptions({ queryKey: ['mobiles', 'seller', email], queryFn: () => listSellerMobiles(api, email) });

export const useSellerMobiles = (email: string) => useQuery(listSellerMobilesQueryOptions(useApi(), email));
