import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { sellerMobilesKey } from './list-seller-mobiles';

export const advertiseMobile = (api: Api, mobileId: string) =>
  unwrap(api.POST('/advertise', { body: { mobileId } }));

/** Puts one of the seller's listings on the home page; My Product is refetched afterwards. */
export function useAdvertiseMobile(email: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mobileId: string) => advertiseMobile(api, mobileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerMobilesKey(email) }),
  });
}
