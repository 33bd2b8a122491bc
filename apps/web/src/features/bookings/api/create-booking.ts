import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { myBookingsKey } from './list-bookings';

export type NewBooking = components['schemas']['NewBooking'];

export const createBooking = (api: Api, booking: NewBooking) =>
  unwrap(api.POST('/bookings', { body: booking }));

/** Books a listing; My Orders of this buyer is refetched afterwards. */
export function useCreateBooking(email: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booking: NewBooking) => createBooking(api, booking),
    // every page of My Orders: the new booking is the newest, first on page 1
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myBookingsKey(email) }),
  });
}
