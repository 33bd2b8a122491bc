import { Button } from '@recell/ui/Button';
import { NumberField } from '@recell/ui/NumberField';
import { Select } from '@recell/ui/Select';
import { visuallyHidden } from '@recell/ui/theme';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SearchBox } from '../../../components/SearchBox';
import {
  conditions,
  filterKeys,
  PRICE,
  sorts,
  withChanges,
  YEAR,
  type Condition,
  type SearchState,
  type Sort,
} from '../search-params';
import type { SearchUpdate } from '../use-search-state';
import * as styles from './search.css';

const ANY = 'any';
const conditionOptions = [
  { id: ANY, label: 'Any condition' },
  ...conditions.map((condition) => ({ id: condition, label: condition })),
];
const sortOptions = Object.entries(sorts).map(([id, label]) => ({ id, label }));
const dollars = { style: 'currency', currency: 'USD', maximumFractionDigits: 0 } as const;
const plainYear = { useGrouping: false } as const;

/** An empty number field is NaN to react-aria and "no filter" to us. */
const numberOrNone = (value: number) => (Number.isNaN(value) ? undefined : value);

/**
 * The words, filters and sort of a category page or of the results page. The words search when the form is
 * submitted (Enter or Search); a number applies when it is committed (Enter or leaving the field), a choice
 * as soon as it is made. Every change goes to the URL and back to page 1. On a phone the filters fold behind
 * a "Filters and sort" button, so the phones are on the first screen.
 */
export function SearchControls({
  state,
  go,
  searchLabel,
}: {
  state: SearchState;
  go: (update: SearchUpdate) => void;
  /** The words' box and its label; none on the results page, whose words are the navbar's box. */
  searchLabel?: string;
}) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const narrowing = filterKeys.filter((key) => key !== 'q' && state[key] !== undefined).length;
  const words = state.q ?? '';
  const [text, setText] = useState(words);
  const [lastWords, setLastWords] = useState(words);
  if (words !== lastWords) {
    // the URL changed (Back, a chip removed, Clear filters): the box follows it
    setLastWords(words);
    setText(words);
  }
  const change = (changes: Partial<SearchState>) => go((current) => withChanges(current, changes));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim() || undefined;
    // Enter in a price field submits the form too: that must not add a history entry for the same words
    go((current) => (current.q === q ? current : withChanges(current, { q })));
  };
  return (
    <form role="search" aria-label={searchLabel ?? 'Filters'} className={styles.controls} onSubmit={submit}>
      {searchLabel && (
        <div className={styles.queryRow}>
          <SearchBox
            label={searchLabel}
            placeholder="Model, storage, colour..."
            value={text}
            onChange={setText}
            className={styles.queryBox}
          />
          <Button type="submit">Search</Button>
        </div>
      )}
      <Button
        variant="secondary"
        className={styles.filtersToggle}
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onPress={() => setFiltersOpen(!filtersOpen)}
      >
        <SlidersHorizontal aria-hidden size={18} />
        Filters and sort{narrowing > 0 ? ` (${narrowing})` : ''}
      </Button>
      <fieldset id={filtersId} className={`${styles.filters} ${filtersOpen ? '' : styles.filtersFolded}`}>
        <legend className={visuallyHidden}>Filters and sort</legend>
        <NumberField
          label="Min price"
          value={state.minPrice ?? NaN}
          onChange={(value) => change({ minPrice: numberOrNone(value) })}
          minValue={PRICE.min}
          maxValue={PRICE.max}
          formatOptions={dollars}
        />
        <NumberField
          label="Max price"
          value={state.maxPrice ?? NaN}
          onChange={(value) => change({ maxPrice: numberOrNone(value) })}
          minValue={PRICE.min}
          maxValue={PRICE.max}
          formatOptions={dollars}
        />
        <Select
          label="Condition"
          options={conditionOptions}
          selectedKey={state.condition ?? ANY}
          onSelectionChange={(key) =>
            change({ condition: key === ANY || key === null ? undefined : (key as Condition) })
          }
        />
        <NumberField
          label="Bought in or after"
          description="Year of purchase"
          value={state.minYear ?? NaN}
          onChange={(value) => change({ minYear: numberOrNone(value) })}
          minValue={YEAR.min}
          maxValue={new Date().getFullYear()}
          formatOptions={plainYear}
        />
        <Select
          label="Sort by"
          options={sortOptions}
          selectedKey={state.sort}
          onSelectionChange={(key) => change({ sort: (key as Sort | null) ?? 'newest' })}
        />
      </fieldset>
    </form>
  );
}
