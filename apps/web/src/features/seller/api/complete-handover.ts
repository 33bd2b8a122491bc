import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateDeals } from './invalidate-deals';

/** The code alone: what the buyer saw is their own check, never the seller's word. */
export const completeHandover = (api: Api, id: string, code: string) =>
  unwrap(api.POST('/bookings/{id}/handover', { params: { path: { id } }, body: { code } }));

/**
 * The seller enters the buyer's code: the held payment is captured. A wrong code also changes the booking (one
 * try fewer, perhaps locked), so the lists are read again either way.
 */
export function useCompleteHandover() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) => completeHandover(api, id, code),
    onSettled: () => invalidateDeals(queryClient),
  });
}
