import { Bell } from 'lucide-react';
import { Button } from '@recell/ui/Button';
import { Footer } from '@recell/ui/Footer';
import { footerContent } from './footer-content';
import { Navbar, type NavItem } from '@recell/ui/Navbar';
import { useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { container } from '../../components/styles.css';
import { useAuthActions } from '../../features/auth/use-auth-actions';
import { useSession } from '../../features/auth/use-session';
import { NavbarSearch } from '../../features/catalogue/components/NavbarSearch';
import { useUnreadCount } from '../../features/messages/api/get-unread-count';
import { messagesLabel } from '../../features/messages/messages-label';
import { useLiveMessages } from '../../features/messages/use-live-messages';
import { notificationsLive } from '../../features/notifications/live';
import { offersLiveListener } from '../../features/offers/live';
import { notificationsLabel } from '../../features/notifications/notifications-label';
import { drawerOpenAtom } from './atoms';
import { DashboardMenu } from './DashboardLayout';
import { DemoModeNote } from './DemoModeNote';
import * as styles from './layout.css';
import { ThemeToggle } from './theme';
import { useBellCount } from './use-bell-count';

/** The other features' parts of the messages' live stream (features do not import each other: they meet here). */
const liveListeners = [notificationsLive, offersLiveListener];

/**
 * The site's navbar (§2): Home, Blogs, About; Dashboard and Sign out, or Login; the search over every brand. On a
 * phone one row (menu button, brand, search), its menu holding the links and actions (and, on the dashboard, the
 * dashboard's menu first).
 */
function SiteNavbar() {
  const { status, session } = useSession();
  const { signOut } = useAuthActions();
  const [path] = useLocation();
  const [drawerOpen, setDrawerOpen] = useAtom(drawerOpenAtom);
  const onDashboard = path === '/dashboard' || path.startsWith('/dashboard/');
  const signedIn = status === 'signed-in';
  const unread = useUnreadCount(signedIn).data?.unread ?? 0;
  const bell = useBellCount(signedIn);
  // the stream keeps the counts, the open thread and the Inbox live for whoever is signed in
  useLiveMessages(signedIn ? session.user.uid : undefined, liveListeners);
  const links: NavItem[] = [
    { href: '/', label: 'Home' },
    { href: '/blogs', label: 'Blogs' },
    { href: '/about', label: 'About' },
    ...(status === 'signed-in'
      ? [
          { href: '/dashboard', label: 'Dashboard' },
          { href: '/dashboard/messages', label: messagesLabel(unread), short: 'Messages', count: unread },
          {
            href: '/dashboard/notifications',
            label: notificationsLabel(bell),
            icon: <Bell size={18} />,
            short: '',
            count: bell,
          },
        ]
      : status === 'signed-out'
        ? [{ href: '/login', label: 'Login' }]
        : []),
  ];
  return (
    <Navbar
      links={links}
      currentPath={path}
      menu={onDashboard ? <DashboardMenu onNavigate={() => setDrawerOpen(false)} /> : undefined}
      isMenuOpen={drawerOpen}
      onMenuOpenChange={setDrawerOpen}
      search={<NavbarSearch />}
      actions={
        <>
          {status === 'signed-in' ? (
            <Button
              variant="secondary"
              onPress={() => {
                // on a phone the button is in the menu's drawer: it closes with the session
                setDrawerOpen(false);
                void signOut();
              }}
            >
              Sign out
            </Button>
          ) : null}
          <ThemeToggle />
        </>
      }
    />
  );
}

/** The public layout (§2): navbar, the screen, footer; above them the demo-mode marker when on the emulator. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <DemoModeNote />
      <SiteNavbar />
      <main id="main" className={`${container} ${styles.main}`}>
        {children}
      </main>
      <Footer {...footerContent} />
    </div>
  );
}
