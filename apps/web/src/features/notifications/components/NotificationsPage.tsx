import type { Notification } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { visuallyHidden } from '@recell/ui/theme';
import { Link } from 'wouter';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { sentAt } from '../../../lib/sent-at';
import { errorMessage, useToast } from '../../../lib/toast';
import { useNotificationCount } from '../api/get-notification-count';
import { useNotifications } from '../api/list-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import * as styles from './Notifications.css';

/** One notification: its words as text, a link to where the next action is; opening it marks it read. */
function NotificationRow({ item, onOpen }: { item: Notification; onOpen: (id: string) => void }) {
  return (
    <li>
      <Link
        href={item.link}
        className={styles.item}
        onClick={() => (item.read ? undefined : onOpen(item._id))}
      >
        <span className={item.read ? undefined : styles.dot} aria-hidden="true" />
        <span className={styles.body}>
          <span className={`${styles.text} ${item.read ? '' : styles.unreadText}`}>
            {item.read ? null : <span className={visuallyHidden}>Unread: </span>}
            {item.text}
          </span>
          <span className={styles.muted}>
            {/* a notice about the account (Verified) names no listing */}
            {item.listing ? `${item.listing.title} · ` : ''}
            {sentAt(item.createdAt)}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** /dashboard/notifications: the bell's list, newest first, paged; "Mark all read" while any is unread. */
export function NotificationsPage() {
  const paging = usePageParam();
  const toast = useToast();
  const unread = useNotificationCount(true, false).data?.unread ?? 0;
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const onError = (error: unknown) => toast.error(errorMessage(error));
  return (
    <ListSection
      title="Notifications"
      query={useNotifications(paging.page)}
      paging={paging}
      label="your notifications"
      empty="No notifications yet. Bookings, deals and messages about your phones show here."
      skeleton="rows"
      controls={
        <div className={styles.controls}>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={unread === 0}
            isPending={markAll.isPending}
            onPress={() => markAll.mutate(undefined, { onError })}
          >
            Mark all read
          </Button>
          <Link href="/dashboard/notifications/settings">Email settings</Link>
        </div>
      }
    >
      {({ items }) => (
        <ul className={styles.list} aria-label="Notifications">
          {items.map((item) => (
            <NotificationRow key={item._id} item={item} onOpen={(id) => markOne.mutate(id, { onError })} />
          ))}
        </ul>
      )}
    </ListSection>
  );
}
