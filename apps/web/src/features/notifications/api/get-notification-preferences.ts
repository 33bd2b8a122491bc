import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getNotificationPreferences = (api: Api) => unwrap(api.GET('/notifications/preferences'));

export const getNotificationPreferencesQueryOptions = (api: Api) =>
  queryOptions({
    queryKey: ['notifications', 'preferences'],
    queryFn: () => getNotificationPreferences(api),
  });

/** Which kinds the caller also gets by email. */
export const useNotificationPreferences = () => useQuery(getNotificationPreferencesQueryOptions(useApi()));
