// The tabs of My Orders (orders, offers) and My Buyers (buyers, offers): links, one page each, so a tab is a URL
// the bell and the emails can open (webLinks.myOffers, webLinks.offersReceived).
import { Link, useLocation } from 'wouter';
import * as styles from './pages.css';

const tabs = {
  buyer: [
    { href: '/dashboard', label: 'Orders' },
    { href: '/dashboard/offers', label: 'Offers' },
  ],
  seller: [
    { href: '/dashboard/myBuyers', label: 'Buyers' },
    { href: '/dashboard/myBuyers/offers', label: 'Offers' },
  ],
} as const;

export function DashboardTabs({ side }: { side: keyof typeof tabs }) {
  const [path] = useLocation();
  return (
    <nav aria-label={side === 'buyer' ? 'My Orders' : 'My Buyers'}>
      <ul className={styles.tabs}>
        {tabs[side].map((tab) => (
          <li key={tab.href}>
            <Link
              href={tab.href}
              className={styles.tab}
              aria-current={tab.href === path ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
