import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateOffers } from './invalidate-offers';

export const declineOffer = (api: Api, id: string) =>
  unwrap(api.POST('/offers/{id}/decline', { params: { path: { id } } }));

export function useDeclineOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => declineOffer(api, id),
    onSettled: () => invalidateOffers(queryClient),
  });
}
