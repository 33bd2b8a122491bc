import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listWishlist = (api: Api, email: string) =>
  unwrap(api.GET('/wishlist', { params: { query: { email } } }));

export const listWishlistQueryOptions = (api: Api, email: string) =>
  queryOptions({ queryKey: ['wishlist', email], queryFn: () => listWishlist(api, email) });

export const useWishlist = (email: string) => useQuery(listWishlistQueryOptions(useApi(), email));
