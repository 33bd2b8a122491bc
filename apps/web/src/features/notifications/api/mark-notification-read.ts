import { unwrap } from '@recell/api';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { notificationCountKey } from './get-notification-count';
import { notificationsKey } from './list-notifications';

export const markNotificationRead = (api: Api, id: string) =>
  unwrap(api.POST('/notifications/{id}/read', { params: { path: { id } } }));

/** A mark's answer is the bell's count now: it goes in the bell, and the list is read again. */
export const onMarked = (queryClient: QueryClient) => (count: { unread: number }) => {
  queryClient.setQueryData(notificationCountKey, count);
  void queryClient.invalidateQueries({ queryKey: notificationsKey });
};

/** One notification opened: the answer is the bell's count now. */
export function useMarkNotificationRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(api, id),
    onSuccess: onMarked(queryClient),
  });
}
