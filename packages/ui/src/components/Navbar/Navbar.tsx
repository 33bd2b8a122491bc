import { Menu, Recycle } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import { Link } from '../Link/Link';
import * as styles from './Navbar.css';

// The drawer (react-aria's modal machinery) loads when it is first opened: the navbar is on every page's
// first paint, the drawer only on a press.
const Drawer = lazy(() => import('../Drawer/Drawer').then((module) => ({ default: module.Drawer })));

export interface NavItem {
  href: string;
  label: string;
}

export interface NavbarProps {
  links: NavItem[];
  /** The path of the page being shown; its link gets aria-current="page". */
  currentPath?: string;
  /** Log in / Sign out buttons. */
  actions?: ReactNode;
  /** A search form: a row of its own on a phone, beside the links from a tablet up. */
  search?: ReactNode;
  /** The dashboard's side menu: when given, a menu button opens it in a Drawer. */
  menu?: ReactNode;
  menuTitle?: string;
  /** Controls the menu drawer (e.g. to close it when one of its links is followed); uncontrolled if left out. */
  isMenuOpen?: boolean;
  onMenuOpenChange?: (isOpen: boolean) => void;
  homeHref?: string;
}

/** The top bar: brand, the site's links, account actions and the dashboard menu toggle. */
export function Navbar({
  links,
  currentPath,
  actions,
  search,
  menu,
  menuTitle = 'Dashboard',
  isMenuOpen,
  onMenuOpenChange,
  homeHref = '/',
}: NavbarProps) {
  const [ownMenuOpen, setOwnMenuOpen] = useState(false);
  const menuOpen = isMenuOpen ?? ownMenuOpen;
  const setMenuOpen = (open: boolean) => {
    setOwnMenuOpen(open);
    onMenuOpenChange?.(open);
  };
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {menu && (
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onPress={() => setMenuOpen(true)}
            >
              <Menu aria-hidden />
            </Button>
            {menuOpen && (
              <Suspense fallback={null}>
                <Drawer title={menuTitle} isOpen onOpenChange={setMenuOpen}>
                  {menu}
                </Drawer>
              </Suspense>
            )}
          </>
        )}
        <Link href={homeHref} variant="nav" className={styles.brand} aria-label="ReCell home">
          <Recycle aria-hidden className={styles.brandMark} size={24} />
          ReCell
        </Link>
        <nav aria-label="Main">
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  variant="nav"
                  aria-current={link.href === currentPath ? 'page' : undefined}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {search && <div className={styles.search}>{search}</div>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
