import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { useLiveStatus, POLL_MS } from '../live-status';

export const getUnreadCount = (api: Api) => unwrap(api.GET('/conversations/unread'));

export const unreadCountKey = ['conversations', 'unread'] as const;

export const getUnreadCountQueryOptions = (api: Api) =>
  queryOptions({ queryKey: unreadCountKey, queryFn: () => getUnreadCount(api) });

/** The navbar's and the dashboard menu's count: the stream keeps it live, polling while the stream is down. */
export function useUnreadCount(enabled = true) {
  const live = useLiveStatus();
  return useQuery({
    ...getUnreadCountQueryOptions(useApi()),
    enabled,
    refetchInterval: live === 'open' ? false : POLL_MS,
  });
}
