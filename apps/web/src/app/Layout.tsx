import { Button } from '@recell/ui/Button';
import { Footer } from '@recell/ui/Footer';
import { useAtom } from 'jotai';
import { Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { container } from '../components/styles.css';
import { useAuthActions } from '../features/auth/use-auth-actions';
import { useSession } from '../features/auth/use-session';
import { drawerOpenAtom } from './atoms';
import * as styles from './layout.css';
import { ThemeToggle } from './theme';

export const DASHBOARD_MENU_ID = 'dashboard-menu';

function Navbar() {
  const { status } = useSession();
  const { signOut } = useAuthActions();
  const [path] = useLocation();
  const [drawerOpen, setDrawerOpen] = useAtom(drawerOpenAtom);
  const onDashboard = path === '/dashboard' || path.startsWith('/dashboard/');
  return (
    <header className={styles.header}>
      <nav className={`${container} ${styles.nav}`} aria-label="Main">
        {onDashboard ? (
          <Button
            variant="secondary"
            aria-expanded={drawerOpen}
            aria-controls={DASHBOARD_MENU_ID}
            onPress={() => setDrawerOpen((open) => !open)}
          >
            <Menu aria-hidden="true" size={20} /> Menu
          </Button>
        ) : null}
        <Link href="/" className={styles.brand}>
          ReCell
        </Link>
        <ul className={styles.navList}>
          <li>
            <Link href="/">Home</Link>
          </li>
          <li>
            <Link href="/blogs">Blogs</Link>
          </li>
          <li>
            <Link href="/about">About</Link>
          </li>
          {status === 'signed-in' ? (
            <>
              <li>
                <Link href="/dashboard">Dashboard</Link>
              </li>
              <li>
                <Button variant="secondary" onPress={() => void signOut()}>
                  Sign out
                </Button>
              </li>
            </>
          ) : status === 'signed-out' ? (
            <li>
              <Link href="/login">Login</Link>
            </li>
          ) : null}
          <li>
            <ThemeToggle />
          </li>
        </ul>
      </nav>
    </header>
  );
}

/** The public layout (§2): navbar, the screen, footer. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <Navbar />
      <main id="main" className={`${container} ${styles.main}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
