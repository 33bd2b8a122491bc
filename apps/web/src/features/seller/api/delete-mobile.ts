import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateListings } from './invalidate-listings';

export const deleteMobile = (api: Api, id: string) =>
  unwrap(api.DELETE('/mobile/{id}', { params: { path: { id } } }));

/** Deletes one of the seller's listings (its unpaid bookings are cancelled); every list that showed it is refetched. */
export function useDeleteMobile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMobile(api, id),
    onSuccess: () => invalidateListings(queryClient),
  });
}
