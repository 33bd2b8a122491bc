import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateDeal } from './invalidate-deal';

export const recordHandoverChecks = (api: Api, id: string) =>
  unwrap(
    api.POST('/bookings/{id}/buyer-check/checks', {
      params: { path: { id } },
      body: { conditionMatched: true, signedOut: true },
    }),
  );

/** The buyer ticked what they saw: their check is done, and the answer carries their handover code. */
export function useRecordHandoverChecks() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => recordHandoverChecks(api, id),
    onSettled: () => invalidateDeal(queryClient),
  });
}
