import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateOffers } from './invalidate-offers';

export const acceptOffer = (api: Api, id: string) =>
  unwrap(api.POST('/offers/{id}/accept', { params: { path: { id } } }));

export function useAcceptOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => acceptOffer(api, id),
    onSettled: () => invalidateOffers(queryClient),
  });
}
