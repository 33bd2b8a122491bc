// PUT /me/phone: the number Firebase confirmed by SMS code, with the ID token of that confirmation; the server
// reads the number from the token. Listings show it from then on.
import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { getMyPhoneQueryOptions } from './get-my-phone';

type PhoneConfirmation = components['schemas']['PhoneConfirmation'];

export const confirmPhone = (api: Api, body: PhoneConfirmation) => unwrap(api.PUT('/me/phone', { body }));

export function useConfirmPhone() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhoneConfirmation) => confirmPhone(api, body),
    onSuccess: (status) => queryClient.setQueryData(getMyPhoneQueryOptions(api).queryKey, status),
  });
}
