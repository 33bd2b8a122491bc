import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import * as styles from './EmptyState.css';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A button or link that gets the person going again. */
  actions?: ReactNode;
  icon?: LucideIcon;
  /** 1 when the state is the whole page (a listing that is gone). */
  headingLevel?: 1 | 2 | 3 | 4;
  /** @internal used by ErrorState */
  tone?: 'neutral' | 'error';
  role?: 'alert';
}

/** What an empty list says instead of nothing: no phones yet, cart empty. */
export function EmptyState({
  title,
  description,
  actions,
  icon: Icon = Inbox,
  headingLevel = 2,
  tone = 'neutral',
  role,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={styles.root} role={role}>
      <span className={`${styles.iconWrap} ${styles.tone[tone]}`}>
        <Icon aria-hidden size={28} />
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
