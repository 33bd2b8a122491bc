import { useLayoutEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseSearch, searchString, type SearchState } from './search-params';

/** A new state, or how to make it from the latest one. */
export type SearchUpdate = SearchState | ((current: SearchState) => SearchState);

/**
 * The search state of the page being shown, read from its URL, and `go`, which puts a new state in the URL
 * (a new history entry, so Back returns to the previous results).
 */
export function useSearchState() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const state = parseSearch(search);
  // Two changes can come before the next render (Enter in a price field commits the price, then submits the
  // form): the second must build on the first, not on the state this render read.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = parseSearch(search);
  }, [search]);
  const go = (update: SearchUpdate) => {
    const next = typeof update === 'function' ? update(latest.current) : update;
    const query = searchString(next);
    // the same results again are not a new history entry
    if (query === searchString(latest.current)) return;
    latest.current = next;
    navigate(query ? `${path}?${query}` : path);
  };
  return { state, go };
}
