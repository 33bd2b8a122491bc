import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateOffers } from './invalidate-offers';

export type OfferCounter = components['schemas']['OfferCounter'];

export const counterOffer = (api: Api, id: string, counter: OfferCounter) =>
  unwrap(api.POST('/offers/{id}/counter', { params: { path: { id } }, body: counter }));

export function useCounterOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, counter }: { id: string; counter: OfferCounter }) => counterOffer(api, id, counter),
    onSettled: () => invalidateOffers(queryClient),
  });
}
