import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { conversationsKey } from './list-conversations';

export type NewConversation = components['schemas']['NewConversation'];

export const startConversation = (api: Api, body: NewConversation) =>
  unwrap(api.POST('/conversations', { body }));

/** Ask the seller (`mobileId`), or write to a buyer who booked (`bookingId`); answers the conversation. */
export function useStartConversation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewConversation) => startConversation(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}
