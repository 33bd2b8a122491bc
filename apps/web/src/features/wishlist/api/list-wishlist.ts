import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listWishlist = (api: Api, email: string, page = 1) =>
  unwrap(api.GET('/wishlist', { params: { query: { email, page } } }));

/** Every page of one buyer's cart: what a change to the cart invalidates. */
export const wishlistKey = (email: string) => ['wishlist', email] as const;

export const listWishlistQueryOptions = (api: Api, email: string, page = 1) =>
  queryOptions({
    queryKey: [...wishlistKey(email), { page }],
    queryFn: () => listWishlist(api, email, page),
    // the page being left stays on screen until the next one arrives, so the list does not collapse between pages
    placeholderData: keepPreviousData,
  });

export const useWishlist = (email: string, page = 1) =>
  useQuery(listWishlistQueryOptions(useApi(), email, page));
