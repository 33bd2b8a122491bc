import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listNotifications = (api: Api, page = 1) =>
  unwrap(api.GET('/notifications', { params: { query: { page } } }));

/** Every page of the list: what marking one or all read invalidates. */
export const notificationsKey = ['notifications', 'list'] as const;

export const listNotificationsQueryOptions = (api: Api, page = 1) =>
  queryOptions({
    queryKey: [...notificationsKey, { page }],
    queryFn: () => listNotifications(api, page),
    placeholderData: keepPreviousData,
  });

/** The caller's notifications, newest first. */
export const useNotifications = (page = 1) => useQuery(listNotificationsQueryOptions(useApi(), page));
