import { Button } from '@recell/ui/Button';
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

const footerColumns = [
  { title: 'About', links: ['Our story', 'How it works', 'Careers'] },
  { title: 'Blog', links: ['Buying guides', 'Selling tips', 'Phone care'] },
  { title: 'Products', links: ['Xiaomi', 'Samsung', 'Apple'] },
  { title: 'Contact', links: ['Help centre', 'Report a listing', 'hello@recell.test'] },
];

function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={container}>
        <div className={styles.footerColumns}>
          {footerColumns.map((column) => (
            <section key={column.title} aria-label={column.title}>
              <h2>{column.title}</h2>
              <ul className={styles.footerList}>
                {column.links.map((link) => (
                  <li key={link}>{link}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <p>ReCell: used phones, fairly sold. Every phone checked, every price in plain sight.</p>
        <ul className={styles.navList} aria-label="ReCell on social media">
          <li>
            <span aria-label="Facebook" role="img">
              ⓕ
            </span>
          </li>
          <li>
            <span aria-label="X (Twitter)" role="img">
              ⓧ
            </span>
          </li>
          <li>
            <span aria-label="Instagram" role="img">
              ⓘ
            </span>
          </li>
        </ul>
        <p>© {new Date().getFullYear()} ReCell</p>
      </div>
    </footer>
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
