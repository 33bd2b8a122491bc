import { Menu, Recycle } from 'lucide-react';
import type { ReactNode } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { Button } from '../Button/Button';
import { Drawer } from '../Drawer/Drawer';
import { Link } from '../Link/Link';
import * as styles from './Navbar.css';

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
  menu,
  menuTitle = 'Dashboard',
  isMenuOpen,
  onMenuOpenChange,
  homeHref = '/',
}: NavbarProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {menu && (
          <DialogTrigger isOpen={isMenuOpen} onOpenChange={onMenuOpenChange}>
            <Button variant="ghost" size="icon" aria-label="Open menu">
              <Menu aria-hidden />
            </Button>
            <Drawer title={menuTitle}>{menu}</Drawer>
          </DialogTrigger>
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
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
