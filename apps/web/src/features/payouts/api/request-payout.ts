import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidatePayouts } from './keys';

export const requestPayout = (api: Api) => unwrap(api.POST('/payouts'));

export function useRequestPayout() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestPayout(api),
    onSettled: () => invalidatePayouts(queryClient),
  });
}
