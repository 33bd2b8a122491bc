import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { getConversationQueryOptions } from './get-conversation';

export const unblockPerson = (api: Api, id: string) =>
  unwrap(api.DELETE('/conversations/{id}/block', { params: { path: { id } } }));

export function useUnblockPerson(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unblockPerson(api, id),
    onSuccess: (conversation) =>
      queryClient.setQueryData(getConversationQueryOptions(api, id).queryKey, conversation),
  });
}
