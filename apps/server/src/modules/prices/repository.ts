// The price guide's table: every statement on price_captures is here. A capture is written once per
// completed deal (booking_id is unique), in the transaction that completes it; the guide reads a model's captures
// of 12 months in one pass, grouped, each group's prices joined in one string. Each model's guide is kept computed
// in price_guides (migration 033), so a read is one primary-key lookup.
import type { components } from '@recell/api';
import type { Database } from '../../db/database';

type Condition = components['schemas']['Condition'];
type StorageGb = components['schemas']['StorageGb'];
type CategoryId = components['schemas']['CategoryId'];

/** What the completing transaction reads to keep a deal's price: the deal, its listing as it is, its two sides. */
export interface CompletedDealRow {
  id: string;
  price_cents: number;
  completed_at: string;
  mobile_name: string;
  model_key: string | null;
  imei_model_name: string | null;
  title: string | null;
  category_id: CategoryId | null;
  storage_gb: StorageGb | null;
  condition: Condition | null;
  buyer_id: string | null;
  buyer_created_at: string | null;
  buyer_phone: string | null;
  seller_id: string | null;
  seller_created_at: string | null;
  seller_phone: string | null;
}

export interface CaptureRow {
  id: string;
  booking_id: string | null;
  source: 'deal' | 'demo';
  model_key: string;
  category_id: CategoryId;
  title: string;
  storage_gb: StorageGb | null;
  condition: Condition;
  price_cents: number;
  captured_at: string;
  not_counted: 'same_person' | null;
}

/**
 * The counting captures of one month, storage and condition: the prices (cents, joined by commas; null for none)
 * of those in the 90 days and of those before, so a popular model's thousands of deals come back as a few dozen
 * rows.
 */
export interface CaptureGroup {
  month: string;
  storage_gb: StorageGb | null;
  condition: Condition;
  recent: string | null;
  older: string | null;
  /** the oldest captured_at among `recent`: when it turns older, the figures change */
  first_recent: string | null;
}

/** A model's guide as it was computed (the PriceGuide's JSON), and the deal-clock moments it holds for. */
export interface StoredGuideRow {
  guide: string;
  computed_at: string;
  fresh_until: string;
}

export function pricesRepository(db: Database) {
  return {
    completedDeal: (bookingId: string) =>
      db.get<CompletedDealRow>(
        `SELECT b.id, b.price_cents, b.completed_at, b.mobile_name, m.model_key, m.imei_model_name, m.title,
           m.category_id, m.storage_gb, m.condition, buyer.id AS buyer_id, buyer.created_at AS buyer_created_at,
           buyer.phone_e164 AS buyer_phone, seller.id AS seller_id, seller.created_at AS seller_created_at,
           seller.phone_e164 AS seller_phone
         FROM bookings b
         LEFT JOIN mobiles m ON m.id = b.mobile_id
         LEFT JOIN users buyer ON buyer.email = b.buyer_email
         LEFT JOIN users seller ON seller.id = b.seller_id
         WHERE b.id = ? AND b.status = 'completed'`,
        [bookingId],
      ),
    /** Once per booking: a retried completion changes nothing (false). Call inside the completing transaction. */
    async insert(row: CaptureRow): Promise<boolean> {
      const { changes } = await db.run(
        `INSERT INTO price_captures (id, booking_id, source, model_key, category_id, title, storage_gb, condition,
           price_cents, captured_at, month, counts, not_counted)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
        [
          row.id,
          row.booking_id,
          row.source,
          row.model_key,
          row.category_id,
          row.title,
          row.storage_gb,
          row.condition,
          row.price_cents,
          row.captured_at,
          row.captured_at.slice(0, 7),
          row.not_counted === null ? 1 : 0,
          row.not_counted,
        ],
      );
      // the model's kept guide no longer holds (the capturing transaction stores the new one)
      if (changes === 1) await db.run('DELETE FROM price_guides WHERE model_key = ?', [row.model_key]);
      return changes === 1;
    },
    /**
     * The counting captures of a model from `sinceMonth` ("2025-12") to `until`, by month, storage and condition,
     * split at `recent` (the 90 days' first moment): one pass over the index, in its order.
     */
    groups(modelKey: string, sinceMonth: string, recent: string, until: string) {
      const joined = (price: string) =>
        db.engine === 'postgres' ? `string_agg((${price})::text, ',')` : `group_concat(${price})`;
      return db.all<CaptureGroup>(
        `SELECT month, storage_gb, condition,
           ${joined('CASE WHEN captured_at >= ? THEN price_cents END')} AS recent,
           ${joined('CASE WHEN captured_at < ? THEN price_cents END')} AS older,
           min(CASE WHEN captured_at >= ? THEN captured_at END) AS first_recent
         FROM price_captures
         WHERE model_key = ? AND month >= ? AND captured_at <= ? AND counts = 1
         GROUP BY month, storage_gb, condition`,
        [recent, recent, recent, modelKey, sinceMonth, until],
      );
    },
    /** The model's first capture after `after` (counting or not): from then on the guide counts it. */
    nextCapture: async (modelKey: string, after: string) =>
      (
        await db.get<{ captured_at: string | null }>(
          'SELECT min(captured_at) AS captured_at FROM price_captures WHERE model_key = ? AND captured_at > ?',
          [modelKey, after],
        )
      )?.captured_at ?? null,
    /** The model's guide as last computed (price_guides, migration 033). */
    storedGuide: (modelKey: string) =>
      db.get<StoredGuideRow>('SELECT guide, computed_at, fresh_until FROM price_guides WHERE model_key = ?', [
        modelKey,
      ]),
    /**
     * Keeps a model's computed guide. Call inside the transaction that read the captures it was computed from, so
     * two computations of one model never cross (SQLite's one writer; PostgreSQL's SERIALIZABLE retries one): the
     * last to commit saw every capture the other did.
     */
    storeGuide: (modelKey: string, row: StoredGuideRow) =>
      db.run(
        `INSERT INTO price_guides (model_key, guide, computed_at, fresh_until) VALUES (?, ?, ?, ?)
         ON CONFLICT (model_key) DO UPDATE
           SET guide = excluded.guide, computed_at = excluded.computed_at, fresh_until = excluded.fresh_until`,
        [modelKey, row.guide, row.computed_at, row.fresh_until],
      ),
    /** Runs `work` in one transaction (a read's recomputation: see storeGuide). */
    transaction: <T>(work: () => Promise<T>) => db.transaction(work),
    /** The model's newest capture (counting or not): a key the catalogue lacks is named by its title. */
    latest: (modelKey: string) =>
      db.get<{ category_id: CategoryId; title: string }>(
        `SELECT category_id, title FROM price_captures WHERE model_key = ?
         ORDER BY captured_at DESC LIMIT 1`,
        [modelKey],
      ),
  };
}

export type PricesRepository = ReturnType<typeof pricesRepository>;
