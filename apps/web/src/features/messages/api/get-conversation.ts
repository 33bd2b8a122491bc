import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { POLL_MS, useLiveStatus } from '../live-status';

export const getConversation = (api: Api, id: string) =>
  unwrap(api.GET('/conversations/{id}', { params: { path: { id } } }));

export const conversationKey = (id: string) => ['conversations', 'one', id] as const;

export const getConversationQueryOptions = (api: Api, id: string) =>
  queryOptions({ queryKey: conversationKey(id), queryFn: () => getConversation(api, id) });

/** A thread's head: the listing, the other person, the deal's state, whether you can write. */
export function useConversation(id: string) {
  const live = useLiveStatus();
  return useQuery({
    ...getConversationQueryOptions(useApi(), id),
    refetchInterval: live === 'open' ? false : POLL_MS,
  });
}
