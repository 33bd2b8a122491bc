import { unwrap, type NewMobile } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { listSellerMobilesQueryOptions } from './list-seller-mobiles';

export const createMobile = (api: Api, mobile: NewMobile) => unwrap(api.POST('/mobiles', { body: mobile }));

/** Lists a phone for sale; My Product is refetched afterwards. */
export function useCreateMobile(email: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mobile: NewMobile) => createMobile(api, mobile),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: listSellerMobilesQueryOptions(api, email).queryKey }),
  });
}
