import type { ReactNode } from 'react';
import { formatMoney } from '../../format/money';
import { visuallyHidden } from '../../theme/styles.css';
import { Badge, type BadgeStatus } from '../Badge/Badge';
import { Card, type CardProps } from '../Card/Card';
import { Link } from '../Link/Link';
import * as styles from './PhoneCard.css';

export interface PhoneCardProps extends Omit<CardProps, 'title' | 'media' | 'children'> {
  title: string;
  /** URL of the picture; shown in a 3:2 frame (a result card is compared, not studied). */
  picture: string;
  /** Alt text; defaults to the title, since the picture shows that phone. */
  pictureAlt?: string;
  /** The price a buyer pays, in dollars (a listing's `resale_price`). Always visible. */
  price: number;
  /** The price the seller paid new, in dollars, shown struck through for comparison. */
  originalPrice?: number;
  badges?: BadgeStatus[];
  /** Drawn at the end of the badges' row (the seller's rating): on the row that is there, not a line more. */
  badgesEnd?: ReactNode;
  /** Short facts (condition, location, year...) as label/value pairs. */
  facts?: [label: string, value: ReactNode][];
  /** The phone's own page: the title becomes the link to it, so each card has one named link, not a wrapper. */
  href?: string;
  /** The picture is the page's largest paint (the first card): fetched at once and first, not lazily. */
  priority?: boolean;
}

export function PhoneCard({
  title,
  picture,
  pictureAlt,
  price,
  originalPrice,
  badges = [],
  badgesEnd,
  facts = [],
  href,
  priority = false,
  as = 'article',
  ...props
}: PhoneCardProps) {
  return (
    <Card
      {...props}
      as={as}
      title={
        href ? (
          <Link href={href} className={styles.titleLink}>
            {title}
          </Link>
        ) : (
          title
        )
      }
      media={
        <div className={styles.frame}>
          <img
            className={styles.picture}
            src={picture}
            alt={pictureAlt ?? title}
            width={400}
            height={300}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding={priority ? undefined : 'async'}
          />
        </div>
      }
    >
      {(badges.length > 0 || badgesEnd) && (
        <div className={styles.badges}>
          {badges.map((status) => (
            <Badge key={status} status={status} />
          ))}
          {badgesEnd}
        </div>
      )}
      <p className={styles.priceRow}>
        <span className={styles.price}>
          {/* read aloud, not printed: the price reads "$455" on a card as on the listing */}
          <span className={visuallyHidden}>Price: </span>
          {formatMoney({ dollars: price })}
        </span>
        {originalPrice !== undefined && (
          <span className={styles.originalPrice}>
            <s>{formatMoney({ dollars: originalPrice })}</s> new
          </span>
        )}
      </p>
      {facts.length > 0 && (
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd className={styles.factValue}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
