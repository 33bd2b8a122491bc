import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getNotificationCount = (api: Api) => unwrap(api.GET('/notifications/unread'));

/** The bell's count: the live stream's `notification` event writes it (../live.ts). */
export const notificationCountKey = ['notifications', 'unread'] as const;

export const getNotificationCountQueryOptions = (api: Api) =>
  queryOptions({ queryKey: notificationCountKey, queryFn: () => getNotificationCount(api) });

/**
 * The navbar's bell. The stream sets it as it changes; `poll` is how often to read it again while the stream is
 * down (the app layer knows the stream's status: features/messages/live-status.ts).
 */
export const useNotificationCount = (enabled: boolean, poll: number | false) =>
  useQuery({ ...getNotificationCountQueryOptions(useApi()), enabled, refetchInterval: poll });
