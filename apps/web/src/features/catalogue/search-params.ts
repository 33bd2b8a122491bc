// A search's state lives in the URL (`?q=&minPrice=&maxPrice=&condition=&minYear=&storage=&minBattery=&minRating=&sort=&page=`), so back and
// forward, a reload and a shared link all show the same results. These turn the query string into the API's
// parameters and back. A value the contract would refuse (a typo in a shared link) is dropped rather than
// sent, so a bad link still shows phones instead of a 400.
import type { components } from '@recell/api';

export type Condition = components['schemas']['Condition'];
export type Sort = 'newest' | 'price_asc' | 'price_desc';
export type StorageGb = components['schemas']['StorageGb'];

/** The contract's StorageGb sizes. */
export const storageSizes: readonly StorageGb[] = [16, 32, 64, 128, 256, 512, 1024];
/** Battery health a buyer may ask for at least: what Back Market and Swappa buyers look for. */
export const batteryFloors = [80, 85, 90, 95] as const;
/** A seller's rating a buyer may ask for at least: "4 stars and up" (sellers under 3 reviews are never in it). */
export const ratingFloors = [4] as const;

export const conditions: readonly Condition[] = ['Excellent', 'Good', 'Fair'];
export const sorts: Record<Sort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/** What narrows the results: each is one chip, and "Clear filters" removes them all. */
export interface Filters {
  q?: string;
  minPrice?: number;
  maxPrice?: number;
  condition?: Condition;
  minYear?: number;
  storage?: StorageGb;
  minBattery?: number;
  minRating?: number;
}

export interface SearchState extends Filters {
  sort: Sort;
  page: number;
}

/** Phones per page of results: the category pages', the search page's, and their early requests' (routes.ts). */
export const PAGE_SIZE = 20;

export const filterKeys = [
  'q',
  'minPrice',
  'maxPrice',
  'condition',
  'minYear',
  'storage',
  'minBattery',
  'minRating',
] as const;

// the contract's bounds (Price, Year, Page and SearchWords in openapi.yaml)
export const PRICE = { min: 1, max: 100_000 } as const;
export const YEAR = { min: 2000, max: 2100 } as const;
const MAX_PAGE = 10_000;
const MAX_WORDS_LENGTH = 100;

function numberIn(raw: string | null, { min, max }: { min: number; max: number }, whole = false) {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) return undefined;
  return whole && !Number.isInteger(value) ? undefined : value;
}

const isCondition = (value: string | null): value is Condition => conditions.includes(value as Condition);
const isSort = (value: string | null): value is Sort => value !== null && value in sorts;

/** The state a query string (with or without its `?`) describes. */
export function parseSearch(search: string): SearchState {
  const params = new URLSearchParams(search);
  const q = params.get('q')?.trim().slice(0, MAX_WORDS_LENGTH);
  const condition = params.get('condition');
  const sort = params.get('sort');
  const state: SearchState = {
    sort: isSort(sort) ? sort : 'newest',
    page: numberIn(params.get('page'), { min: 1, max: MAX_PAGE }, true) ?? 1,
  };
  if (q) state.q = q;
  const minPrice = numberIn(params.get('minPrice'), PRICE);
  if (minPrice !== undefined) state.minPrice = minPrice;
  const maxPrice = numberIn(params.get('maxPrice'), PRICE);
  if (maxPrice !== undefined) state.maxPrice = maxPrice;
  if (isCondition(condition)) state.condition = condition;
  const minYear = numberIn(params.get('minYear'), YEAR, true);
  if (minYear !== undefined) state.minYear = minYear;
  const storage = storageSizes.find((size) => String(size) === params.get('storage'));
  if (storage !== undefined) state.storage = storage;
  // only the floors the filter offers (the contract takes any percent; a shown choice must match the URL)
  const minBattery = batteryFloors.find((floor) => String(floor) === params.get('minBattery'));
  if (minBattery !== undefined) state.minBattery = minBattery;
  const minRating = ratingFloors.find((floor) => String(floor) === params.get('minRating'));
  if (minRating !== undefined) state.minRating = minRating;
  return state;
}

/** The query string (without `?`) for a state; the defaults (newest, page 1) are left out, so links stay short. */
export function searchString(state: SearchState): string {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = state[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** The state with some values changed; any change but the page's own goes back to page 1. */
export function withChanges(state: SearchState, changes: Partial<SearchState>): SearchState {
  const next: SearchState = { ...state, page: 1, ...changes };
  for (const key of filterKeys) if (next[key] === undefined || next[key] === '') delete next[key];
  return next;
}

/**
 * "Clear filters": the state without price, condition, year, storage, battery or seller rating. The words stay (they are what was
 * searched for, not a filter on it), and so does the sort (it orders, it does not narrow).
 */
export const withoutFilters = (state: SearchState): SearchState => ({
  ...(state.q === undefined ? {} : { q: state.q }),
  sort: state.sort,
  page: 1,
});

/** Whether "Clear filters" would change anything: a price, a condition or a year is set. */
export const hasNarrowing = (state: SearchState) =>
  filterKeys.some((key) => key !== 'q' && state[key] !== undefined);

export const hasFilters = (state: SearchState) => filterKeys.some((key) => state[key] !== undefined);

/** The API's query parameters (listCategoryMobiles and searchMobiles take the same ones). */
export function apiQuery(state: SearchState, pageSize: number) {
  const { q, minPrice, maxPrice, condition, minYear, storage, minBattery, minRating, sort, page } = state;
  return { q, minPrice, maxPrice, condition, minYear, storage, minBattery, minRating, sort, page, pageSize };
}
