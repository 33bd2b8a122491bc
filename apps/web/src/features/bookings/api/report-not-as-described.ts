import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateDeal } from './invalidate-deal';

export const reportNotAsDescribed = (api: Api, id: string, reason: string) =>
  unwrap(api.POST('/bookings/{id}/not-as-described', { params: { path: { id } }, body: { reason } }));

/** The buyer walks away at the meetup: the hold is voided, the unit back on sale, a report filed. */
export function useReportNotAsDescribed() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => reportNotAsDescribed(api, id, reason),
    onSuccess: () => invalidateDeal(queryClient),
  });
}
