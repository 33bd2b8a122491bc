import { useLocation, useSearch } from 'wouter';

/**
 * A list's filter as a search parameter (`?status=`, `?role=`), beside the pager's `?page=`: back/forward, reload
 * and shared links keep both. An unknown value reads as the fallback, which the URL leaves out; changing the
 * filter goes back to page 1 (the old page number means nothing in the new list).
 */
export function useFilterParam<T extends string>(
  name: string,
  values: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const raw = new URLSearchParams(search).get(name);
  const value = values.find((candidate) => candidate === raw) ?? fallback;
  const set = (next: T) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    if (next === fallback) params.delete(name);
    else params.set(name, next);
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path);
  };
  return [value, set];
}

/** Words to find (`?q=`), kept as the filters are: empty is left out of the URL, and a change goes to page 1. */
export function useWordsParam(name: string): [string, (next: string) => void] {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const value = new URLSearchParams(search).get(name) ?? '';
  const set = (next: string) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    if (next.trim()) params.set(name, next.trim());
    else params.delete(name);
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path);
  };
  return [value, set];
}
