import type { QueryClient } from '@tanstack/react-query';
import { invalidateListings } from './invalidate-listings';

/** After the seller completes or declines a deal: the bookings, the stock it moved, and the earnings. */
export const invalidateDeals = (queryClient: QueryClient) =>
  Promise.all([invalidateListings(queryClient), queryClient.invalidateQueries({ queryKey: ['earnings'] })]);
