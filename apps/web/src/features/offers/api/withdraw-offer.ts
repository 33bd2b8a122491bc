import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateOffers } from './invalidate-offers';

export const withdrawOffer = (api: Api, id: string) =>
  unwrap(api.POST('/offers/{id}/withdraw', { params: { path: { id } } }));

export function useWithdrawOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => withdrawOffer(api, id),
    onSettled: () => invalidateOffers(queryClient),
  });
}
