import type { Mobile } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { EmptyState } from '@recell/ui/EmptyState';
import { ErrorState } from '@recell/ui/ErrorState';
import { Link } from '@recell/ui/Link';
import { LoadingRegion, PhoneCardSkeleton } from '@recell/ui/Skeleton';
import { visuallyHidden } from '@recell/ui/theme';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { grid } from '../../../components/styles.css';
import {
  hasFilters,
  hasNarrowing,
  searchString,
  withChanges,
  withoutFilters,
  type SearchState,
} from '../search-params';
import type { SearchUpdate } from '../use-search-state';
import { ActiveFilters } from './ActiveFilters';
import { Pager } from '../../../components/Pager';
import { SearchControls } from './SearchControls';
import * as styles from './search.css';

/** What listCategoryMobiles and searchMobiles answer. */
export interface MobileResults {
  items: Mobile[];
  total: number;
  page: number;
  pageSize: number;
  totalCapped?: boolean;
}

const count = new Intl.NumberFormat('en-US');
/** "No phones", "1 phone", "23 phones", "1,000+ phones" (the server stops counting at 1,000). */
export function phonesCount({ total, totalCapped }: Pick<MobileResults, 'total' | 'totalCapped'>) {
  if (total === 0) return 'No phones';
  return `${count.format(total)}${totalCapped ? '+' : ''} ${total === 1 && !totalCapped ? 'phone' : 'phones'}`;
}

/**
 * A category page's or the results page's body: the search form, the count, the filters in use, the phones
 * and their pages. The count is where paging and removing a chip move focus to; a polite status
 * says the count and page whenever new results arrive.
 */
export function SearchPanel({
  state,
  go,
  results,
  searchLabel,
  label,
  empty,
  widen,
  children,
}: {
  state: SearchState;
  go: (update: SearchUpdate) => void;
  results: UseQueryResult<MobileResults>;
  /** The search box's label: "Search Samsung phones"; none where the navbar's box holds the words. */
  searchLabel?: string;
  /** What the phones are, for the loading and failure messages: "Samsung phones". */
  label: string;
  /** What an empty result says when nothing narrows it: "No Samsung phones for sale right now." */
  empty: string;
  /** More ways out of an empty result (search every brand). */
  widen?: ReactNode;
  children: (mobile: Mobile, index: number) => ReactNode;
}) {
  const [path] = useLocation();
  const countRef = useRef<HTMLParagraphElement>(null);
  const focusCount = () => countRef.current?.focus();
  const { data } = results;
  const last = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pageHref = (page: number) => {
    const query = searchString({ ...state, page });
    return query ? `${path}?${query}` : path;
  };
  const clear = () => {
    go(withoutFilters);
    focusCount();
  };
  const announcement =
    data && !results.isPlaceholderData ? `${phonesCount(data)}, page ${state.page} of ${last}` : '';
  return (
    <div className={styles.panel}>
      <SearchControls state={state} go={go} {...(searchLabel ? { searchLabel } : {})} />
      <div className={styles.summary}>
        {/* not a heading: the cards' titles are the level below the page's */}
        <p ref={countRef} tabIndex={-1} className={styles.count}>
          {data ? phonesCount(data) : 'Results'}
        </p>
        <p role="status" className={visuallyHidden}>
          {announcement}
        </p>
        <ActiveFilters
          state={state}
          onRemove={(key) => {
            go((current) => withChanges(current, { [key]: undefined }));
            focusCount();
          }}
          onClear={clear}
        />
      </div>
      <Results {...{ results, state, label, empty, last, widen, pageHref }} onClear={clear}>
        {children}
      </Results>
      {data && data.items.length > 0 && (
        <>
          {data.totalCapped && state.page === last && (
            <p className={styles.note}>
              These are the first 1,000 matches. Add words or filters to see others.
            </p>
          )}
          <Pager page={state.page} last={last} href={pageHref} onNavigate={focusCount} />
        </>
      )}
    </div>
  );
}

function Results({
  results,
  state,
  label,
  empty,
  last,
  widen,
  onClear,
  pageHref,
  children,
}: {
  results: UseQueryResult<MobileResults>;
  state: SearchState;
  label: string;
  empty: string;
  last: number;
  widen?: ReactNode;
  onClear: () => void;
  pageHref: (page: number) => string;
  children: (mobile: Mobile, index: number) => ReactNode;
}) {
  if (results.isPending)
    return (
      <LoadingRegion label={`Loading ${label}`}>
        <div className={grid}>
          <PhoneCardSkeleton />
          <PhoneCardSkeleton />
          <PhoneCardSkeleton />
        </div>
      </LoadingRegion>
    );
  if (results.isError)
    return (
      <ErrorState
        title={`Could not load ${label}`}
        message={results.error.message}
        actions={
          <Button variant="secondary" onPress={() => void results.refetch()} isPending={results.isFetching}>
            Try again
          </Button>
        }
      />
    );
  const { items, total } = results.data;
  if (items.length === 0 && total > 0)
    // a shared link to a page that no longer exists (phones sold since)
    return (
      <EmptyState
        title={`There is no page ${state.page}`}
        description={`These results end at page ${last}.`}
        actions={<Link href={pageHref(last)}>Go to page {last}</Link>}
      />
    );
  if (items.length === 0 && !hasFilters(state)) return <EmptyState title={empty} actions={widen} />;
  if (items.length === 0)
    return (
      <EmptyState
        title="No phones match your search"
        description="Try fewer or shorter words, a wider price range, any condition or an earlier year."
        actions={
          <>
            {hasNarrowing(state) ? (
              <Button variant="secondary" onPress={onClear}>
                Clear filters
              </Button>
            ) : null}
            {widen}
          </>
        }
      />
    );
  return (
    <PhoneList items={items} stale={results.isPlaceholderData} label={label}>
      {children}
    </PhoneList>
  );
}

/** Cards the first paint draws: two rows of three on a desktop, more than a phone's first screen. */
const FIRST_CARDS = 6;

/**
 * The phones of a page. When the list first appears it draws its first cards, then the rest in a transition
 * just after: the first screen of phones (and the page's largest picture) paints after six cards rather than
 * twenty, which on a slow phone was most of the time from the answer to the paint. Later pages of
 * the same list are drawn whole.
 */
function PhoneList({
  items,
  stale,
  label,
  children,
}: {
  items: Mobile[];
  stale: boolean;
  label: string;
  children: (mobile: Mobile, index: number) => ReactNode;
}) {
  const [drawnAll, setDrawnAll] = useState(false);
  useEffect(() => {
    if (!drawnAll) startTransition(() => setDrawnAll(true));
  }, [drawnAll]);
  return (
    <ul className={`${grid} ${stale ? styles.stale : ''}`} aria-busy={stale || undefined} aria-label={label}>
      {(drawnAll ? items : items.slice(0, FIRST_CARDS)).map((mobile, index) => (
        <Fragment key={mobile._id}>{children(mobile, index)}</Fragment>
      ))}
    </ul>
  );
}
