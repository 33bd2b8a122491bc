// What the sitemap and the page heads read. Listings are walked by rowid (the table's own B-tree): a range
// of rowids is a direct seek, so a sitemap page costs the same at the millionth listing as at the first, with
// no COUNT and no OFFSET.
import type { CategoryId } from '@recell/api';
import type { Database } from '../../db/database';

export interface SitemapListing {
  rowid: number;
  id: string;
  /** When its page last changed (migration 005), or when it was posted. */
  lastmod: string;
}

/** The sitemap's two queries; a test holds them to their plans (a seek, never a scan). */
export const SITEMAP_SQL = {
  lastRowid: 'SELECT max(rowid) AS last FROM mobiles',
  forSale: `SELECT rowid, id, coalesce(updated_at, posted_at) AS lastmod FROM mobiles
    WHERE rowid > ? AND rowid <= ? AND stock > 0 ORDER BY rowid LIMIT ?`,
};

/**
 * The models whose public price page the sitemap lists: at least `min` counted deals (the guide's
 * PRICE_GUIDE_MIN_DEALS) captured since `since` (the first day of the guide's 12 months), with the newest as the
 * page's lastmod. Fewer, and the page has nothing but "not enough deals yet": it is noindex (seo/pages.ts) and
 * not listed. One pass over price_captures' index, grouped by its leading column; the sitemap is kept an hour.
 */
export const PRICED_MODELS_SQL = `SELECT model_key, max(captured_at) AS lastmod FROM price_captures
  WHERE counts = 1 AND captured_at >= ? GROUP BY model_key HAVING count(*) >= ? ORDER BY model_key`;

export function seoRepository(db: Database) {
  return {
    /** The highest rowid in use (0 when empty): an upper bound on the listings, read from the B-tree's end. */
    async lastRowid(): Promise<number> {
      return (await db.get<{ last: number | null }>(SITEMAP_SQL.lastRowid))?.last ?? 0;
    },
    /** Up to `limit` listings for sale with after < rowid <= upTo, in rowid order. */
    forSale: (after: number, upTo: number, limit: number) =>
      db.all<SitemapListing>(SITEMAP_SQL.forSale, [after, upTo, limit]),
    async pricedModels(since: string, min: number) {
      const rows = await db.all<{ model_key: string; lastmod: string }>(PRICED_MODELS_SQL, [since, min]);
      return rows.map((row) => ({ key: row.model_key, lastmod: row.lastmod }));
    },
    categories: () =>
      // the table holds the brand list's ids (seed.ts)
      db.cachedAll<{ id: CategoryId; name: string }>('SELECT id, name FROM categories ORDER BY position'),
  };
}

export type SeoRepository = ReturnType<typeof seoRepository>;
