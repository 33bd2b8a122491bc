import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { getConversationQueryOptions } from './get-conversation';

export const blockPerson = (api: Api, id: string) =>
  unwrap(api.PUT('/conversations/{id}/block', { params: { path: { id } } }));

export function useBlockPerson(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => blockPerson(api, id),
    onSuccess: (conversation) =>
      queryClient.setQueryData(getConversationQueryOptions(api, id).queryKey, conversation),
  });
}
