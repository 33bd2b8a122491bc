import type { QueryClient } from '@tanstack/react-query';

/**
 * After a seller changes or removes a listing: every list and page that can show it (their own list, the
 * catalogue's category, search and detail pages under ['mobiles'], the home page's advertised phones) and the
 * bookings, whose sold-out and cancelled flags follow the listing.
 */
export const invalidateListings = (queryClient: QueryClient) =>
  Promise.all(
    [['mobiles'], ['advertised'], ['bookings'], ['wishlist']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
