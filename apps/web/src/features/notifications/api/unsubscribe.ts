import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { getUnsubscribeLinkQueryOptions } from './get-unsubscribe-link';

/** The same one-click POST a mail client sends (RFC 8058): the token is the authority, no sign-in. */
export const unsubscribe = (api: Api, token: string) =>
  unwrap(
    api.POST('/notifications/unsubscribe', {
      params: { query: { token } },
      body: { 'List-Unsubscribe': 'One-Click' },
      bodySerializer: (body) => new URLSearchParams(body).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  );

/** Turns the link's kind off; the page's record of the link then says it is off. */
export function useUnsubscribe(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(api, token),
    onSuccess: ({ kind, email }) =>
      queryClient.setQueryData(getUnsubscribeLinkQueryOptions(api, token).queryKey, { kind, email }),
  });
}
