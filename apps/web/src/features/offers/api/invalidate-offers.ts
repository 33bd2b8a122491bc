import type { QueryClient } from '@tanstack/react-query';
import { offersKey } from './list-offers';

/**
 * An offer moved: every offer query is read again (lists of both sides, the one open, a conversation's), and the
 * bookings, since an accepted offer is a held deal in My Orders and My Buyers.
 */
export function invalidateOffers(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: offersKey });
  void queryClient.invalidateQueries({ queryKey: ['bookings'] });
  void queryClient.invalidateQueries({ queryKey: ['mobiles'] });
}
