import { Menu, Recycle } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import { Link } from '../Link/Link';
import { visuallyHidden } from '../../theme/styles.css';
import * as styles from './Navbar.css';

// The drawer (react-aria's modal machinery) loads when it is first opened: the navbar is on every page's
// first paint, the drawer only on a press.
const Drawer = lazy(() => import('../Drawer/Drawer').then((module) => ({ default: module.Drawer })));

export interface NavItem {
  href: string;
  label: string;
  /** Drawn before the label, hidden from assistive technology (the label names the link). */
  icon?: ReactNode;
  /**
   * The bar's shorter words (an icon's link may have none); the label stays the link's name and is what the
   * phone's menu shows. Long labels ("Notifications, 3 unread") wrapped the bar to two rows at 1280 px.
   */
  short?: string;
  /** A count drawn as a badge after the bar's words (hidden: the label says it); none at 0. */
  count?: number;
}

/** The most a badge spells out; more shows as "99+". */
const COUNT_MAX = 99;

function LinkContent({ link, compact }: { link: NavItem; compact: boolean }) {
  const short = compact && (link.short !== undefined || Boolean(link.count));
  if (!short && !link.icon) return link.label;
  const words = short ? (link.short ?? link.label) : link.label;
  const count = short && link.count ? (link.count > COUNT_MAX ? `${COUNT_MAX}+` : String(link.count)) : null;
  const drawn = (
    <span className={styles.withIcon} aria-hidden={short || undefined}>
      {link.icon ? (
        <span aria-hidden="true" className={styles.icon}>
          {link.icon}
        </span>
      ) : null}
      {words}
      {count ? <span className={styles.count}>{count}</span> : null}
    </span>
  );
  // the bar's short words and badge are drawn only; the full label, in the link, is its name
  return short ? (
    <>
      {drawn}
      <span className={visuallyHidden}>{link.label}</span>
    </>
  ) : (
    drawn
  );
}

export interface NavbarProps {
  links: NavItem[];
  /** The path of the page being shown; its link gets aria-current="page". */
  currentPath?: string;
  /** Log in / Sign out buttons: beside the links from a tablet up, in the menu on a phone. */
  actions?: ReactNode;
  /** A search form: in the one row of a phone's header, beside the links from a tablet up. */
  search?: ReactNode;
  /** The dashboard's side menu: the menu button opens it in a Drawer at every width (above the site's links on a phone). */
  menu?: ReactNode;
  /** The drawer's title when it holds `menu`; without `menu` it is "Menu". */
  menuTitle?: string;
  /** Controls the menu drawer (e.g. to close it when one of its links is followed); uncontrolled if left out. */
  isMenuOpen?: boolean;
  onMenuOpenChange?: (isOpen: boolean) => void;
  homeHref?: string;
}

function SiteLinks({
  links,
  currentPath,
  label,
  className,
  onNavigate,
  compact = false,
}: Pick<NavbarProps, 'links' | 'currentPath'> & {
  label: string;
  className: string;
  onNavigate?: () => void;
  /** The bar's row: short words and count badges, the full label as each link's name. */
  compact?: boolean;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              variant="nav"
              aria-current={link.href === currentPath ? 'page' : undefined}
              {...(onNavigate ? { onPress: onNavigate } : {})}
            >
              <LinkContent link={link} compact={compact} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The top bar: brand, the site's links, account actions and the search. On a phone it is one row (menu button,
 * brand, search) and the links and actions live in the menu's drawer; from a tablet up they stand in the bar, and
 * the menu button is there only for the dashboard's side menu.
 */
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
        <Button
          variant="ghost"
          size="icon"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPress={() => setMenuOpen(true)}
          className={menu ? undefined : styles.phoneOnly}
        >
          <Menu aria-hidden />
        </Button>
        {menuOpen && (
          <Suspense fallback={null}>
            <Drawer title={menu ? menuTitle : 'Menu'} isOpen onOpenChange={setMenuOpen}>
              <div className={styles.drawerBody}>
                {menu}
                {/* in the bar from a tablet up; here on a phone */}
                <div className={`${styles.drawerBody} ${styles.phoneOnly}`}>
                  <SiteLinks
                    links={links}
                    currentPath={currentPath}
                    label="Site"
                    className={styles.drawerLinks}
                    onNavigate={() => setMenuOpen(false)}
                  />
                  {actions && <div className={styles.actions}>{actions}</div>}
                </div>
              </div>
            </Drawer>
          </Suspense>
        )}
        <Link href={homeHref} variant="nav" className={styles.brand} aria-label="ReCell home">
          <Recycle aria-hidden className={styles.brandMark} size={24} />
          <span className={styles.brandWord}>ReCell</span>
        </Link>
        <SiteLinks links={links} currentPath={currentPath} label="Main" className={styles.wideOnly} compact />
        {search && <div className={styles.search}>{search}</div>}
        {actions && <div className={`${styles.actions} ${styles.wideOnly}`}>{actions}</div>}
      </div>
    </header>
  );
}
