import { POLL_MS, useLiveStatus } from '../../features/messages/live-status';
import { useNotificationCount } from '../../features/notifications/api/get-notification-count';

/**
 * The bell's unread count for the navbar and the dashboard menu: the messages' live stream keeps it (its
 * `notification` event), and it is polled like the messages' count while that stream is down.
 */
export function useBellCount(signedIn: boolean): number {
  const live = useLiveStatus();
  return useNotificationCount(signedIn, live === 'open' ? false : POLL_MS).data?.unread ?? 0;
}
