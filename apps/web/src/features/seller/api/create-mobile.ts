import { unwrap, type NewMobile } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidateListings } from './invalidate-listings';

export const createMobile = (api: Api, mobile: NewMobile) => unwrap(api.POST('/mobiles', { body: mobile }));

/** Lists a phone for sale; My Product and the catalogue are refetched afterwards. */
export function useCreateMobile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mobile: NewMobile) => createMobile(api, mobile),
    onSuccess: () => invalidateListings(queryClient),
  });
}
