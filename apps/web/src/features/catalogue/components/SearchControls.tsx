import { Button } from '@recell/ui/Button';
import { Spinner } from '@recell/ui/Spinner';
import { media, visuallyHidden } from '@recell/ui/theme';
import { SlidersHorizontal } from 'lucide-react';
import { Suspense, useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { SearchBox } from '../../../components/SearchBox';
import { lazyComponent } from '../../../lib/lazy-component';
import { filterKeys, withChanges, type SearchState } from '../search-params';
import type { SearchUpdate } from '../use-search-state';
import * as styles from './search.css';

const LazyFilterFields = lazyComponent(() => import('./FilterFields').then((module) => module.FilterFields));

const wideQuery = media.tablet;
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia?.(wideQuery);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
/**
 * From a tablet up the filters are always shown (without matchMedia, as in tests, too). Without a window (the
 * build loading the screens in Node, build-tools/pages-manifest.ts) as on a server render: folded.
 */
const isWide = () => typeof window !== 'undefined' && (window.matchMedia?.(wideQuery).matches ?? true);

/** Where the fields are shown at once, their chunk comes with the screen's (the route table waits for it). */
export const preloadFilterFields = (): Promise<unknown> =>
  isWide() ? LazyFilterFields.preload() : Promise.resolve();

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
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);
  // on a phone the folded fields are not drawn at all: their code loads when the fold first opens
  const fieldsShown = filtersOpen || wide;
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
        {fieldsShown && (
          <Suspense fallback={<Spinner label="Loading the filters" />}>
            <LazyFilterFields state={state} change={change} />
          </Suspense>
        )}
      </fieldset>
    </form>
  );
}
