import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateDeals } from './invalidate-deals';

export const declineBooking = (api: Api, id: string) =>
  unwrap(api.POST('/bookings/{id}/decline', { params: { path: { id } } }));

/** The seller declines a booking: a held payment is voided and the unit goes back on sale. */
export function useDeclineBooking() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => declineBooking(api, id),
    onSuccess: () => invalidateDeals(queryClient),
  });
}
