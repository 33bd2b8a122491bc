import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { conversationsKey } from './list-conversations';
import { messagesKey, withMessage, type MessagePages } from './list-messages';

export type NewMessage = components['schemas']['NewMessage'];

export const sendMessage = (api: Api, id: string, body: NewMessage) =>
  unwrap(api.POST('/conversations/{id}/messages', { params: { path: { id } }, body }));

/** Writes in a thread; the answer goes straight into the thread (the stream's copy is then a no-op). */
export function useSendMessage(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMessage) => sendMessage(api, id, body),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages>(messagesKey(id), (data) => withMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}
