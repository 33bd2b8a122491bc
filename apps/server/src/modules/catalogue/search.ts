// Listing search for category pages and the navbar box, with a cost that does not grow with the catalogue:
// words go through a full-text index instead of `LIKE '%q%'` over every row, filters and sorts have composite
// indexes, counting stops at RESULT_CAP ("1,000+ results"), and pages end there (no OFFSET that grows with the
// page number). One search per engine, behind `Search`: sqlite-search.ts (FTS5, 004-search.sql) and
// postgres-search.ts (a tsvector column with a GIN index, postgres/004). This module is what they share.
import { SEARCH_RESULT_CAP, type Category, type components } from '@recell/api';
import type { Database } from '../../db/database';
import { named, type NamedValues } from '../../db/named';
import type { PageRequest } from '../../http/pagination';
import { toCents } from '../../money';
import { RATED_AT_LEAST } from '../reviews/seller-ratings';

export const RESULT_CAP = SEARCH_RESULT_CAP;

export interface SearchQuery {
  categoryId?: Category['category_id'];
  q?: string;
  minPrice?: number;
  maxPrice?: number;
  condition?: components['schemas']['Condition'];
  minYear?: number;
  storage?: components['schemas']['StorageGb'];
  minBattery?: number;
  /** Sellers rated at least this (and not "New seller"): the stored ratings of 025-seller-ratings.sql. */
  minRating?: number;
  sort: 'newest' | 'price_asc' | 'price_desc';
}

export interface SearchResult<Row> {
  rows: readonly Row[];
  total: number;
  totalCapped: boolean;
}

/** One page of matches, rows shaped by `select` (a SELECT over `mobiles m` without WHERE), and a capped count. */
export type Search = <Row>(
  db: Database,
  select: string,
  query: SearchQuery,
  page: PageRequest,
) => Promise<SearchResult<Row>>;

export const NOTHING: SearchResult<never> = { rows: [], total: 0, totalCapped: false };

export const counted = (matched: number) => ({
  total: Math.min(matched, RESULT_CAP),
  totalCapped: matched > RESULT_CAP,
});

// Ties go by rowid, which every index holds as its last column: each order is then read straight off an index
// (category + price, category + posted, price, posted) instead of sorting every match. The posted indexes are
// DESC, so rows posted at one instant come in rowid's ascending order: each such run is put in order by itself
// as it is read (SQLite's "TEMP B-TREE FOR LAST TERM OF ORDER BY", PostgreSQL's Incremental Sort).
const SORTS = {
  newest: { key: 'm.posted_at', direction: 'DESC' },
  price_asc: { key: 'm.resale_cents', direction: 'ASC' },
  price_desc: { key: 'm.resale_cents', direction: 'DESC' },
} as const;

/** The column an order sorts by before rowid (a list of matches keeps it, not the whole row). */
export const sortKey = (sort: SearchQuery['sort']) => SORTS[sort].key;

export function orderBy(sort: SearchQuery['sort']): string {
  const { key, direction } = SORTS[sort];
  return `${key} ${direction}, m.rowid ${direction}`;
}

export interface Where {
  /** The conditions on `m` joined with AND (`1 = 1` when there are none). */
  where: string;
  /** Whether any condition other than the words' is there. */
  filtered: boolean;
  /** The values the conditions name; the words' condition names `:words`, which the engine adds. */
  values: NamedValues;
}

/** The query's conditions; `words`, the engine's condition for the words, goes after the category when given. */
export function whereOf(query: SearchQuery, words?: string): Where {
  const category = query.categoryId === undefined ? [] : ['m.category_id = :categoryId'];
  const others = [
    query.minPrice === undefined ? [] : ['m.resale_cents >= :minCents'],
    query.maxPrice === undefined ? [] : ['m.resale_cents <= :maxCents'],
    query.condition === undefined ? [] : ['m.condition = :condition'],
    query.minYear === undefined ? [] : ['m.year_of_purchase >= :minYear'],
    query.storage === undefined ? [] : ['m.storage_gb = :storage'],
    query.minBattery === undefined ? [] : ['m.battery_health >= :minBattery'],
    query.minRating === undefined ? [] : [RATED_AT_LEAST],
  ].flat();
  // The category first, then the words: the order the statements' plans were measured with.
  const conditions = [...category, ...(words === undefined ? [] : [words]), ...others];
  return {
    where: conditions.length > 0 ? conditions.join(' AND ') : '1 = 1',
    filtered: category.length + others.length > 0,
    values: {
      categoryId: query.categoryId,
      minCents: query.minPrice === undefined ? undefined : toCents(query.minPrice),
      maxCents: query.maxPrice === undefined ? undefined : toCents(query.maxPrice),
      condition: query.condition,
      minYear: query.minYear,
      storage: query.storage,
      minBattery: query.minBattery,
      minRating: query.minRating,
    },
  };
}

/**
 * The page's reads. Pages stop at the cap: a deeper page is empty, not a scan past a thousand rows (`:limit`
 * and `:offset` are the page's, cut there). The page's rows are picked from mobiles alone (its indexes serve the
 * filters and the order), and only those 20 or so are joined with their seller and category: joining first let
 * the planner walk the whole table through the seller index and sort it.
 */
export function pageReads<Row>(db: Database, select: string, sort: SearchQuery['sort'], page: PageRequest) {
  const limit = Math.max(0, Math.min(page.limit, RESULT_CAP - page.offset));
  const order = orderBy(sort);
  const read = <T>(sql: string, values: NamedValues) => {
    const statement = named(sql, values);
    return db.cachedAll<T>(statement.sql, statement.params);
  };
  /** The rows whose rowids `picked` selects, in the order. */
  const rowsOf = (picked: string, values: NamedValues): Promise<readonly Row[]> =>
    limit === 0
      ? Promise.resolve([])
      : read<Row>(`${select} WHERE m.rowid IN (${picked}) ORDER BY ${order}`, {
          ...values,
          limit,
          offset: page.offset,
        });
  return {
    limit,
    offset: page.offset,
    read,
    rowsOf,
    /** The page of the rows that `where` keeps, off the order's index (`from`: SQLite names it). */
    pageOf: (where: string, values: NamedValues, from = 'mobiles m') =>
      rowsOf(
        `SELECT m.rowid FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT :limit OFFSET :offset`,
        values,
      ),
  };
}

/**
 * What a page is read from: `mobiles m`, or on SQLite `mobiles m INDEXED BY` the index it must be read off
 * (sqlite-search.ts), chosen knowing how many rows matched, up to just past the cap.
 */
export type PageSource = (matched: number) => string;

/**
 * Counted to just past the cap, and the page: the whole search on PostgreSQL, and on SQLite without words. No
 * match, no page: looking for one would walk the order's whole index.
 */
export async function filteredSearch<Row>(
  db: Database,
  select: string,
  query: SearchQuery,
  page: PageRequest,
  { where, values }: Where,
  source: PageSource = () => 'mobiles m',
): Promise<SearchResult<Row>> {
  const reads = pageReads<Row>(db, select, query.sort, page);
  const [count] = await reads.read<{ total: number }>(
    `SELECT COUNT(*) AS total FROM (SELECT 1 FROM mobiles m WHERE ${where} LIMIT ${RESULT_CAP + 1}) AS capped`,
    values,
  );
  const matched = count?.total ?? 0;
  const rows = matched === 0 ? [] : await reads.pageOf(where, values, source(matched));
  return { rows, ...counted(matched) };
}
