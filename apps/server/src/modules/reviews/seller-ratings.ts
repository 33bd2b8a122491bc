// The stored seller rating (025-seller-ratings.sql): the sum of stars and the count of a seller's published, not
// hidden reviews as a seller, moved by a delta in the transaction of each write that changes them. A delta on the
// row, not a recount: PostgreSQL's row lock orders two writers of one seller, where two recounts in READ
// COMMITTED could each miss the other's uncommitted change and the last one would stand, wrong.
import { NEW_SELLER_BELOW } from '@recell/api';
import type { Database } from '../../db/database';

/** What a review's publication or hide needs to know to move the rating. */
export interface RatedRow {
  subject_id: string;
  about: 'seller' | 'buyer';
  stars: number;
}

export interface StoredRating {
  stars_total: number;
  review_count: number;
}

/** The contract's Rating: the average to one decimal as shown, or null with no reviews. */
export function ratingOf(row: Partial<StoredRating> | undefined | null) {
  const count = Number(row?.review_count ?? 0);
  const total = Number(row?.stars_total ?? 0);
  return { average: count === 0 ? null : Math.round((total / count) * 10) / 10, count };
}

/**
 * The condition on a listing `m` for "this many stars and up": sellers with at least NEW_SELLER_BELOW
 * reviews ("New seller" has no rating to filter on), compared in integers so no rounding decides who is in.
 * EXISTS, a lookup by key per listing, not `m.seller_id IN (...)`: SQLite drove that IN through the seller index
 * for each of the rated sellers and sorted their listings (253 ms for a page at 1,000,000 listings); with EXISTS
 * it walks the order's index and checks each row (7.7 ms; bench/search.ts).
 */
export const RATED_AT_LEAST = `EXISTS (SELECT 1 FROM seller_ratings sr WHERE sr.seller_id = m.seller_id
  AND sr.review_count >= ${NEW_SELLER_BELOW} AND sr.stars_total >= :minRating * sr.review_count)`;

export function sellerRatings(db: Database) {
  return {
    /** A review of a seller became public (and is not hidden): it counts from now on. */
    published: (row: RatedRow) =>
      row.about === 'seller'
        ? db.run(
            `INSERT INTO seller_ratings (seller_id, stars_total, review_count) VALUES (?, ?, 1)
             ON CONFLICT (seller_id) DO UPDATE SET stars_total = seller_ratings.stars_total + excluded.stars_total,
               review_count = seller_ratings.review_count + 1`,
            [row.subject_id, row.stars],
          )
        : undefined,
    /** A public review of a seller was hidden: it stops counting (its row exists: it was counted). */
    hidden: (row: RatedRow) =>
      row.about === 'seller'
        ? db.run(
            `UPDATE seller_ratings SET stars_total = stars_total - ?, review_count = review_count - 1
             WHERE seller_id = ?`,
            [row.stars, row.subject_id],
          )
        : undefined,
    /** Before an account is deleted: its public reviews of sellers go with it (ON DELETE CASCADE). */
    authorLeaving: (authorId: string) =>
      db.run(
        `UPDATE seller_ratings SET
           stars_total = stars_total - (SELECT COALESCE(SUM(r.stars), 0) FROM reviews r WHERE r.author_id = ?
             AND r.subject_id = seller_ratings.seller_id AND r.about = 'seller' AND r.published_at IS NOT NULL
             AND r.hidden_at IS NULL),
           review_count = review_count - (SELECT COUNT(*) FROM reviews r WHERE r.author_id = ?
             AND r.subject_id = seller_ratings.seller_id AND r.about = 'seller' AND r.published_at IS NOT NULL
             AND r.hidden_at IS NULL)
         WHERE seller_id IN (SELECT subject_id FROM reviews WHERE author_id = ? AND about = 'seller')`,
        [authorId, authorId, authorId],
      ),
    /** Every seller counted again from the rows (the seed, which writes reviews as they are). */
    recountAll: async () => {
      await db.run('DELETE FROM seller_ratings');
      await db.run(
        `INSERT INTO seller_ratings (seller_id, stars_total, review_count)
         SELECT subject_id, SUM(stars), COUNT(*) FROM reviews
         WHERE about = 'seller' AND published_at IS NOT NULL AND hidden_at IS NULL GROUP BY subject_id`,
      );
    },
    of: (sellerId: string) =>
      db.get<StoredRating>('SELECT stars_total, review_count FROM seller_ratings WHERE seller_id = ?', [
        sellerId,
      ]),
  };
}

export type SellerRatings = ReturnType<typeof sellerRatings>;
