import { useAtomValue } from 'jotai';
import { Spinner } from '@recell/ui/Spinner';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useSession } from '../features/auth/use-session';
import { drawerOpenAtom } from './atoms';
import * as styles from './layout.css';
import { DASHBOARD_MENU_ID } from './Layout';

interface MenuLink {
  href: string;
  label: string;
}

function menuFor(role: string | undefined): MenuLink[] {
  const links: MenuLink[] = [];
  if (role !== 'seller')
    links.push({ href: '/dashboard', label: 'My Orders' }, { href: '/dashboard/wishlist', label: 'Cart' });
  if (role === 'admin')
    links.push(
      { href: '/dashboard/users', label: 'All Users' },
      { href: '/dashboard/report', label: 'Report' },
    );
  if (role === 'seller')
    links.push(
      { href: '/dashboard/addProduct', label: 'Add Product' },
      { href: '/dashboard/myProduct', label: 'My Product' },
      { href: '/dashboard/myBuyers', label: 'My Buyers' },
    );
  return links;
}

/** The dashboard (§2): a side menu by role beside the screen; a drawer on small screens. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const drawerOpen = useAtomValue(drawerOpenAtom);
  return (
    <div className={styles.dashboard}>
      <nav
        aria-label="Dashboard"
        id={DASHBOARD_MENU_ID}
        className={drawerOpen ? undefined : styles.drawerClosed}
      >
        <ul className={styles.sideMenu}>
          {menuFor(session?.role).map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        {/* the side menu stays while a screen loads */}
        <Suspense fallback={<Spinner label="Loading the page" />}>{children}</Suspense>
      </div>
    </div>
  );
}
