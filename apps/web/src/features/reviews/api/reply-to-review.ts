import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { getDealReviewsQueryOptions } from './get-deal-reviews';

export const replyToReview = (api: Api, id: string, text: string) =>
  unwrap(api.POST('/reviews/{id}/reply', { params: { path: { id } }, body: { text } }));

/** The reviewed person answers a published review of them (once, in public); the deal's reviews are read again. */
export function useReplyToReview(bookingId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => replyToReview(api, id, text),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getDealReviewsQueryOptions(api, bookingId).queryKey }),
  });
}
