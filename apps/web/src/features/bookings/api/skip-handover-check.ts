import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateDeal } from './invalidate-deal';

export const skipHandoverCheck = (api: Api, id: string) =>
  unwrap(api.POST('/bookings/{id}/buyer-check/skip', { params: { path: { id } } }));

/** The buyer gives the code without the check (not a verified handover); the answer carries the code. */
export function useSkipHandoverCheck() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => skipHandoverCheck(api, id),
    onSettled: () => invalidateDeal(queryClient),
  });
}
