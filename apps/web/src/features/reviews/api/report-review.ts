import { unwrap } from '@recell/api';
import { useMutation } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const reportReview = (api: Api, id: string, reason: string) =>
  unwrap(api.POST('/reviews/{id}/report', { params: { path: { id } }, body: { reason } }));

/** A party of the deal reports a review for an admin to read (nothing a party sees changes, so nothing to refetch). */
export function useReportReview() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => reportReview(api, id, reason),
  });
}
