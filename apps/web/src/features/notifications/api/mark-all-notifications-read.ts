import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { onMarked } from './mark-notification-read';

export const markAllNotificationsRead = (api: Api) => unwrap(api.POST('/notifications/read'));

/** "Mark all read": the answer is the bell's count now (none). */
export function useMarkAllNotificationsRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(api),
    onSuccess: onMarked(queryClient),
  });
}
