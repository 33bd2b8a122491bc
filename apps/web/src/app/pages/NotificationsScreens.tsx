// /dashboard/notifications and its email settings: the notifications feature's screens, for who is signed in.
import { NotificationSettingsPage } from '../../features/notifications/components/NotificationSettingsPage';
import { NotificationsPage } from '../../features/notifications/components/NotificationsPage';

export function NotificationsScreen() {
  return <NotificationsPage />;
}

export function NotificationSettingsScreen() {
  return <NotificationSettingsPage />;
}
