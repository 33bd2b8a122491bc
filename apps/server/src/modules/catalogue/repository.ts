import type { Advertised, AreaId, Blog, Category, components, Mobile, PublicMobile } from '@recell/api';
import type { Database, SqlValue } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import { toDollars } from '../../money';
import { postgresSearch } from './postgres-search';
import type { Search, SearchQuery } from './search';
import { sqliteSearch } from './sqlite-search';
import { pageOfRows } from '../../db/paging';
import { ratingOf } from '../reviews/seller-ratings';

type Condition = components['schemas']['Condition'];
type ImeiCheck = components['schemas']['ImeiCheck'];
type StorageGb = components['schemas']['StorageGb'];
type CategoryId = Category['category_id'];

export interface MobileRow {
  id: string;
  seller_id: string;
  category_id: CategoryId;
  category_name: Category['category_name'];
  title: string;
  picture: string;
  location: string;
  resale_cents: number;
  buying_cents: number;
  year_of_purchase: number;
  year_of_uses: number;
  posted_at: string;
  seller_name: string;
  condition: Condition;
  number_of_seller: string;
  details: string;
  booking_ref: string;
  stock: number;
  advertised: 0 | 1;
  imei_last4: string | null;
  imei_model: 'match' | 'mismatch' | 'unknown' | null;
  imei_model_name: string | null;
  device_status: 'clean' | 'blocked' | 'unknown' | null;
  device_source: 'recell' | 'provider' | null;
  device_checked_at: string | null;
  storage_gb: number | null;
  colour: string | null;
  battery_health: number | null;
  /** The catalogue model (migration 029, packages/api's phone-models.ts), when the seller picked one. */
  model_key: string | null;
  /** The seller's meetup area (migration 030), when they named one. */
  area: AreaId | null;
  seller_email: string;
  seller_verified: 0 | 1;
  /** The seller's verified number (users.phone_e164), the only one a listing shows. */
  seller_phone: string | null;
  /** The seller's stored rating (025-seller-ratings.sql); null before their first published review. */
  rating_total: number | null;
  rating_count: number | null;
}

export const toMobile = (row: MobileRow): Mobile => ({
  _id: row.id,
  category_id: row.category_id,
  category_name: row.category_name,
  title: row.title,
  picture: row.picture,
  location: row.location,
  ...(row.area ? { area: row.area } : {}),
  resale_price: toDollars(row.resale_cents),
  buying_price: toDollars(row.buying_cents),
  Year_of_purchase: row.year_of_purchase,
  Year_of_uses: row.year_of_uses,
  the_time_it_posted: row.posted_at,
  Seller_name: row.seller_name,
  sellerId: row.seller_id,
  condition: row.condition,
  // The listing's own number_of_seller column is what was typed before numbers were verified: never shown.
  ...(row.seller_phone === null ? {} : { number_of_seller: row.seller_phone }),
  details: row.details,
  bookingId: row.booking_ref,
  email: row.seller_email,
  stock: row.stock,
  Verified: row.seller_verified === 1,
  sellerPhoneVerified: row.seller_phone !== null,
  advertised: row.advertised === 1,
  ...(row.imei_last4 ? { imeiMasked: `***********${row.imei_last4}` } : {}),
  ...(row.imei_model ? { imeiCheck: imeiCheckOf(row) } : {}),
  ...(row.storage_gb === null ? {} : { storageGb: row.storage_gb as StorageGb }),
  ...(row.colour === null ? {} : { colour: row.colour }),
  ...(row.battery_health === null ? {} : { batteryHealth: row.battery_health }),
  ...(row.model_key === null ? {} : { modelKey: row.model_key }),
  sellerRating: ratingOf({ stars_total: row.rating_total ?? 0, review_count: row.rating_count ?? 0 }),
});

/** What the listing's IMEI said when it was published or last checked (phone-truth keeps these columns). */
function imeiCheckOf(row: MobileRow): ImeiCheck {
  return {
    model:
      row.imei_model === 'unknown' || !row.imei_model || !row.imei_model_name
        ? { outcome: 'unknown' }
        : { outcome: row.imei_model, name: row.imei_model_name },
    device: {
      status: row.device_status ?? 'unknown',
      source: row.device_source ?? 'recell',
      ...(row.device_checked_at && row.device_status !== 'unknown'
        ? { checkedAt: row.device_checked_at }
        : {}),
    },
  };
}

/**
 * A listing as a visitor sees it: the seller's phone number and email stay behind sign-in. Built
 * by leaving them out, so a field added to Mobile later is public only if the contract's PublicMobile lists
 * it (its closed schema fails the response otherwise).
 */
export function publicMobile(mobile: Mobile): PublicMobile {
  const { number_of_seller: _phone, email: _email, ...visible } = mobile;
  return visible;
}

const MOBILE_COLUMNS = `m.id, m.seller_id, m.category_id, c.name AS category_name, m.title, m.picture,
    m.location, m.resale_cents, m.buying_cents, m.year_of_purchase, m.year_of_uses, m.posted_at, m.seller_name,
    m.condition, m.number_of_seller, m.details, m.booking_ref, m.stock, m.advertised, m.imei_last4,
    m.imei_model, m.imei_model_name, m.device_status, m.device_source, m.device_checked_at, m.storage_gb,
    m.colour, m.battery_health, m.area, m.model_key, u.email AS seller_email, u.verified AS seller_verified,
    u.phone_e164 AS seller_phone, sr.stars_total AS rating_total, sr.review_count AS rating_count`;
// The seller's rating by its key, one row per seller: joined only with the rows of a page (search.ts picks them
// from mobiles alone), so it costs a lookup per card.
const MOBILE_FROM = `FROM mobiles m JOIN users u ON u.id = m.seller_id JOIN categories c ON c.id = m.category_id
  LEFT JOIN seller_ratings sr ON sr.seller_id = m.seller_id`;
const MOBILE_SELECT = `SELECT ${MOBILE_COLUMNS} ${MOBILE_FROM}`;

export type { SearchQuery } from './search';

const NEWEST = 'm.posted_at DESC, m.id DESC';

/** A row to insert: the listing's own columns (the joined ones come from users and categories). */
export type NewMobileRow = Omit<
  MobileRow,
  | 'category_name'
  | 'advertised'
  | 'imei_last4'
  | 'seller_email'
  | 'seller_verified'
  | 'seller_phone'
  | 'rating_total'
  | 'rating_count'
> & { imei: string | null };

/** A listing's IMEI and what it said (phone-truth's verdict), written together. */
export type ImeiColumns = Pick<
  NewMobileRow,
  'imei' | 'imei_model' | 'imei_model_name' | 'device_status' | 'device_source' | 'device_checked_at'
>;

/** Columns a seller may change, by their name on the wire. */
export const EDITABLE = {
  title: 'title',
  picture: 'picture',
  location: 'location',
  resale_price: 'resale_cents',
  condition: 'condition',
  details: 'details',
  stock: 'stock',
  storageGb: 'storage_gb',
  colour: 'colour',
  batteryHealth: 'battery_health',
  modelKey: 'model_key',
  area: 'area',
} as const;

export function catalogueRepository(db: Database) {
  const search: Search = db.engine === 'postgres' ? postgresSearch : sqliteSearch;
  async function pageOfMobiles(where: string, params: SqlValue[], order: string, page: PageRequest) {
    return pageOfRows<MobileRow>(db, {
      columns: MOBILE_COLUMNS,
      from: `${MOBILE_FROM} WHERE ${where}`,
      // Counted from mobiles alone: the joins of the page add nothing to how many there are.
      countFrom: `FROM mobiles m WHERE ${where}`,
      params,
      order,
      page,
      cached: true,
    });
  }

  return {
    async categories(page: PageRequest) {
      return pageOfRows<Category>(db, {
        columns: 'id AS category_id, name AS category_name',
        from: 'FROM categories',
        order: 'position',
        page,
        cached: true,
      });
    },
    async blogs(page: PageRequest) {
      const { rows, total } = await pageOfRows<{ id: string; title: string; details: string }>(db, {
        columns: 'id, title, details',
        from: 'FROM blogs',
        order: 'position',
        page,
        cached: true,
      });
      return {
        rows: rows.map((row): Blog => ({ _id: row.id, title: row.title, details: row.details })),
        total,
      };
    },
    async advertised(page: PageRequest) {
      const { rows, total } = await pageOfRows<{
        id: string;
        title: string;
        picture: string;
        resale_cents: number;
        category_id: CategoryId;
        stock: number;
      }>(db, {
        columns: 'id, title, picture, resale_cents, category_id, stock',
        from: 'FROM mobiles WHERE advertised = 1 AND stock > 0',
        order: 'posted_at DESC, id DESC',
        page,
        cached: true,
      });
      return {
        rows: rows.map((row): Advertised => ({
          _id: row.id,
          title: row.title,
          picture: row.picture,
          resale_price: toDollars(row.resale_cents),
          category_id: row.category_id,
          stock: row.stock,
        })),
        total,
      };
    },
    search: (query: SearchQuery, page: PageRequest) => search<MobileRow>(db, MOBILE_SELECT, query, page),
    /** A seller's listings in stock, newest first (their public profile): off mobiles_by_seller. */
    activeOfSeller: (sellerId: string, page: PageRequest) =>
      pageOfMobiles('m.seller_id = ? AND m.stock > 0', [sellerId], NEWEST, page),
    isSeller: async (id: string) =>
      (await db.get<{ role: string }>('SELECT role FROM users WHERE id = ?', [id]))?.role === 'seller',
    bySeller: (sellerEmail: string, page: PageRequest) =>
      pageOfMobiles('m.seller_id = (SELECT id FROM users WHERE email = ?)', [sellerEmail], NEWEST, page),
    find: async (id: string) => (await db.cachedAll<MobileRow>(`${MOBILE_SELECT} WHERE m.id = ?`, [id]))[0],
    /** Whether this buyer's card is held for this listing now (they may see the seller's number). */
    heldFor: async (id: string, buyerEmail: string) =>
      (await db.get<{ one: number }>(
        "SELECT 1 AS one FROM bookings WHERE mobile_id = ? AND buyer_email = ? AND status = 'held'",
        [id, buyerEmail],
      )) !== undefined,
    insert: (row: NewMobileRow) =>
      db.run(
        `INSERT INTO mobiles (id, seller_id, category_id, title, picture, location, resale_cents, buying_cents,
           year_of_purchase, year_of_uses, posted_at, seller_name, condition, number_of_seller, details,
           booking_ref, stock, advertised, imei, imei_last4, imei_model, imei_model_name, device_status,
           device_source, device_checked_at, storage_gb, colour, battery_health, area, model_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
        [
          row.id,
          row.seller_id,
          row.category_id,
          row.title,
          row.picture,
          row.location,
          row.resale_cents,
          row.buying_cents,
          row.year_of_purchase,
          row.year_of_uses,
          row.posted_at,
          row.seller_name,
          row.condition,
          row.number_of_seller,
          row.details,
          row.booking_ref,
          row.stock,
          row.imei,
          row.imei?.slice(-4) ?? null,
          row.imei_model,
          row.imei_model_name,
          row.device_status,
          row.device_source,
          row.device_checked_at,
          row.storage_gb,
          row.colour,
          row.battery_health,
          row.area,
          row.model_key,
        ],
      ),
    /** A corrected IMEI; the partial unique index refuses one another active listing holds (a throw). */
    setImei: (id: string, columns: ImeiColumns) =>
      db.run(
        `UPDATE mobiles SET imei = ?, imei_last4 = ?, imei_model = ?, imei_model_name = ?, device_status = ?,
           device_source = ?, device_checked_at = ?
         WHERE id = ?`,
        [
          columns.imei,
          columns.imei?.slice(-4) ?? null,
          columns.imei_model,
          columns.imei_model_name,
          columns.device_status,
          columns.device_source,
          columns.device_checked_at,
          id,
        ],
      ),
    /** `changes` maps column names (from EDITABLE) to new values. */
    update(id: string, changes: [column: string, value: SqlValue][]) {
      const assignments = changes.map(([column]) => `${column} = ?`).join(', ');
      return db.run(`UPDATE mobiles SET ${assignments} WHERE id = ?`, [
        ...changes.map(([, value]) => value),
        id,
      ]);
    },
    advertise: (id: string) => db.run('UPDATE mobiles SET advertised = 1 WHERE id = ? AND stock > 0', [id]),
    remove: (id: string) => db.run('DELETE FROM mobiles WHERE id = ?', [id]),
    idsOfSeller: (sellerId: string) =>
      db.all<{ id: string }>('SELECT id FROM mobiles WHERE seller_id = ?', [sellerId]),
    hasPaidBooking: async (id: string) =>
      Boolean(await db.get('SELECT 1 AS found FROM bookings WHERE mobile_id = ? AND paid = 1 LIMIT 1', [id])),
  };
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
