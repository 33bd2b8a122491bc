import { useLocation, useSearch } from 'wouter';

/** The highest page the contract accepts (`Page` in openapi.yaml). */
const MAX_PAGE = 10000;

/** Reads a whole-number page in range from a search string; anything else is page 1. */
export function pageFrom(search: string, name = 'page'): number {
  const raw = new URLSearchParams(search).get(name);
  if (raw === null || !/^[1-9][0-9]*$/.test(raw)) return 1;
  return Math.min(Number(raw), MAX_PAGE);
}

/**
 * The page of a list as `?page=` in the URL, so back/forward, reload and shared links keep it. `href` keeps the
 * other search parameters and leaves page 1 out, so a list's first page has one URL. `name`: a second list on one
 * page keeps its own parameter (the seller profile's `?listings=` beside its reviews' `?page=`).
 */
export function usePageParam(name = 'page'): { page: number; href: (page: number) => string } {
  const [path] = useLocation();
  const search = useSearch();
  const href = (page: number) => {
    const params = new URLSearchParams(search);
    if (page === 1) params.delete(name);
    else params.set(name, String(page));
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
  return { page: pageFrom(search, name), href };
}
