// Listing search for category pages and the navbar box, with a cost that does not grow with the catalogue:
// words go through the FTS5 index (004-search.sql) instead of `LIKE '%q%'` over every row, filters and sorts
// have composite indexes, counting stops at RESULT_CAP ("1,000+ results"), and pages end there (no OFFSET that
// grows with the page number).
import { SEARCH_RESULT_CAP, searchWords, type Category, type components } from '@recell/api';
import type { Database, SqlValue } from '../../db/connection';
import type { PageRequest } from '../../http/pagination';
import { toCents } from '../../money';

type Condition = components['schemas']['Condition'];

const RESULT_CAP = SEARCH_RESULT_CAP;

export interface SearchFilters {
  categoryId?: Category['category_id'];
  q?: string;
  minPrice?: number;
  maxPrice?: number;
  condition?: Condition;
  minYear?: number;
  sort: 'newest' | 'price_asc' | 'price_desc';
}

// Ties go by rowid, which every index holds as its last column: each order is then read straight off an index
// (category + price, category + posted, price, posted) instead of sorting every match.
const ORDER = {
  newest: 'm.posted_at DESC, m.rowid DESC',
  price_asc: 'm.resale_cents ASC, m.rowid ASC',
  price_desc: 'm.resale_cents DESC, m.rowid DESC',
} as const;

/**
 * The FTS5 query for what a person typed: each word (letters and digits, as the index's tokenizer splits them)
 * must appear, as a whole word or the start of one ("galax s2" finds "Galaxy S21"). Nothing of FTS5's own
 * syntax gets through. null when there is no word at all (the search matches nothing).
 */
export function ftsQuery(q: string): string | null {
  const words = searchWords(q);
  return words.length === 0 ? null : words.map((word) => `"${word}"*`).join(' ');
}

/** The same for PostgreSQL's to_tsquery: every word, whole or as a prefix (`galax:* & s2:*`). */
export function tsQuery(q: string): string | null {
  const words = searchWords(q);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

/** Where the words' clause names the row: replaced in `search` when the planner must not drive by it. */
const WORDS = 'm.rowid';
const WORDS_CLAUSE = `${WORDS} IN (SELECT rowid FROM mobiles_fts WHERE mobiles_fts MATCH ?)`;

// Full-text search is the one query that must differ by engine: SQLite's FTS5 table (004) against
// PostgreSQL's tsvector column with its GIN index (postgres/004).
const WORDS_BY_ENGINE = {
  sqlite: { clause: WORDS_CLAUSE, query: ftsQuery },
  postgres: { clause: "m.words @@ to_tsquery('recell_words', ?)", query: tsQuery },
};

/** The WHERE clause and its parameters; `null` when the search cannot match anything. */
export function searchWhere(
  filters: SearchFilters,
  engine: Database['engine'] = 'sqlite',
): { where: string; params: SqlValue[] } | null {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (filters.categoryId) {
    where.push('m.category_id = ?');
    params.push(filters.categoryId);
  }
  if (filters.q !== undefined) {
    const words = WORDS_BY_ENGINE[engine];
    const match = words.query(filters.q);
    if (!match) return null;
    where.push(words.clause);
    params.push(match);
  }
  if (filters.minPrice !== undefined) {
    where.push('m.resale_cents >= ?');
    params.push(toCents(filters.minPrice));
  }
  if (filters.maxPrice !== undefined) {
    where.push('m.resale_cents <= ?');
    params.push(toCents(filters.maxPrice));
  }
  if (filters.condition) {
    where.push('m.condition = ?');
    params.push(filters.condition);
  }
  if (filters.minYear !== undefined) {
    where.push('m.year_of_purchase >= ?');
    params.push(filters.minYear);
  }
  return { where: where.length > 0 ? where.join(' AND ') : '1 = 1', params };
}

/** One page of matches (as `select` shapes rows) and a count that stops past RESULT_CAP. */
export async function search<Row>(
  db: Database,
  select: string,
  filters: SearchFilters,
  page: PageRequest,
): Promise<{ rows: readonly Row[]; total: number; totalCapped: boolean }> {
  const clause = searchWhere(filters, db.engine);
  if (!clause) return { rows: [], total: 0, totalCapped: false };
  const { where, params } = clause;
  // With words, the count is driven by the full-text index (CROSS JOIN keeps it the outer loop), which yields
  // matches one at a time, so counting stops at the cap; `rowid IN (...)` first listed every match (a third of
  // the time of "galaxy s22" at 1,000,000 listings). The parameters keep their order: the clause stays in place.
  const counted =
    filters.q === undefined || db.engine === 'postgres'
      ? `FROM mobiles m WHERE ${where}`
      : `FROM mobiles_fts f CROSS JOIN mobiles m ON m.rowid = f.rowid
         WHERE ${where.replace(WORDS_CLAUSE, 'f.mobiles_fts MATCH ?')}`;
  const [count] = await db.cachedAll<{ total: number }>(
    `SELECT COUNT(*) AS total FROM (SELECT 1 ${counted} LIMIT ${RESULT_CAP + 1}) AS capped`,
    params,
  );
  const matched = count?.total ?? 0;
  // Pages stop at the cap: a deeper page is empty, not a scan past a thousand rows.
  const limit = Math.max(0, Math.min(page.limit, RESULT_CAP - page.offset));
  // Few matches: fetch them by rowid and sort them. Many (past the cap): sorting them all costs more than
  // walking the index of the order and keeping the rows whose words match, so the words' clause is written
  // `+m.rowid` (an expression, which the planner cannot drive by) and it stops after one page.
  const pickedWhere = matched > RESULT_CAP ? where.replace(`${WORDS} IN`, `+${WORDS} IN`) : where;
  // The page's rows are picked from mobiles alone (its indexes serve the filters and the order), and only those
  // 20 or so are joined with their seller and category: joining first let the planner walk the whole table
  // through the seller index and sort it.
  const rows =
    limit === 0
      ? []
      : await db.cachedAll<Row>(
          `${select} WHERE m.rowid IN (SELECT m.rowid FROM mobiles m WHERE ${pickedWhere}
             ORDER BY ${ORDER[filters.sort]} LIMIT ? OFFSET ?)
           ORDER BY ${ORDER[filters.sort]}`,
          [...params, limit, page.offset],
        );
  return { rows, total: Math.min(matched, RESULT_CAP), totalCapped: matched > RESULT_CAP };
}
