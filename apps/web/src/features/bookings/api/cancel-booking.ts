import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const cancelBooking = (api: Api, id: string) =>
  unwrap(api.POST('/bookings/{id}/cancel', { params: { path: { id } } }));

/** The buyer calls off an unpaid booking; every booking list and the booking itself are read again. */
export function useCancelBooking() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelBooking(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
