import { unwrap, type MobileUpdate } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateListings } from './invalidate-listings';

export const updateMobile = (api: Api, id: string, changes: MobileUpdate) =>
  unwrap(api.PATCH('/mobile/{id}', { params: { path: { id } }, body: changes }));

/** Edits one of the seller's listings (Edit, Mark sold, Restock); every list that shows it is refetched. */
export function useUpdateMobile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: MobileUpdate }) => updateMobile(api, id, changes),
    onSuccess: () => invalidateListings(queryClient),
  });
}
