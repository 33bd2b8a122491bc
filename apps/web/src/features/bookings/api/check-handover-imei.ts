import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateDeal } from './invalidate-deal';

export const checkHandoverImei = (api: Api, id: string, imei: string) =>
  unwrap(api.POST('/bookings/{id}/buyer-check/imei', { params: { path: { id } }, body: { imei } }));

/**
 * The buyer types the IMEI the phone shows on *#06#: matched or not, and the tries left. A wrong one uses a try,
 * so the booking is read again either way.
 */
export function useCheckHandoverImei() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, imei }: { id: string; imei: string }) => checkHandoverImei(api, id, imei),
    onSettled: () => invalidateDeal(queryClient),
  });
}
