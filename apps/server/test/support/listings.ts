// Many listings at once, written straight in SQL on either engine (one statement: thousands in a second or
// two), for tests of search at some scale. Each is the demo seller's; posted 30 s apart from 2025-01-01 on,
// priced $50.00-$1,549.99, the three brands and conditions in turn, titled "Bulk phone <n>".
import type { Database } from '../../src/db/database';

const COLUMNS = `id, seller_id, category_id, title, picture, location, resale_cents, buying_cents, year_of_purchase,
  year_of_uses, posted_at, seller_name, condition, number_of_seller, details, booking_ref, stock, advertised`;

export async function insertListings(db: Database, count: number): Promise<void> {
  const seller = "(SELECT id FROM users WHERE role = 'seller' ORDER BY id LIMIT 1)";
  const values = (posted: string, category: string, condition: string) =>
    `'m-bulk-' || i, ${seller}, ${category}, 'Bulk phone ' || i, '/uploads/seed/m-samsung-s21.svg', 'Dhaka',
     5000 + (i * 7919) % 150000, 20000 + (i * 7919) % 150000, 2018 + i % 8, 1 + i % 5, ${posted}, 'Bulk Seller',
     ${condition}, '+880 1711 000000', 'Bulk listing', 'B-' || i, 1, 0`;
  await db.run(
    db.engine === 'postgres'
      ? `INSERT INTO mobiles (${COLUMNS}) SELECT ${values(
          `to_char(timestamp '2025-01-01' + i * interval '30 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
          `lpad((1 + i % 3)::text, 2, '0')`,
          `(ARRAY['Excellent', 'Good', 'Fair'])[1 + (i / 7) % 3]`,
        )} FROM generate_series(0, ${count - 1}) AS i`
      : `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})
         INSERT INTO mobiles (${COLUMNS}) SELECT ${values(
           `strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (i * 30) || ' seconds')`,
           `printf('%02d', 1 + i % 3)`,
           `CASE (i / 7) % 3 WHEN 0 THEN 'Excellent' WHEN 1 THEN 'Good' ELSE 'Fair' END`,
         )} FROM n`,
  );
}
