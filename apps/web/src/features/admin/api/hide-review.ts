import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidate, sellerKeys } from './invalidate';
import { auditLogKey } from './list-audit-log';
import { reviewReportsKey } from './list-review-reports';

export const hideReview = (api: Api, id: string, reason: string) =>
  unwrap(api.POST('/reviews/{id}/hide', { params: { path: { id } }, body: { reason } }));

/** Hides a review that breaks the rules (audited): it leaves the queue's open list, the profile and the rating. */
export function useHideReview() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => hideReview(api, id, reason),
    onSettled: () => invalidate(queryClient, [reviewReportsKey, auditLogKey, ...sellerKeys]),
  });
}
