// What each operation does, beyond who may call it (matrix.test.ts): filters, sorting, paging, the marketplace
// rules the mocks define (sold out, duplicates, moderation, verification), all against the real server.
import type { Express } from 'express';
import { describe, expect, it } from 'vitest';
import { loadContract } from '@recell/api/contract';
import { demoAccounts, mobiles, otherSeller } from '@recell/api/fixtures';
import { book, createListing, listing } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();

const get = (path: string, token: string | null = ctx.people.buyer.token) =>
  call(ctx.app.server, 'get', path, { token });
type Listing = {
  _id: string;
  resale_price: number;
  condition: string;
  Year_of_purchase: number;
  title: string;
};
const items = async (path: string) => ((await get(path)).body as { items: Listing[] }).items;

interface Layer {
  route?: { path: unknown; stack: { method?: string; handle: { name: string } }[] };
  handle?: { stack?: Layer[]; served?: ReadonlyMap<string, readonly { name: string }[]> };
}

/**
 * `METHOD /path/{param}` -> names of the handlers the app mounts there: Express's own routes (the webhook, which
 * the validator does not see), and each operation the dispatchers run for the contract's match.
 */
function mountedHandlers(app: Express): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (key: string, name: string) => found.set(key, [...(found.get(key) ?? []), name]);
  const where = new Map(
    Object.entries(loadContract().paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { operationId?: string }>).map(
        ([method, operation]) => [operation.operationId, `${method.toUpperCase()} ${path}`] as const,
      ),
    ),
  );
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        // Not the API's routes (the web app's, the sitemap's) may be patterns.
        if (typeof layer.route.path !== 'string') continue;
        const path = layer.route.path.replace(/:(\w+)/g, '{$1}');
        for (const step of layer.route.stack)
          add(`${(step.method ?? '').toUpperCase()} ${path}`, step.handle.name);
      } else if (layer.handle?.served) {
        for (const [id, steps] of layer.handle.served) {
          for (const step of steps) add(where.get(id) ?? `no operation ${id}`, step.name);
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

describe('operation names', () => {
  it('serves every operation of the contract with a handler named by its operationId', () => {
    const app = ctx.app.server.listeners('request')[0] as Express;
    const mounted = mountedHandlers(app);
    const operations = Object.entries(loadContract().paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { operationId?: string }>)
        .filter(([, operation]) => operation.operationId)
        .map(([method, operation]) => ({
          key: `${method.toUpperCase()} ${path}`,
          id: operation.operationId,
        })),
    );
    expect(operations.length).toBeGreaterThan(30);
    const misnamed = operations.filter(({ key, id }) => !mounted.get(key)?.includes(id ?? ''));
    expect(misnamed.map(({ key, id }) => `${key}: ${id} (found ${mounted.get(key)?.join(', ')})`)).toEqual(
      [],
    );
    // and nothing served that the contract does not name
    expect([...mounted.keys()].filter((key) => key.startsWith('no operation'))).toEqual([]);
  });
});

describe('catalogue', () => {
  it('lists the categories, the blog and the advertised phones in stock', async () => {
    const categories = await get('/api/categorymobiles', null);
    expect(categories.body.items).toEqual([
      { category_id: '01', category_name: 'Xiaomi' },
      { category_id: '02', category_name: 'Samsung' },
      { category_id: '03', category_name: 'Apple' },
    ]);
    expect((await get('/api/blogs', null)).body.total).toBe(4);
    const advertised = (await get('/api/advertise', null)).body.items as { _id: string; stock: number }[];
    expect(advertised.map((item) => item._id).sort()).toEqual(
      mobiles
        .filter((mobile) => mobile.advertised && mobile.stock > 0)
        .map((mobile) => mobile._id)
        .sort(),
    );
  });

  it('filters, sorts and pages a category', async () => {
    const samsung = await get('/api/mobiles/02');
    expect(samsung.body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    const cheap = await get('/api/mobiles/02?maxPrice=300&sort=price_asc&pageSize=1');
    expect(cheap.body).toMatchObject({ total: 1, pageSize: 1 });
    expect(cheap.body.items[0].title).toBe('Samsung Galaxy A54');
    expect((await items('/api/mobiles/03?sort=price_desc')).map((item) => item.resale_price)).toEqual([
      820, 610, 280,
    ]);
    expect((await items('/api/mobiles/03?sort=price_asc')).map((item) => item.resale_price)).toEqual([
      280, 610, 820,
    ]);
    expect((await items('/api/mobiles/01?condition=Fair')).map((item) => item._id)).toEqual([
      'm-xiaomi-poco-x5',
    ]);
    expect((await items('/api/mobiles/01?minYear=2023')).every((item) => item.Year_of_purchase >= 2023)).toBe(
      true,
    );
    expect((await items('/api/mobiles/03?q=applecare')).map((item) => item._id)).toEqual([
      'm-apple-iphone-14-pro',
    ]);
    // LIKE wildcards are literal: '_' matches only an underscore, '%' only a percent sign.
    expect(await items('/api/mobiles/03?q=_')).toEqual([]);
    expect((await items('/api/mobiles/03?q=86%20%25')).map((item) => item._id)).toEqual([
      'm-apple-iphone-13',
    ]);
    expect((await items('/api/mobiles/02?minPrice=300')).map((item) => item.resale_price).sort()).toEqual([
      320, 380,
    ]);
    const newest = await items('/api/mobiles/03');
    expect(newest.map((item) => item._id)).toEqual([
      'm-apple-iphone-14-pro',
      'm-apple-iphone-13',
      'm-apple-iphone-12-mini',
    ]);
    const second = await get('/api/mobiles/03?page=2&pageSize=2');
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.body.items).toHaveLength(1);
  });

  it('shows one listing, in dollars, with the IMEI masked', async () => {
    const one = await get('/api/mobile/m-samsung-s21');
    expect(one.body).toMatchObject({
      resale_price: 320,
      buying_price: 799,
      email: demoAccounts.seller.email,
      Verified: true,
      imeiMasked: '***********1234',
    });
    expect((await get('/api/mobile/m-nothing')).status).toBe(404);
  });

  it('lets a seller list (IMEI checked and masked), edit, mark sold, advertise and delete', async () => {
    const bad = await call(ctx.app.server, 'post', '/api/mobiles', {
      token: ctx.people.seller.token,
      body: { ...baseListing(), imei: '490154203237519' },
    });
    expect(bad.status).toBe(400);
    const id = await createListing(ctx.app.server, ctx.people.seller.token, {
      imei: '490154203237518',
      stock: 2,
    });
    const mine = await get(`/api/addedbyseller?email=${demoAccounts.seller.email}`, ctx.people.seller.token);
    expect(mine.body.items[0]).toMatchObject({ _id: id, imeiMasked: '***********7518', advertised: false });
    expect(JSON.stringify(mine.body)).not.toContain('490154203237518');

    const edited = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: ctx.people.seller.token,
      body: { resale_price: 650.25, details: 'Now with a case' },
    });
    expect(edited.body).toMatchObject({ resale_price: 650.25, details: 'Now with a case', stock: 2 });
    expect(
      (
        await call(ctx.app.server, 'post', '/api/advertise', {
          token: ctx.people.seller.token,
          body: { mobileId: id },
        })
      ).body,
    ).toEqual({
      acknowledged: true,
      insertedId: id,
    });
    expect(
      (await get('/api/advertise?pageSize=100', null)).body.items.map((item: Listing) => item._id),
    ).toContain(id);
    await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: ctx.people.seller.token,
      body: { stock: 0 },
    });
    // Sold out: off the home page.
    expect(
      (await get('/api/advertise?pageSize=100', null)).body.items.map((item: Listing) => item._id),
    ).not.toContain(id);
    const removed = await call(ctx.app.server, 'delete', `/api/mobile/${id}`, {
      token: ctx.people.seller.token,
    });
    expect(removed.body).toEqual({ deletedCount: 1 });
    expect((await get(`/api/mobile/${id}`)).status).toBe(404);
  });

  it("states storage, colour and battery health, filters by them, and takes the seller's name from the account", async () => {
    const seller = ctx.people.seller;
    const {
      Seller_name: _name,
      bookingId: _ref,
      ...form
    } = listing({
      title: 'Apple iPhone 15 Plus',
      storageGb: 512,
      colour: '<b>Pink</b>',
      batteryHealth: 93,
    });
    const created = await call(ctx.app.server, 'post', '/api/mobiles', { token: seller.token, body: form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { insertedId: string }).insertedId;
    const mobile = (await get(`/api/mobile/${id}`, seller.token)).body;
    // the account's name, and the listing's id as its reference, when the form sends neither
    expect(mobile).toMatchObject({
      storageGb: 512,
      colour: '<b>Pink</b>',
      batteryHealth: 93,
      Seller_name: seller.name,
      bookingId: id,
    });
    expect((await items('/api/mobiles/03?storage=512&minBattery=90')).map((item) => item._id)).toEqual([id]);
    expect(await items('/api/mobiles/03?storage=512&minBattery=95')).toEqual([]);
    // a seed listing that states no battery health would be left out; every seed one states it
    expect((await items('/api/mobiles/03?storage=64')).map((item) => item._id)).toEqual([
      'm-apple-iphone-12-mini',
    ]);
    const edited = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: seller.token,
      body: { batteryHealth: 89, storageGb: 256 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ batteryHealth: 89, storageGb: 256, colour: '<b>Pink</b>' });
    // out of the contract's bounds: a 400 in the Error shape, and nothing written
    for (const [path, method, body] of [
      ['/api/mobiles/03?storage=100', 'get', undefined],
      ['/api/mobiles?minBattery=0', 'get', undefined],
      ['/api/mobiles?minBattery=1e9', 'get', undefined],
      [`/api/mobile/${id}`, 'patch', { batteryHealth: 101 }],
      [`/api/mobile/${id}`, 'patch', { batteryHealth: -5 }],
      [`/api/mobile/${id}`, 'patch', { storageGb: 100 }],
      [`/api/mobile/${id}`, 'patch', { colour: 'x'.repeat(31) }],
      [`/api/mobile/${id}`, 'patch', { colour: '   ' }],
      ['/api/mobiles', 'post', { ...form, batteryHealth: 0 }],
    ] as const) {
      const refused = await call(ctx.app.server, method, path, { token: seller.token, body });
      expect(refused.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(refused.body).toMatchObject({ message: expect.any(String) });
    }
    expect((await get(`/api/mobile/${id}`, seller.token)).body).toMatchObject({
      batteryHealth: 89,
      storageGb: 256,
    });
  });

  it('keeps a listing with a paid booking (409)', async () => {
    const response = await call(ctx.app.server, 'delete', '/api/mobile/m-xiaomi-redmi-note-12', {
      token: ctx.people.seller.token,
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('paid_booking');
  });
});

describe('bookings and cart', () => {
  it("books from the listing, shows My Orders and the seller's My Buyers", async () => {
    const id = await book(ctx.app.server, ctx.people.otherBuyer.token, 'm-apple-iphone-13');
    const orders = await get(
      `/api/bookings?email=${encodeURIComponent(ctx.people.otherBuyer.email)}`,
      ctx.people.otherBuyer.token,
    );
    expect(orders.body.items[0]).toMatchObject({
      _id: id,
      MobileName: 'Apple iPhone 13',
      price: 610,
      paid: false,
    });
    const plain = await call(ctx.app.server, 'post', '/api/bookings', {
      token: ctx.people.otherBuyer.token,
      body: { mobileId: 'm-samsung-a54' },
    });
    const booking = await get(`/api/bookings/${plain.body.insertedId}`, ctx.people.otherBuyer.token);
    // No meeting place given: the listing's location.
    expect(booking.body).toMatchObject({ location: 'Dhaka, Dhanmondi 27', phone: '' });
    const buyers = await get(`/api/mybuyers?email=${demoAccounts.seller.email}`, ctx.people.seller.token);
    expect(buyers.body.items.map((item: { _id: string }) => item._id)).toContain(id);
    const others = await get(`/api/mybuyers?email=${otherSeller.email}`, ctx.people.otherSeller.token);
    expect(others.body.items.map((item: { _id: string }) => item._id)).not.toContain(id);
    expect(others.body.items.map((item: { _id: string }) => item._id)).toContain(plain.body.insertedId);
  });

  it('adds to the cart once, with the listing as wishlistedID', async () => {
    const added = await call(ctx.app.server, 'post', '/api/wishlist', {
      token: ctx.people.otherBuyer.token,
      body: { wishlistedID: 'm-samsung-s21' },
    });
    expect(added.status).toBe(201);
    const again = await call(ctx.app.server, 'post', '/api/wishlist', {
      token: ctx.people.otherBuyer.token,
      body: { wishlistedID: 'm-samsung-s21' },
    });
    expect(again.body).toEqual({ message: 'This phone is already in your cart', code: 'duplicate' });
    const cart = await get(
      `/api/wishlist?email=${encodeURIComponent(ctx.people.otherBuyer.email)}`,
      ctx.people.otherBuyer.token,
    );
    expect(cart.body.items).toEqual([
      expect.objectContaining({
        wishlistedID: 'm-samsung-s21',
        price: 320,
        MobileName: 'Samsung Galaxy S21',
      }),
    ]);
    const missing = await call(ctx.app.server, 'post', '/api/wishlist', {
      token: ctx.people.otherBuyer.token,
      body: { wishlistedID: 'm-nothing' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('reports and moderation', () => {
  it('keeps the reason, refuses a duplicate, and an admin removes the listing (audited)', async () => {
    const id = await createListing(ctx.app.server, ctx.people.otherSeller.token);
    const first = await call(ctx.app.server, 'post', '/api/report', {
      token: ctx.people.buyer.token,
      body: { mobileId: id, Report: 'Pictures copied from a shop' },
    });
    await call(ctx.app.server, 'post', '/api/report', {
      token: ctx.people.otherBuyer.token,
      body: { mobileId: id, Report: 'This is fake' },
    });
    const duplicate = await call(ctx.app.server, 'post', '/api/report', {
      token: ctx.people.buyer.token,
      body: { mobileId: id, Report: 'Again' },
    });
    expect(duplicate.body).toEqual({ message: 'You have already reported this phone', code: 'duplicate' });
    const open = await get('/api/reports?status=open', ctx.people.admin.token);
    expect(open.body.items).toContainEqual(
      expect.objectContaining({
        _id: first.body.insertedId,
        Report: 'Pictures copied from a shop',
        status: 'open',
      }),
    );

    const resolved = await call(ctx.app.server, 'post', `/api/reports/${first.body.insertedId}/resolve`, {
      token: ctx.people.admin.token,
      body: { action: 'remove-listing' },
    });
    expect(resolved.body).toMatchObject({ status: 'removed', mobileId: id });
    expect((await get(`/api/mobile/${id}`)).status).toBe(404);
    const removed = await get('/api/reports?status=removed', ctx.people.admin.token);
    expect(removed.body.items.filter((report: { mobileId: string }) => report.mobileId === id)).toHaveLength(
      2,
    );
    const again = await call(ctx.app.server, 'post', `/api/reports/${first.body.insertedId}/resolve`, {
      token: ctx.people.admin.token,
      body: { action: 'dismiss' },
    });
    expect(again.status).toBe(409);
    const dismissed = await call(ctx.app.server, 'post', '/api/reports/r-demo-poco/resolve', {
      token: ctx.people.admin.token,
      body: { action: 'dismiss' },
    });
    expect(dismissed.body).toMatchObject({ status: 'dismissed' });
    const audit = await get('/api/audit-log', ctx.people.admin.token);
    expect(audit.body.items.slice(0, 2)).toEqual([
      // the reported listing's model beside the report's id, so the log reads without a lookup
      expect.objectContaining({
        action: 'report.dismiss',
        target: 'r-demo-poco',
        targetName: 'Xiaomi Poco X5 Pro',
      }),
      expect.objectContaining({ action: 'report.remove-listing', target: first.body.insertedId }),
    ]);
  });
});

describe('users', () => {
  it('lists users by role, answers admin and seller checks, and verifies sellers', async () => {
    const sellers = await get('/api/users?role=seller', ctx.people.admin.token);
    expect(sellers.body.items.map((user: { email: string }) => user.email)).toEqual(
      expect.arrayContaining([demoAccounts.seller.email, otherSeller.email]),
    );
    expect(sellers.body.items.every((user: { role: string }) => user.role === 'seller')).toBe(true);
    expect((await get(`/api/users/admin/${demoAccounts.admin.email}`, ctx.people.admin.token)).body).toEqual({
      isAdmin: true,
    });
    expect(
      (await get(`/api/users/seller/${demoAccounts.seller.email}`, ctx.people.seller.token)).body,
    ).toEqual({
      isSeller: true,
    });
    expect((await get(`/api/users/seller/${demoAccounts.buyer.email}`, ctx.people.buyer.token)).body).toEqual(
      {
        isSeller: false,
      },
    );
    expect((await get('/api/users/admin/nobody@recell.test', ctx.people.admin.token)).body).toEqual({
      isAdmin: false,
    });

    const verified = await call(ctx.app.server, 'put', `/api/sellers/${otherSeller._id}/verified`, {
      token: ctx.people.admin.token,
      body: { verified: true },
    });
    expect(verified.body).toMatchObject({ _id: otherSeller._id, verified: true });
    // The badge follows the seller onto every listing.
    expect((await get('/api/mobile/m-samsung-a54')).body.Verified).toBe(true);
    const buyerVerified = await call(
      ctx.app.server,
      'put',
      `/api/sellers/${demoAccounts.buyer._id}/verified`,
      {
        token: ctx.people.admin.token,
        body: { verified: true },
      },
    );
    expect(buyerVerified.body).toEqual({ message: 'Only sellers can be verified' });
    expect((await get('/api/audit-log', ctx.people.admin.token)).body.items[0]).toMatchObject({
      action: 'user.verify',
      target: otherSeller._id,
      targetName: otherSeller.name,
    });
  });
});

function baseListing() {
  return {
    category_id: '02',
    title: 'Samsung Galaxy S23',
    picture: '/uploads/seed/m-samsung-s21.svg',
    location: 'Dhaka',
    resale_price: 600,
    buying_price: 900,
    Year_of_purchase: 2024,
    Year_of_uses: 1,
    Seller_name: 'Rahim Uddin',
    condition: 'Excellent',
    number_of_seller: '+880 1711 000000',
    details: 'Fine',
    bookingId: 'S23-1',
    stock: 1,
  };
}
