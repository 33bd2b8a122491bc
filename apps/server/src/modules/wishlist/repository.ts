import type { WishlistItem } from '@recell/api';
import type { Database } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import { toDollars } from '../../money';
import { pageOfRows } from '../../db/paging';

export interface WishlistRow {
  id: string;
  buyer_email: string;
  buyer_name: string;
  mobile_id: string;
  mobile_name: string;
  price_cents: number;
  picture: string;
  wishlisted_at: string;
}

const toItem = (row: WishlistRow): WishlistItem => ({
  _id: row.id,
  wishlistedTime: row.wishlisted_at,
  MobileName: row.mobile_name,
  buyer: row.buyer_name,
  email: row.buyer_email,
  price: toDollars(row.price_cents),
  wishlistedID: row.mobile_id,
  picture: row.picture,
});

export function wishlistRepository(db: Database) {
  return {
    /** False when the buyer already has this listing in the cart (the unique index decides, race-free). */
    async insert(row: WishlistRow): Promise<boolean> {
      const { changes } = await db.run(
        `INSERT INTO wishlist (id, buyer_email, buyer_name, mobile_id, mobile_name, price_cents,
           picture, wishlisted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [
          row.id,
          row.buyer_email,
          row.buyer_name,
          row.mobile_id,
          row.mobile_name,
          row.price_cents,
          row.picture,
          row.wishlisted_at,
        ],
      );
      return changes === 1;
    },
    deleteOfBuyer: (email: string) => db.run('DELETE FROM wishlist WHERE buyer_email = ?', [email]),
    async byBuyer(email: string, page: PageRequest) {
      const { rows, total } = await pageOfRows<WishlistRow>(db, {
        columns: 'id, buyer_email, buyer_name, mobile_id, mobile_name, price_cents, picture, wishlisted_at',
        from: 'FROM wishlist WHERE buyer_email = ?',
        params: [email],
        order: 'wishlisted_at DESC, id DESC',
        page,
      });
      return { rows: rows.map(toItem), total };
    },
  };
}

export type WishlistRepository = ReturnType<typeof wishlistRepository>;
