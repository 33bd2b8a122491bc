// Listing search for category pages and the navbar box, with a cost that does not grow with the catalogue:
// words go through the FTS5 index (004-search.sql) instead of `LIKE '%q%'` over every row, filters and sorts
// have composite indexes, counting stops at RESULT_CAP ("1,000+ results"), and pages end there (no OFFSET that
// grows with the page number).
import { SEARCH_RESULT_CAP, searchWords, type Category, type components } from '@recell/api';
import type { Database, SqlValue } from '../../db/database';
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
/** The column each order sorts by before rowid (a list of matches keeps it, not the whole row). */
const ORDER_KEY = {
  newest: 'm.posted_at',
  price_asc: 'm.resale_cents',
  price_desc: 'm.resale_cents',
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
): { where: string; params: SqlValue[]; words?: string } | null {
  const where: string[] = [];
  const params: SqlValue[] = [];
  let words: string | undefined;
  if (filters.categoryId) {
    where.push('m.category_id = ?');
    params.push(filters.categoryId);
  }
  if (filters.q !== undefined) {
    const byEngine = WORDS_BY_ENGINE[engine];
    words = byEngine.query(filters.q) ?? undefined;
    if (!words) return null;
    where.push(byEngine.clause);
    params.push(words);
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
  return { where: where.length > 0 ? where.join(' AND ') : '1 = 1', params, words };
}

/**
 * The newest matches of the words that the other filters keep, the first N of them in order, and of those the
 * page. Listings mostly arrive in the order they are posted, so the latest matches in the full-text index
 * (read backwards, cheaply) are nearly always the newest. It stays exact when they are not: say the latest N
 * matches (a) put the N-th newest at posted time T; a match missing from them has a smaller rowid, and it
 * belongs in the page only if posted after T, so the rows posted after T with a smaller rowid (o, off the
 * posted index: few, often none) are checked against the words too. Listing every match and walking the
 * posted index instead cost 10 ms for "galaxy s22" at 1,000,000 listings; this, 1.3 ms.
 * Parameters: words, filters, N, N - 1, filters, words, limit, offset.
 */
const newestByWords = (filter: string) => `WITH
  a AS MATERIALIZED (SELECT m.rowid AS rowid, m.posted_at FROM mobiles_fts f CROSS JOIN mobiles m ON m.rowid = f.rowid
    WHERE f.mobiles_fts MATCH ? AND ${filter} ORDER BY f.rowid DESC LIMIT ?),
  t AS (SELECT posted_at FROM a ORDER BY posted_at DESC, rowid DESC LIMIT 1 OFFSET ?),
  o AS MATERIALIZED (SELECT m.rowid AS rowid, m.posted_at FROM t CROSS JOIN mobiles m
    WHERE m.posted_at > t.posted_at AND m.rowid < (SELECT min(rowid) FROM a) AND ${filter}),
  ow AS (SELECT rowid, posted_at FROM o WHERE rowid IN (SELECT rowid FROM mobiles_fts WHERE mobiles_fts MATCH ?
    AND rowid >= (SELECT min(rowid) FROM o) AND rowid <= (SELECT max(rowid) FROM o)))
  SELECT m.rowid FROM (SELECT * FROM a UNION ALL SELECT * FROM ow) m
  ORDER BY ${ORDER.newest} LIMIT ? OFFSET ?`;

/** One page of matches (as `select` shapes rows) and a count that stops past RESULT_CAP. */
export async function search<Row>(
  db: Database,
  select: string,
  filters: SearchFilters,
  page: PageRequest,
): Promise<{ rows: readonly Row[]; total: number; totalCapped: boolean }> {
  const clause = searchWhere(filters, db.engine);
  if (!clause) return { rows: [], total: 0, totalCapped: false };
  const { where, params, words } = clause;
  const order = ORDER[filters.sort];
  const counted = (matched: number) => ({
    total: Math.min(matched, RESULT_CAP),
    totalCapped: matched > RESULT_CAP,
  });
  // Pages stop at the cap: a deeper page is empty, not a scan past a thousand rows.
  const limit = Math.max(0, Math.min(page.limit, RESULT_CAP - page.offset));
  // The page's rows are picked from mobiles alone (its indexes serve the filters and the order), and only those
  // 20 or so are joined with their seller and category: joining first let the planner walk the whole table
  // through the seller index and sort it.
  const rowsOf = (picked: string, pickedParams: SqlValue[]) =>
    limit === 0
      ? Promise.resolve([])
      : db.cachedAll<Row>(`${select} WHERE m.rowid IN (${picked}) ORDER BY ${order}`, pickedParams);
  const pageOf = (picked: string) =>
    rowsOf(`SELECT m.rowid FROM mobiles m WHERE ${picked} ORDER BY ${order} LIMIT ? OFFSET ?`, [
      ...params,
      limit,
      page.offset,
    ]);

  if (db.engine === 'sqlite' && words !== undefined) {
    // One statement (a request then waits behind others' once): the words' matches to just past the cap (w).
    // Few: each is joined with its row and kept if the other filters agree. More: walking the index of the
    // order and keeping the rows whose words match beats sorting them all (`+m.rowid` is an expression the
    // planner cannot drive by). The count then: if the other filters keep most matches (of the first 100),
    // counted driven by the words, a row read per match up to the cap; if they keep few, that would read many
    // rows (6,000 for one in six), so the walk runs on to just past the cap and is both the count and the page.
    // A LIMIT of 0, or a CASE, skips a part before it starts.
    const filtered = where !== WORDS_CLAUSE;
    const walked = where.replace(`${WORDS} IN`, `+${WORDS} IN`);
    const others = searchWhere({ ...filters, q: undefined }, db.engine) ?? { where: '1 = 1', params: [] };
    const key = ORDER_KEY[filters.sort];
    const many = `(SELECT COUNT(*) FROM w) > ${RESULT_CAP}`;
    const mostKept = '(SELECT n FROM kept) >= 50';
    const [found] = await db.cachedAll<{ words: number; matched: number; dense: number | null; ids: string }>(
      `WITH w AS MATERIALIZED (SELECT rowid FROM mobiles_fts WHERE mobiles_fts MATCH ? LIMIT ${RESULT_CAP + 1}),
         kept AS MATERIALIZED (SELECT COUNT(*) AS n FROM (SELECT rowid FROM w LIMIT 100) s
           CROSS JOIN mobiles m ON m.rowid = s.rowid WHERE ${others.where}),
         few AS MATERIALIZED (SELECT m.rowid AS rowid, ${key} FROM w CROSS JOIN mobiles m ON m.rowid = w.rowid
           WHERE ${others.where} LIMIT CASE WHEN ${many} THEN 0 ELSE -1 END),
         hits AS MATERIALIZED (SELECT m.rowid AS rowid, ${key} FROM mobiles m WHERE ${walked} ORDER BY ${order}
           LIMIT CASE WHEN ${filtered ? `${many} AND NOT ${mostKept}` : '0'} THEN ${RESULT_CAP + 1} ELSE 0 END),
         matches AS (SELECT * FROM few UNION ALL SELECT * FROM hits)
       SELECT (SELECT COUNT(*) FROM w) AS words, (SELECT COUNT(*) FROM matches) AS matched,
         CASE WHEN ${filtered ? `${many} AND ${mostKept}` : '0'} THEN (SELECT COUNT(*) FROM (SELECT 1
           FROM (SELECT rowid FROM w UNION ALL SELECT rowid FROM mobiles_fts
             WHERE mobiles_fts MATCH ? AND rowid > (SELECT max(rowid) FROM w)) f
           CROSS JOIN mobiles m ON m.rowid = f.rowid WHERE ${others.where} LIMIT ${RESULT_CAP + 1})) END AS dense,
         (SELECT json_group_array(rowid) FROM (SELECT m.rowid FROM matches m ORDER BY ${order} LIMIT ? OFFSET ?))
           AS ids`,
      [words, ...others.params, ...others.params, ...params, words, ...others.params, limit, page.offset],
    );
    if (found && found.words > RESULT_CAP && (!filtered || found.dense !== null)) {
      // Counted already, and only the page is left to find: the newest without a walk when the filters keep
      // most matches (else reading backwards would read a row for each of many matches they drop).
      const rows =
        filters.sort === 'newest'
          ? await rowsOf(newestByWords(others.where), [
              words,
              ...others.params,
              page.offset + limit,
              page.offset + limit - 1,
              ...others.params,
              words,
              limit,
              page.offset,
            ])
          : await pageOf(walked);
      return { rows, ...counted(found.dense ?? found.words) };
    }
    const ids = found?.ids ?? '[]';
    const rows = ids === '[]' ? [] : await rowsOf('SELECT value FROM json_each(?)', [ids]);
    return { rows, ...counted(found?.matched ?? 0) };
  }

  const [count] = await db.cachedAll<{ total: number }>(
    `SELECT COUNT(*) AS total FROM (SELECT 1 FROM mobiles m WHERE ${where} LIMIT ${RESULT_CAP + 1}) AS capped`,
    params,
  );
  return { rows: await pageOf(where), ...counted(count?.total ?? 0) };
}
