import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The catalogue's cached lists (features/catalogue's query keys; features do not import each other): removing a
 * listing or changing a seller's Verified badge changes what they show.
 */
export const catalogueKeys: QueryKey[] = [['mobiles'], ['advertised']];

/** The public seller profiles and their reviews (features/sellers' keys): hiding a review changes both. */
export const sellerKeys: QueryKey[] = [['sellers']];

/** Refetches every list an admin action changed. */
export const invalidate = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
