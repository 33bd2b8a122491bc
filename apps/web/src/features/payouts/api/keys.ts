import type { QueryClient } from '@tanstack/react-query';

/** Every payout and claim query starts with one of these; a payout or a decision refetches them all. */
export const payoutsKey = ['payouts'] as const;
export const claimsKey = ['claims'] as const;

/**
 * Money moved (a payout, a claim opened or decided, an account's details): the seller's earnings and account,
 * the payout lists, the claims, and the bookings that show a claim's state are read again.
 */
export function invalidatePayouts(queryClient: QueryClient) {
  for (const queryKey of [payoutsKey, claimsKey, ['earnings'], ['bookings']])
    void queryClient.invalidateQueries({ queryKey });
}
