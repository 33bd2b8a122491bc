import { Button } from '@recell/ui/Button';
import { formatMoney } from '@recell/ui/format';
import { X } from 'lucide-react';
import { formatStorage } from '../../../lib/listing';
import { filterKeys, hasNarrowing, type Filters, type SearchState } from '../search-params';
import * as styles from './search.css';

const WORDS_SHOWN = 24;

/** How a chip names a filter, in words (never a bare number): "From $100", "Condition: Good". */
const chipLabel: { [K in keyof Filters]-?: (value: NonNullable<Filters[K]>) => string } = {
  // a chip stays one short line on a phone; its name is the same shortened words (what is seen is what is said)
  q: (q) => `“${q.length > WORDS_SHOWN ? `${q.slice(0, WORDS_SHOWN)}…` : q}”`,
  minPrice: (price) => `From ${formatMoney({ dollars: price })}`,
  maxPrice: (price) => `Up to ${formatMoney({ dollars: price })}`,
  condition: (condition) => `Condition: ${condition}`,
  minYear: (year) => `Bought in ${year} or later`,
  storage: (gb) => formatStorage(gb),
  minBattery: (floor) => `Battery ${floor}% or more`,
  minRating: (stars) => `Sellers rated ${stars} stars and up`,
};

/** One chip per filter in use, each removable, and "Clear filters". */
export function ActiveFilters({
  state,
  onRemove,
  onClear,
}: {
  state: SearchState;
  onRemove: (key: keyof Filters) => void;
  onClear: () => void;
}) {
  const active = filterKeys.flatMap((key) => {
    const value = state[key];
    if (value === undefined) return [];
    const label = (chipLabel[key] as (value: string | number) => string)(value);
    return [{ key, label }];
  });
  if (active.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Filters in use">
      {active.map(({ key, label }) => (
        <li key={key}>
          <Button variant="secondary" size="sm" aria-label={`Remove ${label}`} onPress={() => onRemove(key)}>
            {label}
            <X aria-hidden size={14} />
          </Button>
        </li>
      ))}
      {hasNarrowing(state) ? (
        <li>
          <Button variant="ghost" size="sm" onPress={onClear}>
            Clear filters
          </Button>
        </li>
      ) : null}
    </ul>
  );
}
