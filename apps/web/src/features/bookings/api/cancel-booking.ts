import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateDeal } from './invalidate-deal';

export const cancelBooking = (api: Api, id: string) =>
  unwrap(api.POST('/bookings/{id}/cancel', { params: { path: { id } } }));

/** The buyer calls off an unpaid booking or walks away from a held deal (its unit goes back on sale). */
export function useCancelBooking() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelBooking(api, id),
    onSuccess: () => invalidateDeal(queryClient),
  });
}
