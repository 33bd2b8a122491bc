import { Recycle, type LucideIcon } from 'lucide-react';
import { Link } from '../Link/Link';
import * as styles from './Footer.css';

export interface FooterColumn {
  title: string;
  links: { href: string; label: string }[];
}

export interface FooterProps {
  /** Link columns, each a labelled navigation: the app decides what the site links to. */
  columns: FooterColumn[];
  tagline: string;
  /** Icon-only links: each needs its label, which becomes its accessible name. */
  social: { href: string; label: string; icon: LucideIcon }[];
  /** The small print under the columns. */
  note: string;
}

/** The site footer: the brand, the tagline, social links and link columns, all given by the app. */
export function Footer({ columns, tagline, social, note }: FooterProps) {
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
      <p className={styles.bottom}>{note}</p>
    </footer>
  );
}
