import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { getOfferFloorQueryOptions } from './get-offer-floor';

export const setOfferFloor = (api: Api, mobileId: string, floor: number | null) =>
  unwrap(api.PUT('/mobile/{id}/offer-floor', { params: { path: { id: mobileId } }, body: { floor } }));

export function useSetOfferFloor(mobileId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (floor: number | null) => setOfferFloor(api, mobileId, floor),
    onSuccess: (answer) =>
      queryClient.setQueryData(getOfferFloorQueryOptions(api, mobileId).queryKey, answer),
  });
}
