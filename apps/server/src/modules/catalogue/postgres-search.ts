// Search on PostgreSQL: the words through the tsvector column and its GIN index (postgres/004), counted and paged
// like the filters alone.
import { searchWords } from '@recell/api';
import type { Database } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import { filteredSearch, NOTHING, whereOf, type SearchQuery, type SearchResult } from './search';

/** The words for to_tsquery: every word, whole or as a prefix (`galax:* & s2:*`); null when there is none. */
export function tsQuery(q: string): string | null {
  const words = searchWords(q);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

const WORDS = "m.words @@ to_tsquery('recell_words', :words)";

export async function postgresSearch<Row>(
  db: Database,
  select: string,
  query: SearchQuery,
  page: PageRequest,
): Promise<SearchResult<Row>> {
  if (query.q === undefined) return filteredSearch(db, select, query, page, whereOf(query));
  const words = tsQuery(query.q);
  if (words === null) return NOTHING;
  const where = whereOf(query, WORDS);
  return filteredSearch(db, select, query, page, { ...where, values: { ...where.values, words } });
}
