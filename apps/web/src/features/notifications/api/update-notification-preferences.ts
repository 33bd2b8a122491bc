import { unwrap, type NotificationPreferencesUpdate as Update } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { getNotificationPreferencesQueryOptions } from './get-notification-preferences';

export const updateNotificationPreferences = (api: Api, body: Update) =>
  unwrap(api.PUT('/notifications/preferences', { body }));

/** Turns a kind's email on or off; the answer is every preference now. */
export function useUpdateNotificationPreferences() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Update) => updateNotificationPreferences(api, body),
    onSuccess: (preferences) =>
      queryClient.setQueryData(getNotificationPreferencesQueryOptions(api).queryKey, preferences),
  });
}
