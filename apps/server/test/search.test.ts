// Search through the full-text index: words match whole or as prefixes across title and details, the index
// follows every create, edit, sale and delete, FTS5's own syntax is never interpreted, counts stop at 1,000 and
// pages end there. The same search runs per category (listCategoryMobiles) and across brands (searchMobiles).
import { describe, expect, it } from 'vitest';
import { SEARCH_RESULT_CAP } from '@recell/api';
import { createListing } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();

interface Page {
  items: {
    _id: string;
    title: string;
    category_id: string;
    resale_price: number;
    sellerRating?: { average: number | null; count: number };
  }[];
  total: number;
  totalCapped?: boolean;
  page: number;
}

async function find(path: string): Promise<Page> {
  const response = await call(ctx.app.server, 'get', path, { token: ctx.people.buyer.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Page;
}
const ids = (page: Page) => page.items.map((item) => item._id);

describe('search', () => {
  it('matches every word, whole or as the start of a word, in the title or details', async () => {
    const id = await createListing(ctx.app.server, ctx.people.seller.token, {
      category_id: '01',
      title: 'Xiaomi Redmi Note 13 Pro',
      details: 'Midnight black, 256GB, charger in the box',
    });
    for (const q of ['redmi', 'REDMI note', 'red not 13', '256', 'midnight charger', 'Rédmi']) {
      expect(ids(await find(`/api/mobiles/01?q=${encodeURIComponent(q)}`)), q).toContain(id);
    }
    for (const q of ['redmi iphone', 'edmi', 'purple']) {
      expect(ids(await find(`/api/mobiles/01?q=${encodeURIComponent(q)}`)), q).not.toContain(id);
    }
    // Another category's page never shows it; the search of every brand does.
    expect(ids(await find('/api/mobiles/02?q=redmi'))).not.toContain(id);
    expect(ids(await find('/api/mobiles?q=redmi%20note'))).toContain(id);
  });

  it('follows the listing through an edit, a sale and a delete', async () => {
    const id = await createListing(ctx.app.server, ctx.people.seller.token, {
      title: 'Apple iPhone 12 mini',
      details: 'Product red',
      stock: 1,
    });
    expect(ids(await find('/api/mobiles?q=mini%20product'))).toContain(id);

    const edited = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: ctx.people.seller.token,
      body: { title: 'Apple iPhone 12 Pro Max', details: 'Pacific blue' },
    });
    expect(edited.status).toBe(200);
    expect(ids(await find('/api/mobiles?q=mini'))).not.toContain(id);
    expect(ids(await find('/api/mobiles?q=pacific%20max'))).toContain(id);
    // Sorted by price, the words are read off a second index keyed by the price (027-search-by-price.sql): a new
    // price and condition move the listing there too, not only the words.
    const priced = (query: string) => find(`/api/mobiles?q=pacific&sort=price_asc&${query}`).then(ids);
    expect(await priced('condition=Fair&minPrice=777&maxPrice=777')).not.toContain(id);
    const repriced = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: ctx.people.seller.token,
      body: { resale_price: 777, condition: 'Fair' },
    });
    expect(repriced.status).toBe(200);
    expect(await priced('condition=Fair&minPrice=777&maxPrice=777')).toEqual([id]);
    expect(await priced('condition=Fair&maxPrice=776.99')).not.toContain(id);
    expect(await priced('condition=Excellent')).not.toContain(id);

    // Sold out: still found (its page says Sold out), with the stock it has.
    await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: ctx.people.seller.token,
      body: { stock: 0 },
    });
    expect(ids(await find('/api/mobiles?q=pacific'))).toContain(id);

    const removed = await call(ctx.app.server, 'delete', `/api/mobile/${id}`, {
      token: ctx.people.seller.token,
    });
    expect(removed.status).toBe(200);
    expect(ids(await find('/api/mobiles?q=pacific'))).not.toContain(id);
    // The index itself holds no trace of it (on PostgreSQL the words live on the row, gone with it).
    const indexed =
      ctx.app.db.engine === 'sqlite'
        ? 'SELECT COUNT(*) AS n FROM mobiles_fts WHERE mobiles_fts MATCH \'"pacific"\''
        : "SELECT COUNT(*) AS n FROM mobiles WHERE words @@ to_tsquery('recell_words', 'pacific')";
    expect(await ctx.app.db.get(indexed)).toEqual({ n: 0 });
    if (ctx.app.db.engine === 'sqlite') {
      const byPrice =
        'SELECT COUNT(*) AS n FROM mobiles_by_price_fts WHERE mobiles_by_price_fts MATCH \'"pacific"\'';
      expect(await ctx.app.db.get(byPrice)).toEqual({ n: 0 });
    }
  });

  it("never lets typed words reach the price index's category and condition words", async () => {
    await createListing(ctx.app.server, ctx.people.seller.token, { category_id: '02', condition: 'Good' });
    // c3032qgood is how 027 writes "Samsung, Good"; a search names only the title and details
    for (const q of ['c3032', 'c3032qgood', 'qgood', 'facets']) {
      for (const sort of ['price_asc', 'price_desc', 'newest']) {
        expect(await find(`/api/mobiles?q=${q}&sort=${sort}`), `${q} ${sort}`).toMatchObject({ total: 0 });
      }
    }
  });

  it.each([
    '"',
    'a OR b',
    'NEAR(a b)',
    '*',
    'title:iphone',
    '-iphone',
    '^iphone',
    '(',
    "'; DROP TABLE mobiles; --",
  ])('treats %s as plain words, never as FTS5 syntax, in every order', async (q) => {
    // newest reads the words' index; the price orders read the price-keyed one, inside a column filter
    for (const sort of ['newest', 'price_asc', 'price_desc']) {
      const page = await find(`/api/mobiles/02?q=${encodeURIComponent(q)}&condition=Good&sort=${sort}`);
      expect(page.total, sort).toBe(page.items.length);
    }
  });

  it('filters and sorts the matches', async () => {
    const [cheap, dear] = [
      await createListing(ctx.app.server, ctx.people.seller.token, {
        title: 'Samsung Galaxy S22 Ultra',
        category_id: '02',
        resale_price: 400,
        condition: 'Fair',
      }),
      await createListing(ctx.app.server, ctx.people.seller.token, {
        title: 'Samsung Galaxy S22 Ultra',
        category_id: '02',
        resale_price: 650,
        condition: 'Excellent',
      }),
    ];
    const up = ids(await find('/api/mobiles/02?q=galaxy%20s22%20ultra&sort=price_asc'));
    expect(up.indexOf(cheap)).toBeLessThan(up.indexOf(dear));
    const down = ids(await find('/api/mobiles/02?q=galaxy%20s22%20ultra&sort=price_desc'));
    expect(down.indexOf(dear)).toBeLessThan(down.indexOf(cheap));
    expect(ids(await find('/api/mobiles/02?q=s22%20ultra&condition=Excellent'))).toEqual([dear]);
    expect(ids(await find('/api/mobiles?q=s22%20ultra&maxPrice=500'))).toEqual([cheap]);
  });

  it(`stops counting at ${SEARCH_RESULT_CAP} and ends its pages there`, async () => {
    const seller = await ctx.app.db.get<{ id: string }>("SELECT id FROM users WHERE role = 'seller' LIMIT 1");
    await ctx.app.db.transaction(async () => {
      for (let index = 0; index < SEARCH_RESULT_CAP + 5; index += 1) {
        await ctx.app.db.run(
          `INSERT INTO mobiles (id, seller_id, category_id, title, picture, location, resale_cents, buying_cents,
             year_of_purchase, year_of_uses, posted_at, seller_name, condition, number_of_seller, details,
             booking_ref, stock)
           VALUES (?, ?, '03', 'Bulk Zenfone listing', '/uploads/seed/m-apple-iphone-13.svg', 'Dhaka', ?, 90000,
             2023, 1, ?, 'Bulk', 'Good', '+880 1711 000000', 'zenfone', 'B', 1)`,
          [
            `m-bulk-${index}`,
            seller?.id ?? '',
            1000 + index,
            new Date(1_700_000_000_000 + index).toISOString(),
          ],
        );
      }
    });
    const first = await find('/api/mobiles/03?q=zenfone&pageSize=100');
    expect(first).toMatchObject({ total: SEARCH_RESULT_CAP, totalCapped: true });
    expect(first.items).toHaveLength(100);
    const last = await find(`/api/mobiles?q=zenfone&pageSize=100&page=${SEARCH_RESULT_CAP / 100}`);
    expect(last.items).toHaveLength(100);
    const beyond = await find(`/api/mobiles?q=zenfone&pageSize=100&page=${SEARCH_RESULT_CAP / 100 + 1}`);
    expect(beyond).toMatchObject({ items: [], total: SEARCH_RESULT_CAP, totalCapped: true });
    // A narrower search counts exactly, and says nothing of a cap.
    const narrow = await find('/api/mobiles?q=zenfone&maxPrice=10.04');
    expect(narrow.total).toBe(5);
    expect(narrow.totalCapped).toBeUndefined();
  });

  it('pages past the cap in the order asked, whichever way the words and filters are searched', async () => {
    const seller = await ctx.app.db.get<{ id: string }>("SELECT id FROM users WHERE role = 'seller' LIMIT 1");
    // Sellers and their stored ratings ("4 stars and up"): 4.5 from 10 reviews and exactly 4.0 from
    // 3 are kept; 5.0 from 2 ("New seller") and 3.9 from 10 are not, nor the seeded seller (one review).
    const rated = [
      { id: 'u-quokka-rated-45', total: 45, count: 10, kept: true },
      { id: 'u-quokka-rated-40', total: 12, count: 3, kept: true },
      { id: 'u-quokka-rated-new', total: 10, count: 2, kept: false },
      { id: 'u-quokka-rated-39', total: 39, count: 10, kept: false },
    ];
    await ctx.app.db.transaction(async () => {
      for (const one of rated) {
        await ctx.app.db.run(
          "INSERT INTO users (id, email, name, role, verified, created_at) VALUES (?, ?, 'Rated', 'seller', 0, ?)",
          [one.id, `${one.id}@recell.test`, new Date(0).toISOString()],
        );
        await ctx.app.db.run(
          'INSERT INTO seller_ratings (seller_id, stars_total, review_count) VALUES (?, ?, ?)',
          [one.id, one.total, one.count],
        );
      }
    });
    // Posted out of insertion order (rowids), in pairs posted at the same moment, at prices with many ties: the
    // cheap ways to the newest and to the count must give what sorting every match gives.
    const listings = Array.from({ length: SEARCH_RESULT_CAP + 100 }, (_, index) => ({
      id: `m-quokka-${index}`,
      index,
      category: index % 2 === 0 ? '02' : '03',
      condition: (['Good', 'Fair', 'Excellent'] as const)[index % 3] ?? 'Good',
      cents: 1000 + ((index * 37) % 50) * 100,
      posted: new Date(1_700_000_000_000 + Math.floor(((index * 7919) % 1100) / 2) * 1000).toISOString(),
      // a word that a quarter of them have: fewer matches than the cap
      details: index % 4 === 0 ? 'a quokka wombat' : 'a quokka',
      // a fifth state no storage, and some no battery health: a filter on either leaves those out
      storage: ([64, 128, 256, 512, null] as const)[index % 5] ?? null,
      battery: index % 7 === 0 ? null : 70 + ((index * 13) % 31),
      // every fifth the seeded seller's, the rest spread over the rated sellers
      seller: index % 5 === 4 ? { id: seller?.id ?? '', kept: false } : rated[index % 4]!,
    }));
    await ctx.app.db.transaction(async () => {
      for (const listing of listings) {
        await ctx.app.db.run(
          `INSERT INTO mobiles (id, seller_id, category_id, title, picture, location, resale_cents, buying_cents,
             year_of_purchase, year_of_uses, posted_at, seller_name, condition, number_of_seller, details,
             booking_ref, stock, storage_gb, battery_health)
           VALUES (?, ?, ?, 'Quokka phone', '/uploads/seed/m-apple-iphone-13.svg', 'Dhaka', ?, 90000, 2023, 1, ?,
             'Bulk', ?, '+880 1711 000000', ?, 'B', 1, ?, ?)`,
          [
            listing.id,
            listing.seller.id,
            listing.category,
            listing.cents,
            listing.posted,
            listing.condition,
            listing.details,
            listing.storage,
            listing.battery,
          ],
        );
      }
    });
    type Listing = (typeof listings)[number];
    // Ties go by insertion order (rowid): backwards with the newest and dearest first, forwards with the cheapest.
    const orders: Record<string, (a: Listing, b: Listing) => number> = {
      newest: (a, b) => b.posted.localeCompare(a.posted) || b.index - a.index,
      price_asc: (a, b) => a.cents - b.cents || a.index - b.index,
      price_desc: (a, b) => b.cents - a.cents || b.index - a.index,
    };
    const searches: [string, (listing: Listing) => boolean][] = [
      ['/api/mobiles?q=quok', () => true],
      ['/api/mobiles?q=quokka%20phone&minPrice=10.5', (listing) => listing.cents >= 1050],
      [
        '/api/mobiles/02?q=quokka&condition=Good',
        (listing) => listing.category === '02' && listing.condition === 'Good',
      ],
      ['/api/mobiles?q=wombat', (listing) => listing.details.includes('wombat')],
      [
        '/api/mobiles?q=wombat&maxPrice=40',
        (listing) => listing.details.includes('wombat') && listing.cents <= 4000,
      ],
      // storage and battery health: with words (a fifth kept, and fewer), and without
      ['/api/mobiles?q=quokka&storage=128', (listing) => listing.storage === 128],
      [
        '/api/mobiles?q=quokka&storage=256&minBattery=90',
        (listing) => listing.storage === 256 && (listing.battery ?? 0) >= 90,
      ],
      [
        '/api/mobiles/03?minBattery=80&storage=512',
        (listing) => listing.category === '03' && listing.storage === 512 && (listing.battery ?? 0) >= 80,
      ],
      // the seller's rating: without words, with them, and with another filter
      ['/api/mobiles?minRating=4', (listing) => listing.seller.kept],
      ['/api/mobiles/02?minRating=4', (listing) => listing.category === '02' && listing.seller.kept],
      ['/api/mobiles?q=quokka&minRating=4', (listing) => listing.seller.kept],
      [
        '/api/mobiles?q=wombat&minRating=4',
        (listing) => listing.details.includes('wombat') && listing.seller.kept,
      ],
      [
        '/api/mobiles?q=quokka&minRating=4&minBattery=90',
        (listing) => listing.seller.kept && (listing.battery ?? 0) >= 90,
      ],
      ['/api/mobiles?q=quokka&minRating=5', () => false],
      // every filter the price-keyed index holds at once (category, condition, a price range), and one it does not
      [
        '/api/mobiles/03?q=quokka&condition=Excellent&minPrice=20&maxPrice=40.5',
        (listing) =>
          listing.category === '03' &&
          listing.condition === 'Excellent' &&
          listing.cents >= 2000 &&
          listing.cents <= 4050,
      ],
      [
        '/api/mobiles/02?q=wombat&minRating=4&maxPrice=30',
        (listing) =>
          listing.category === '02' &&
          listing.details.includes('wombat') &&
          listing.seller.kept &&
          listing.cents <= 3000,
      ],
    ];
    // each card carries its seller's stored rating: the average to one decimal, and the count
    const seeded = await ctx.app.db.get<{ total: number; n: number }>(
      'SELECT stars_total AS total, review_count AS n FROM seller_ratings WHERE seller_id = ?',
      [seller?.id ?? ''],
    );
    const ratingOf = (listing: Listing) => {
      const one = rated.find((candidate) => candidate.id === listing.seller.id);
      const [total, count] = one
        ? [one.total, one.count]
        : [Number(seeded?.total ?? 0), Number(seeded?.n ?? 0)];
      return { average: count === 0 ? null : Math.round((total / count) * 10) / 10, count };
    };
    const cards = (await find('/api/mobiles?q=quokka&pageSize=100')).items;
    expect(cards).toHaveLength(100);
    for (const card of cards) {
      expect(card.sellerRating, card._id).toEqual(
        ratingOf(listings.find((listing) => listing.id === card._id)!),
      );
    }
    expect(cards.map((card) => card.sellerRating?.average)).toEqual(expect.arrayContaining([4.5, 4, 5, 3.9]));
    for (const [path, kept] of searches) {
      for (const [sort, order] of Object.entries(orders)) {
        const expected = listings
          .filter(kept)
          .sort(order)
          .slice(0, SEARCH_RESULT_CAP)
          .map((listing) => listing.id);
        const found: string[] = [];
        for (let page = 1; page <= SEARCH_RESULT_CAP / 100 + 1; page += 1) {
          const answer = await find(`${path}&sort=${sort}&pageSize=100&page=${page}`);
          expect(answer.total, `${path} ${sort}`).toBe(expected.length);
          found.push(...ids(answer));
        }
        expect(found, `${path} ${sort}`).toEqual(expected);
      }
    }
  });

  it.each(['0', '6', '-4', '1e9', '4.5', 'four', '', '4&minRating=5'])(
    'refuses minRating=%s with a 400 in the Error shape (whole stars, 1 to 5, once)',
    async (value) => {
      for (const path of ['/api/mobiles', '/api/mobiles/02']) {
        const refused = await call(ctx.app.server, 'get', `${path}?minRating=${value}`, {
          token: ctx.people.buyer.token,
        });
        expect(refused.status, `${path} ${value}`).toBe(400);
        expect(refused.body).toMatchObject({ message: expect.any(String) });
      }
    },
  );
});
