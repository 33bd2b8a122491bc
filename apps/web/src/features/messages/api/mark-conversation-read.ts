import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { getUnreadCountQueryOptions } from './get-unread-count';
import { conversationsKey } from './list-conversations';

export const markConversationRead = (api: Api, id: string, upTo: number) =>
  unwrap(api.POST('/conversations/{id}/read', { params: { path: { id } }, body: { upTo } }));

/** The thread was seen up to a message: the count falls at once, and the Inbox loses its mark. */
export function useMarkConversationRead(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => markConversationRead(api, id, upTo),
    onSuccess: (unread) => {
      queryClient.setQueryData(getUnreadCountQueryOptions(api).queryKey, unread);
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}
