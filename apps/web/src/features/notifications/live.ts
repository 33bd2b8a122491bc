import type { LiveEvent } from '@recell/api';
import type { QueryClient } from '@tanstack/react-query';
import { notificationCountKey } from './api/get-notification-count';
import { notificationsKey } from './api/list-notifications';

/**
 * The bell's part of the person's live stream: the app layer hands it to the stream's client (a LiveListener of
 * features/messages/live.ts, app/shell/Layout.tsx), so neither feature imports the other.
 */
export const notificationsLive = {
  event(queryClient: QueryClient, event: LiveEvent) {
    if (event.type !== 'notification') return;
    queryClient.setQueryData(notificationCountKey, { unread: event.unread });
    // an open list shows the new one (or the read marks) too
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
  },
  opened(queryClient: QueryClient, first: boolean) {
    // nothing is replayed of what came after the page read its count the first time: read it again
    if (first) void queryClient.invalidateQueries({ queryKey: ['notifications'] });
  },
};
