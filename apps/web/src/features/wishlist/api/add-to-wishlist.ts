import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { wishlistKey } from './list-wishlist';

export type NewWishlistItem = components['schemas']['NewWishlistItem'];

export const addToWishlist = (api: Api, item: NewWishlistItem) =>
  unwrap(api.POST('/wishlist', { body: item }));

/** Adds a listing to the cart; the buyer's cart is refetched afterwards. */
export function useAddToWishlist(email: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: NewWishlistItem) => addToWishlist(api, item),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wishlistKey(email) }),
  });
}
