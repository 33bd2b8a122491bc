import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidatePayouts } from './keys';

export type LocalPayoutDetails = components['schemas']['LocalPayoutDetails'];

export const submitLocalPayoutDetails = (api: Api, body: LocalPayoutDetails) =>
  unwrap(api.POST('/payout-account/local-details', { body }));

export function useSubmitLocalPayoutDetails() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocalPayoutDetails) => submitLocalPayoutDetails(api, body),
    onSettled: () => invalidatePayouts(queryClient),
  });
}
