import type { QueryClient } from '@tanstack/react-query';

/**
 * After a deal changes state: every booking list and booking (both sides' views), and the listings, whose stock
 * a hold reserves and a void gives back.
 */
export const invalidateDeal = (queryClient: QueryClient) =>
  Promise.all(
    [['bookings'], ['mobiles'], ['advertised']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
