import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateOffers } from './invalidate-offers';

export type NewOffer = components['schemas']['NewOffer'];

export const makeOffer = (api: Api, offer: NewOffer) => unwrap(api.POST('/offers', { body: offer }));

/** Makes an offer: it waits for the card (or the seller's floor declined it at once). */
export function useMakeOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: NewOffer) => makeOffer(api, offer),
    onSettled: () => invalidateOffers(queryClient),
  });
}
