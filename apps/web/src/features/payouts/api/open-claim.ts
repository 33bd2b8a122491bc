import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidatePayouts } from './keys';

export type NewClaim = components['schemas']['NewClaim'];

export const openClaim = (api: Api, bookingId: string, body: NewClaim) =>
  unwrap(api.POST('/bookings/{id}/claim', { params: { path: { id: bookingId } }, body }));

export function useOpenClaim(bookingId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewClaim) => openClaim(api, bookingId, body),
    onSettled: () => invalidatePayouts(queryClient),
  });
}
