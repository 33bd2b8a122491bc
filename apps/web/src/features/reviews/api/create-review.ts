import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { getDealReviewsQueryOptions } from './get-deal-reviews';

export const createReview = (api: Api, id: string, review: { stars: number; text?: string }) =>
  unwrap(api.POST('/bookings/{id}/reviews', { params: { path: { id } }, body: review }));

/** A party reviews the other of a completed deal (once); the deal's reviews are read again. */
export function useCreateReview(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: { stars: number; text?: string }) => createReview(api, id, review),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getDealReviewsQueryOptions(api, id).queryKey }),
  });
}
