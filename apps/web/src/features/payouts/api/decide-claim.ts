import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidatePayouts } from './keys';

export type ClaimDecision = components['schemas']['ClaimDecision'];

export const decideClaim = (api: Api, id: string, body: ClaimDecision) =>
  unwrap(api.POST('/claims/{id}/decision', { params: { path: { id } }, body }));

export function useDecideClaim(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimDecision) => decideClaim(api, id, body),
    onSettled: () => invalidatePayouts(queryClient),
  });
}
