// One page of a list, as every repository returns it: the page's rows and how many there are in all.
import type { Database, Params } from './database';

/** Which rows a page holds: the HTTP layer's page request (http/pagination.ts) is one. */
export interface RowWindow {
  limit: number;
  offset: number;
}

export interface Rows<Row> {
  rows: Row[];
  total: number;
}

/**
 * `SELECT <columns> <from> ORDER BY <order>` for the page, and `SELECT COUNT(*) <from>`; `from` holds the FROM,
 * its joins and WHERE, with `params` for its placeholders; `countFrom` counts from fewer joins when they add no
 * rows. `cached`: through the read cache (hot public lists).
 */
export async function pageOfRows<Row>(
  db: Database,
  query: {
    columns: string;
    from: string;
    countFrom?: string;
    params?: Params;
    order: string;
    page: RowWindow;
    cached?: boolean;
  },
): Promise<Rows<Row>> {
  const params = query.params ?? [];
  const read = <T>(sql: string, values: Params): Promise<readonly T[]> =>
    query.cached ? db.cachedAll<T>(sql, values) : db.all<T>(sql, values);
  const [rows, [count]] = await Promise.all([
    read<Row>(`SELECT ${query.columns} ${query.from} ORDER BY ${query.order} LIMIT ? OFFSET ?`, [
      ...params,
      query.page.limit,
      query.page.offset,
    ]),
    read<{ total: number }>(`SELECT COUNT(*) AS total ${query.countFrom ?? query.from}`, params),
  ]);
  return { rows: [...rows], total: count?.total ?? 0 };
}
