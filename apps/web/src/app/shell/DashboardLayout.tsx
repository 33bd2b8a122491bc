import { webLinks } from '@recell/api';
import { Spinner } from '@recell/ui/Spinner';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../../features/auth/use-session';
import { useUnreadCount } from '../../features/messages/api/get-unread-count';
import { messagesLabel } from '../../features/messages/messages-label';
import { notificationsLabel } from '../../features/notifications/notifications-label';
import * as styles from './layout.css';
import { useBellCount } from './use-bell-count';

interface MenuLink {
  href: string;
  label: string;
}

function menuFor(role: string | undefined, unread: number, bell: number): MenuLink[] {
  const links: MenuLink[] = [];
  if (role !== 'seller')
    links.push({ href: '/dashboard', label: 'My Orders' }, { href: '/dashboard/wishlist', label: 'Cart' });
  if (role === 'admin')
    links.push(
      { href: '/dashboard/users', label: 'All Users' },
      { href: '/dashboard/report', label: 'Report' },
      { href: '/dashboard/auditLog', label: 'Audit log' },
      { href: '/dashboard/imei', label: 'IMEI registry' },
      { href: '/dashboard/meetupSpots', label: 'Meetup spots' },
      { href: webLinks.claimsQueue(), label: 'Claims' },
      { href: '/dashboard/allPayouts', label: 'Payouts' },
      // demo mode's caught email; outside demo mode the server answers 404, which the page shows as its failure
      { href: '/dashboard/mail', label: 'Demo mail' },
    );
  if (role === 'seller')
    links.push(
      { href: '/dashboard/addProduct', label: 'Add Product' },
      { href: '/dashboard/myProduct', label: 'My Product' },
      { href: '/dashboard/myBuyers', label: 'My Buyers' },
      { href: webLinks.payouts(), label: 'Payouts' },
    );
  links.push(
    { href: '/dashboard/messages', label: messagesLabel(unread) },
    { href: '/dashboard/notifications', label: notificationsLabel(bell) },
    // the second step of signing in (admins must have it)
    { href: '/account/security', label: 'Sign-in security' },
  );
  return links;
}

/** The dashboard's links by role (§2): beside the screen on wide screens, and in the navbar's drawer. */
export function DashboardMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { session } = useSession();
  const [path] = useLocation();
  const unread = useUnreadCount(session !== null).data?.unread ?? 0;
  const bell = useBellCount(session !== null);
  return (
    <nav aria-label="Dashboard">
      <ul className={styles.sideMenu}>
        {menuFor(session?.role, unread, bell).map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              onClick={onNavigate}
              aria-current={link.href === path ? 'page' : undefined}
              className={styles.sideLink}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The dashboard (§2): the side menu beside the screen on wide screens; the navbar's menu icon opens it elsewhere. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.dashboard}>
      <div className={styles.sideColumn}>
        <DashboardMenu />
      </div>
      <div className={styles.dashboardContent}>
        {/* the side menu stays while a screen loads */}
        <Suspense fallback={<Spinner label="Loading the page" />}>{children}</Suspense>
      </div>
    </div>
  );
}
