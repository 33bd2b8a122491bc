import { Star } from 'lucide-react';
import * as styles from './SellerRating.css';

export interface SellerRatingProps {
  /** The average of the seller's public reviews (null with none) and how many there are. */
  average: number | null;
  count: number;
  /** Below this many reviews the seller is "New seller" (@recell/api's NEW_SELLER_BELOW: the rule in one place). */
  newSellerBelow: number;
  className?: string;
}

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/**
 * A seller's rating where buyers compare (cards, the listing page, results): "★ 4.6 (12)", read out as "Rated
 * 4.6 out of 5 from 12 reviews"; "New seller" below `newSellerBelow` reviews, where an average says little.
 */
export function SellerRating({ average, count, newSellerBelow, className }: SellerRatingProps) {
  const classes = [styles.rating, className].filter(Boolean).join(' ');
  if (average === null || count < newSellerBelow) {
    return <span className={[classes, styles.fresh].join(' ')}>New seller</span>;
  }
  const shown = oneDecimal(average);
  return (
    <span className={classes} role="img" aria-label={`Rated ${shown} out of 5 from ${count} reviews`}>
      <Star aria-hidden size={14} className={styles.star} />
      <span aria-hidden>
        {shown} ({count})
      </span>
    </span>
  );
}
