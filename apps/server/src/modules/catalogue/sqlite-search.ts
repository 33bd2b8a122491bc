// Search on SQLite: the words through the FTS5 table (004-search.sql), its matches joined with their rows.
import { searchWords } from '@recell/api';
import type { Database } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import {
  counted,
  filteredSearch,
  NOTHING,
  orderBy,
  pageReads,
  RESULT_CAP,
  sortKey,
  whereOf,
  type SearchQuery,
  type SearchResult,
} from './search';

/**
 * The FTS5 query for what a person typed: each word (letters and digits, as the index's tokenizer splits them)
 * must appear, as a whole word or the start of one ("galax s2" finds "Galaxy S21"). Nothing of FTS5's own
 * syntax gets through. null when there is no word at all (the search matches nothing).
 */
export function ftsQuery(q: string): string | null {
  const words = searchWords(q);
  return words.length === 0 ? null : words.map((word) => `"${word}"*`).join(' ');
}

/**
 * The index a search's rows are read off in its order, named with INDEXED BY: SQLite's planner, with statistics
 * or without (sqlite_stat1 knows how many rows share a key, not how many a price range holds), took the price
 * index for "newest, from $100" and sorted nearly every listing (966,673 at 1,000,000 listings, 3 s of CPU). The
 * order's index, category and condition first when the search has them, walked until the page is full. Except:
 * `matched` (counted to just past the cap) says the matches are few, and a price range holds them; then the
 * price index reads just those and sorts them (a walk of the posted index would read every listing for them).
 * Every sort and filter's plan: search-plans.test.ts.
 */
export function pageIndex(query: SearchQuery, matched = RESULT_CAP + 1): string {
  const priced = query.minPrice !== undefined || query.maxPrice !== undefined;
  const key = query.sort !== 'newest' || (priced && matched <= RESULT_CAP) ? 'price' : 'posted';
  const within =
    query.categoryId === undefined ? '' : query.condition === undefined ? 'category_' : 'category_condition_';
  return `mobiles_by_${within}${key}`;
}

/**
 * The words as a check on each row: `+m.rowid` is an expression the planner cannot drive by, so it walks the
 * order's index and keeps the rows whose words match instead of sorting every match.
 */
const WORDS_CHECKED = '+m.rowid IN (SELECT rowid FROM mobiles_fts WHERE mobiles_fts MATCH :words)';

/**
 * The newest matches of the words that the other filters keep, the first N (`:reach`) of them in order, and of
 * those the page. Listings mostly arrive in the order they are posted, so the latest matches in the full-text
 * index (read backwards, cheaply) are nearly always the newest. It stays exact when they are not: say the latest
 * N matches (a) put the N-th newest at posted time T; a match missing from them has a smaller rowid, and it
 * belongs in the page only if posted after T, so the rows posted after T with a smaller rowid (o, off the posted
 * index: few, often none) are checked against the words too. Held by search.test.ts ("pages past the cap", 1,100
 * listings posted out of order). Listing every match and walking the posted index instead cost 10 ms for
 * "galaxy s22" at 1,000,000 listings; this, 1.3 ms. o is read off the posted index (`+m.rowid` is no range for
 * the planner): with "4 stars and up" it took the rowid range instead, every older listing, 240 ms.
 */
const newestByWords = (filter: string, posted: string) => `WITH
  a AS MATERIALIZED (SELECT m.rowid AS rowid, m.posted_at FROM mobiles_fts f CROSS JOIN mobiles m ON m.rowid = f.rowid
    WHERE f.mobiles_fts MATCH :words AND ${filter} ORDER BY f.rowid DESC LIMIT :reach),
  t AS (SELECT posted_at FROM a ORDER BY posted_at DESC, rowid DESC LIMIT 1 OFFSET :reach - 1),
  o AS MATERIALIZED (SELECT m.rowid AS rowid, m.posted_at FROM t CROSS JOIN mobiles m INDEXED BY ${posted}
    WHERE m.posted_at > t.posted_at AND +m.rowid < (SELECT min(rowid) FROM a) AND ${filter}),
  ow AS (SELECT rowid, posted_at FROM o WHERE rowid IN (SELECT rowid FROM mobiles_fts WHERE mobiles_fts MATCH :words
    AND rowid >= (SELECT min(rowid) FROM o) AND rowid <= (SELECT max(rowid) FROM o)))
  SELECT m.rowid FROM (SELECT * FROM a UNION ALL SELECT * FROM ow) m
  ORDER BY ${orderBy('newest')} LIMIT :limit OFFSET :offset`;

/** 2^34: mobiles_by_price_fts keys each listing as resale_cents * 2^34 + its rowid (027-search-by-price.sql). */
const PRICE_KEY = 17179869184;
/** Prices are at most this many cents (003-integrity.sql), so a range without a top ends here. */
const MOST_CENTS = 100_000_000;

/**
 * Words sorted by price: the matches of the words, the category and the condition in the price-keyed index, read
 * cheapest (or dearest) first and stopped just past the cap, are both the count and the page; a price range is a
 * range of its keys. Other filters (storage, battery, year, rating) are checked on each match's row as it is
 * read. The keys pass 2^53, so they stay inside SQLite: computed there from the cents, and only the listing's
 * rowid (the key's remainder) comes out. "ultra 256gb" on Samsung, Excellent, from $100, cheapest first at
 * 1,000,000 listings: 5 ms, where listing every match of the words to check the price index against took 17
 * ms before the walk began.
 */
async function searchByPrice<Row>(
  db: Database,
  select: string,
  query: SearchQuery & { sort: 'price_asc' | 'price_desc' },
  page: PageRequest,
  words: string,
): Promise<SearchResult<Row>> {
  const reads = pageReads<Row>(db, select, query.sort, page);
  const facet =
    (query.categoryId === undefined ? '' : `c${Buffer.from(query.categoryId).toString('hex')}`) +
    (query.condition === undefined ? '' : `q${query.condition.toLowerCase()}`);
  const match = `{title details} : (${words})${facet === '' ? '' : ` AND facets : "${facet}"`}`;
  const rest = whereOf({
    ...query,
    categoryId: undefined,
    condition: undefined,
    minPrice: undefined,
    maxPrice: undefined,
  });
  const direction = query.sort === 'price_asc' ? 'ASC' : 'DESC';
  const values = whereOf(query).values;
  const [found] = await reads.read<{ matched: number; ids: string }>(
    `WITH hits AS MATERIALIZED (SELECT f.rowid AS k FROM mobiles_by_price_fts f
         ${rest.filtered ? `CROSS JOIN mobiles m ON m.rowid = f.rowid % ${PRICE_KEY}` : ''}
       WHERE f.mobiles_by_price_fts MATCH :match AND f.rowid >= :lowCents * ${PRICE_KEY}
         AND f.rowid < (:highCents + 1) * ${PRICE_KEY} ${rest.filtered ? `AND ${rest.where}` : ''}
       ORDER BY f.rowid ${direction} LIMIT ${RESULT_CAP + 1})
     SELECT (SELECT COUNT(*) FROM hits) AS matched, (SELECT json_group_array(k % ${PRICE_KEY})
       FROM (SELECT k FROM hits ORDER BY k ${direction} LIMIT :limit OFFSET :offset)) AS ids`,
    {
      ...values,
      match,
      lowCents: values.minCents ?? 0,
      highCents: values.maxCents ?? MOST_CENTS,
      limit: reads.limit,
      offset: reads.offset,
    },
  );
  const ids = found?.ids ?? '[]';
  const rows = ids === '[]' ? [] : await reads.rowsOf('SELECT value FROM json_each(:ids)', { ids });
  return { rows, ...counted(found?.matched ?? 0) };
}

export async function sqliteSearch<Row>(
  db: Database,
  select: string,
  query: SearchQuery,
  page: PageRequest,
): Promise<SearchResult<Row>> {
  if (query.q === undefined) {
    const source = (matched: number) => `mobiles m INDEXED BY ${pageIndex(query, matched)}`;
    return filteredSearch(db, select, query, page, whereOf(query), source);
  }
  const words = ftsQuery(query.q);
  if (words === null) return NOTHING;
  if (query.sort !== 'newest') return searchByPrice(db, select, { ...query, sort: query.sort }, page, words);
  const reads = pageReads<Row>(db, select, query.sort, page);
  const others = whereOf(query);
  const walked = whereOf(query, WORDS_CHECKED).where;
  const values = { ...others.values, words, limit: reads.limit, offset: reads.offset };
  const order = orderBy(query.sort);
  const key = sortKey(query.sort);
  // The walk runs only when the words match more than the cap: the order's index, whatever the price range.
  const walkedIndex = pageIndex(query);

  // One statement (a request then waits behind others' once): the words' matches to just past the cap (w).
  // Few: each is joined with its row and kept if the other filters agree. More: walking the index of the order
  // and checking each row's words beats sorting them all. The count then: if the other filters keep most matches
  // (of the first 100), counted driven by the words, a row read per match up to the cap; if they keep few, that
  // would read many rows (6,000 for one in six), so the walk runs on to just past the cap and is both the count
  // and the page. A LIMIT of 0, or a CASE, skips a part before it starts.
  const many = `(SELECT COUNT(*) FROM w) > ${RESULT_CAP}`;
  // A quarter or more (was a half): counted driven by the words reads at most 4,000 rows to the cap, where the
  // walk for "galaxy s22" with "4 stars and up" (3 sellers in 10 kept) read some 50,000 (500 ms at 1,000,000).
  const mostKept = '(SELECT n FROM kept) >= 25';
  const walk = others.filtered ? `${many} AND NOT ${mostKept}` : '0';
  const countDense = others.filtered ? `${many} AND ${mostKept}` : '0';
  const [found] = await reads.read<{ words: number; matched: number; dense: number | null; ids: string }>(
    `WITH w AS MATERIALIZED (SELECT rowid FROM mobiles_fts WHERE mobiles_fts MATCH :words LIMIT ${RESULT_CAP + 1}),
       kept AS MATERIALIZED (SELECT COUNT(*) AS n FROM (SELECT rowid FROM w LIMIT 100) s
         CROSS JOIN mobiles m ON m.rowid = s.rowid WHERE ${others.where}),
       few AS MATERIALIZED (SELECT m.rowid AS rowid, ${key} FROM w CROSS JOIN mobiles m ON m.rowid = w.rowid
         WHERE ${others.where} LIMIT CASE WHEN ${many} THEN 0 ELSE -1 END),
       hits AS MATERIALIZED (SELECT m.rowid AS rowid, ${key} FROM mobiles m INDEXED BY ${walkedIndex}
         WHERE ${walked} ORDER BY ${order}
         LIMIT CASE WHEN ${walk} THEN ${RESULT_CAP + 1} ELSE 0 END),
       matches AS (SELECT * FROM few UNION ALL SELECT * FROM hits)
     SELECT (SELECT COUNT(*) FROM w) AS words, (SELECT COUNT(*) FROM matches) AS matched,
       CASE WHEN ${countDense} THEN (SELECT COUNT(*) FROM (SELECT 1
         FROM (SELECT rowid FROM w UNION ALL SELECT rowid FROM mobiles_fts
           WHERE mobiles_fts MATCH :words AND rowid > (SELECT max(rowid) FROM w)) f
         CROSS JOIN mobiles m ON m.rowid = f.rowid WHERE ${others.where} LIMIT ${RESULT_CAP + 1})) END AS dense,
       (SELECT json_group_array(rowid) FROM (SELECT m.rowid FROM matches m ORDER BY ${order} LIMIT :limit
         OFFSET :offset)) AS ids`,
    values,
  );
  if (found && found.words > RESULT_CAP && (!others.filtered || found.dense !== null)) {
    // Counted already, and only the page is left to find: the newest without a walk when the filters keep most
    // matches (else reading backwards would read a row for each of many matches they drop).
    const rows =
      query.sort === 'newest'
        ? await reads.rowsOf(newestByWords(others.where, walkedIndex), {
            ...values,
            reach: reads.offset + reads.limit,
          })
        : await reads.pageOf(walked, values, `mobiles m INDEXED BY ${walkedIndex}`);
    return { rows, ...counted(found.dense ?? found.words) };
  }
  const ids = found?.ids ?? '[]';
  const rows = ids === '[]' ? [] : await reads.rowsOf('SELECT value FROM json_each(:ids)', { ids });
  return { rows, ...counted(found?.matched ?? 0) };
}
