import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateDeals } from './invalidate-deals';

/** The buyer's checklist answers, kept with the deal as a review's "Verified handover" evidence. */
export interface HandoverChecklist {
  imeiConfirmed: boolean;
  conditionMatched: boolean;
  signedOut: boolean;
}

export const completeHandover = (api: Api, id: string, code: string, checklist?: HandoverChecklist) =>
  unwrap(api.POST('/bookings/{id}/handover', { params: { path: { id } }, body: { code, ...checklist } }));

/**
 * The seller enters the buyer's code: the held payment is captured. A wrong code also changes the booking (one
 * try fewer, perhaps locked), so the lists are read again either way.
 */
export function useCompleteHandover() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code, checklist }: { id: string; code: string; checklist?: HandoverChecklist }) =>
      completeHandover(api, id, code, checklist),
    onSettled: () => invalidateDeals(queryClient),
  });
}
