import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listSellerMobiles = (api: Api, email: string, page = 1) =>
  unwrap(api.GET('/addedbyseller', { params: { query: { email, page } } }));

/** Every page of one seller's listings: what adding, editing or deleting one invalidates. */
export const sellerMobilesKey = (email: string) => ['mobiles', 'seller', email] as const;

export const listSellerMobilesQueryOptions = (api: Api, email: string, page = 1) =>
  queryOptions({
    queryKey: [...sellerMobilesKey(email), { page }],
    queryFn: () => listSellerMobiles(api, email, page),
    // the page being left stays on screen until the next one arrives
    placeholderData: keepPreviousData,
  });

export const useSellerMobiles = (email: string, page = 1) =>
  useQuery(listSellerMobilesQueryOptions(useApi(), email, page));
