import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './Card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** `article` for a self-contained item (a phone, a blog post), `li` inside a list. */
  as?: 'div' | 'article' | 'section' | 'li';
  /** The card's heading; `headingLevel` keeps the page outline right. */
  title?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** Buttons or links at the bottom. */
  actions?: ReactNode;
  /** Full-bleed content above the body (a picture). */
  media?: ReactNode;
}

export function Card({
  as: Element = 'div',
  title,
  headingLevel = 3,
  actions,
  media,
  className,
  children,
  ...props
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Element {...props} className={[styles.card, className].filter(Boolean).join(' ')}>
      {media}
      <div className={styles.body}>
        {title && <Heading className={styles.title}>{title}</Heading>}
        {children}
      </div>
      {actions && <div className={styles.footer}>{actions}</div>}
    </Element>
  );
}
