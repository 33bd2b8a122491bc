// /dashboard/notifications and its email settings: the notifications feature's screens, for who is signed in;
// demo mode's caught mail, for admins; and the public page an email's unsubscribe link opens.
import { CaughtMailListPage, CaughtMailPage } from '../../features/notifications/components/CaughtMailPage';
import { NotificationSettingsPage } from '../../features/notifications/components/NotificationSettingsPage';
import { NotificationsPage } from '../../features/notifications/components/NotificationsPage';
import { UnsubscribePage } from '../../features/notifications/components/UnsubscribePage';
import { useSearch } from 'wouter';
import type { SignedInScreenProps } from '../shell/screen';

export function NotificationsScreen() {
  return <NotificationsPage />;
}

export function NotificationSettingsScreen({ session }: SignedInScreenProps) {
  return <NotificationSettingsPage role={session.role} />;
}

export function CaughtMailListScreen() {
  return <CaughtMailListPage />;
}

export function CaughtMailScreen({ params: { id = '' } }: SignedInScreenProps) {
  return <CaughtMailPage key={id} id={id} />;
}

/** /unsubscribe?token=…: public, no sign-in; the token is what the email's link carries. */
export function UnsubscribeScreen() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return <UnsubscribePage key={token} token={token} />;
}
