import { comparedWords, rangeWords, type components } from '@recell/api';
import { Link } from '@recell/ui/Link';
import { usePriceGuide } from '../api/get-price-guide';
import * as styles from './PriceGuideLine.css';

type Condition = components['schemas']['Condition'];
type StorageGb = components['schemas']['StorageGb'];

export interface PriceGuideLineProps {
  /** The model the guide is of; without one (a phone not in the catalogue) nothing is shown. */
  modelKey: string | undefined;
  /** The storage the price is for; undefined for the deals whose listing named none. */
  storageGb: StorageGb | undefined;
  condition: Condition;
  /**
   * A listing's price: then the line says how far it is from the median, and says nothing while too few deals
   * back one (a buyer is not told "not enough deals" beside every price).
   */
  price?: number | undefined;
}

/**
 * What phones like this one really sold for on ReCell, from captured prices only: Add Product and Edit
 * show the range of the storage and condition chosen ("Good, 128 GB: $380-$420 from 14 completed deals"), a
 * listing how its price compares with the median ("6 % below the median of 14 completed deals"), each with a link
 * to the model's price history. It is a hint, never in the way: while the guide loads the line keeps its place
 * empty, and a guide that cannot be read (an unknown model, a failed request) leaves it empty.
 */
export function PriceGuideLine({ modelKey, storageGb, condition, price }: PriceGuideLineProps) {
  const guide = usePriceGuide(modelKey);
  if (!modelKey || guide.isError) return null;
  if (!guide.data) {
    // A form's line keeps its place; a listing's says nothing for most phones, so it takes none until it speaks.
    return price === undefined ? <p className={styles.line} aria-live="polite" /> : null;
  }
  const figures = guide.data.ranges.find(
    (range) => range.condition === condition && range.storageGb === storageGb,
  ) ?? { count: 0 };
  const range = { ...figures, condition, ...(storageGb === undefined ? {} : { storageGb }) };
  const compared = price === undefined ? undefined : comparedWords(price, range);
  if (price !== undefined && compared === undefined) return null;
  return (
    // polite: a seller choosing another storage or condition hears the new range
    <p className={styles.line} aria-live="polite">
      {compared ? <span className={styles.compared}>{compared}</span> : rangeWords(range)}.{' '}
      <Link href={`/prices/${encodeURIComponent(modelKey)}`}>See price history</Link>
    </p>
  );
}
