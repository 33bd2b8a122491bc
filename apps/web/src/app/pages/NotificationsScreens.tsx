// /dashboard/notifications and its email settings: the notifications feature's screens, for who is signed in;
// and demo mode's caught mail, for admins.
import { CaughtMailListPage, CaughtMailPage } from '../../features/notifications/components/CaughtMailPage';
import { NotificationSettingsPage } from '../../features/notifications/components/NotificationSettingsPage';
import { NotificationsPage } from '../../features/notifications/components/NotificationsPage';
import type { SignedInScreenProps } from '../shell/screen';

export function NotificationsScreen() {
  return <NotificationsPage />;
}

export function NotificationSettingsScreen() {
  return <NotificationSettingsPage />;
}

export function CaughtMailListScreen() {
  return <CaughtMailListPage />;
}

export function CaughtMailScreen({ params: { id = '' } }: SignedInScreenProps) {
  return <CaughtMailPage key={id} id={id} />;
}
