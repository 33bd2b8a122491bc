import { Mail, MessageCircle, Recycle, Rss, type LucideIcon } from 'lucide-react';
import { Link } from '../Link/Link';
import * as styles from './Footer.css';

export interface FooterColumn {
  title: string;
  links: { href: string; label: string }[];
}

export interface FooterProps {
  columns?: FooterColumn[];
  tagline?: string;
  social?: { href: string; label: string; icon: LucideIcon }[];
}

const defaultColumns: FooterColumn[] = [
  { title: 'About', links: [{ href: '/about', label: 'About ReCell' }] },
  { title: 'Blog', links: [{ href: '/blogs', label: 'Buying guides' }] },
  {
    title: 'Products',
    links: [
      { href: '/category/01', label: 'Xiaomi' },
      { href: '/category/02', label: 'Samsung' },
      { href: '/category/03', label: 'Apple' },
    ],
  },
  { title: 'Contact', links: [{ href: 'mailto:hello@recell.test', label: 'hello@recell.test' }] },
];

const defaultSocial = [
  { href: 'mailto:hello@recell.test', label: 'Email ReCell', icon: Mail },
  { href: '/blogs', label: 'ReCell blog', icon: Rss },
  { href: '/about#community', label: 'ReCell community', icon: MessageCircle },
];

/** The site footer: static link columns, the tagline and social links. */
export function Footer({
  columns = defaultColumns,
  tagline = 'Used phones, checked and sold by people near you.',
  social = defaultSocial,
}: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <strong style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <Recycle aria-hidden size={20} /> ReCell
          </strong>
          <p className={styles.tagline}>{tagline}</p>
          <ul className={styles.social}>
            {social.map(({ href, label, icon: Icon }) => (
              <li key={label}>
                <Link href={href} aria-label={label}>
                  <Icon aria-hidden size={20} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className={styles.heading}>{column.title}</h2>
            <ul className={styles.list}>
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} variant="nav">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className={styles.bottom}>© ReCell. Prices in US dollars.</p>
    </footer>
  );
}
