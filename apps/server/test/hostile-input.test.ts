// The holes found by attacking the running product (security issue): each replayed as it was found, with what
// must hold now. The odd path spellings of every operation are replayed in matrix.test.ts.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { MAX_OPEN_BOOKINGS } from '@recell/api';
import { createApp } from '../src/app';
import { migrations } from '../src/db/migrate';
import { MAX_BODY_DEPTH } from '../src/http/trim-body';
import { book, createListing, listing } from './support/fixtures';
import { signUpAccount, uniqueEmail, verifiedAccount } from './support/accounts';
import { call, exchange, useServer } from './support/harness';
import { rawRequest } from './support/raw-request';

const ctx = useServer();

describe('an upper-case /API prefix no longer skips the contract', () => {
  it('POST /API/usersall with role admin is 404 and makes no record', async () => {
    const email = uniqueEmail('would-be-admin');
    const idToken = await signUpAccount(email, 'would-be-admin-pw');
    for (const path of ['/API/usersall', '/Api/usersall', '/api/USERSALL', '/api//usersall']) {
      const answer = await rawRequest(ctx.app.server, 'post', path, {
        token: idToken,
        body: { name: 'M', role: 'admin' },
      });
      expect({ path, ...answer }).toEqual({ path, status: 404, body: { message: 'Not found' } });
    }
    expect(await ctx.app.db.get('SELECT id FROM users WHERE email = ?', [email])).toBeUndefined();
    // The proper spelling still refuses the admin role.
    const proper = await call(ctx.app.server, 'post', '/api/usersall', {
      token: idToken,
      body: { name: 'M', role: 'admin' },
    });
    expect(proper.status).toBe(400);
  });

  it("a seller's unvalidated listing (stock 'abc', 1e12, a 90 KB title, javascript:) is never stored", async () => {
    const before = await ctx.app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM mobiles');
    const bad = [
      { stock: 'abc' },
      { stock: 1e12 },
      { resale_price: 1e15 },
      { title: 'x'.repeat(90_000) },
      { picture: 'javascript:alert(1)' },
    ];
    for (const overrides of bad) {
      for (const path of ['/Api/mobiles', '/api/mobiles']) {
        const answer = await rawRequest(ctx.app.server, 'post', path, {
          token: ctx.people.seller.token,
          body: listing(overrides),
        });
        expect([400, 404, 413], `${path} ${JSON.stringify(overrides).slice(0, 60)}`).toContain(answer.status);
        expect(answer.body).toMatchObject({ message: expect.any(String) });
      }
    }
    expect(await ctx.app.db.get('SELECT COUNT(*) AS n FROM mobiles')).toEqual(before);
  });

  it('the database itself refuses stock or prices that are not whole numbers in range', async () => {
    const id = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 2 });
    for (const [column, value] of [
      ['stock', 'abc'],
      ['stock', -1],
      ['stock', 1.5],
      ['resale_cents', 'cheap'],
      ['buying_cents', 0],
    ] as const) {
      await expect(
        ctx.app.db.run(`UPDATE mobiles SET ${column} = ? WHERE id = ?`, [value, id]),
        // SQLite's trigger or CHECK (003); PostgreSQL's integer type or CHECK.
      ).rejects.toThrow(
        /whole numbers in range|CHECK constraint|invalid input syntax for type integer|check constraint/,
      );
    }
    expect(await ctx.app.db.get('SELECT stock FROM mobiles WHERE id = ?', [id])).toEqual({ stock: 2 });
  });
});

describe('numbers are finite and text is not blank', () => {
  it.each(['minPrice=1e400', 'maxPrice=Infinity', 'minPrice=-5', 'maxPrice=NaN', 'minYear=1e309'])(
    'GET /mobiles/02?%s -> 400',
    async (query) => {
      const response = await call(ctx.app.server, 'get', `/api/mobiles/02?${query}`, {
        token: ctx.people.buyer.token,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: expect.any(String), errors: expect.any(Array) });
    },
  );

  it.each(['title', 'location', 'details', 'Seller_name', 'bookingId'])(
    'a %s of only spaces -> 400, nothing stored',
    async (field) => {
      const response = await call(ctx.app.server, 'post', '/api/mobiles', {
        token: ctx.people.seller.token,
        body: listing({ [field]: '     ', title: field === 'title' ? '     ' : `Blank ${field} test` }),
      });
      expect(response.status).toBe(400);
      expect(await ctx.app.db.get('SELECT id FROM mobiles WHERE title = ?', [`Blank ${field} test`])).toBe(
        undefined,
      );
    },
  );

  it('text is stored trimmed', async () => {
    const id = await createListing(ctx.app.server, ctx.people.seller.token, {
      title: '  Pixel 8 Pro  ',
      location: '\tDhaka, Mirpur ',
    });
    expect(await ctx.app.db.get('SELECT title, location FROM mobiles WHERE id = ?', [id])).toEqual({
      title: 'Pixel 8 Pro',
      location: 'Dhaka, Mirpur',
    });
  });

  it('a report of only spaces and a sign-up name of only spaces -> 400', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token);
    const report = await call(ctx.app.server, 'post', '/api/report', {
      token: ctx.people.buyer.token,
      body: { mobileId, Report: '      ' },
    });
    expect(report.status).toBe(400);
    const idToken = await signUpAccount(uniqueEmail('blank-name'), 'blank-name-pw');
    const signUp = await call(ctx.app.server, 'post', '/api/usersall', {
      token: idToken,
      body: { name: '   ', role: 'buyer' },
    });
    expect(signUp.status).toBe(400);
  });
});

describe('one open booking per buyer per listing', () => {
  it('a second Book answers the first booking (200), and 60 quick ones make one row', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 3 });
    const first = await call(ctx.app.server, 'post', '/api/bookings', {
      token: ctx.people.buyer.token,
      body: { mobileId, phone: '+880 1911 222333' },
    });
    expect(first.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        call(ctx.app.server, 'post', '/api/bookings', {
          token: ctx.people.buyer.token,
          body: { mobileId, phone: '+880 1911 222333' },
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => (answer.body as { insertedId: string }).insertedId))).toEqual(
      new Set([(first.body as { insertedId: string }).insertedId]),
    );
    expect(
      await ctx.app.db.get('SELECT COUNT(*) AS n FROM bookings WHERE mobile_id = ?', [mobileId]),
    ).toEqual({
      n: 1,
    });
    // Another buyer books the same phone as usual.
    expect((await book(ctx.app.server, ctx.people.admin.token, mobileId)).length).toBeGreaterThan(0);
  });

  it('racing first Books of one buyer make one booking', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 3 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(ctx.app.server, 'post', '/api/bookings', {
          token: ctx.people.buyer.token,
          body: { mobileId },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(
      await ctx.app.db.get('SELECT COUNT(*) AS n FROM bookings WHERE mobile_id = ?', [mobileId]),
    ).toEqual({
      n: 1,
    });
  });

  it(`a buyer holds at most ${MAX_OPEN_BOOKINGS} open bookings`, async () => {
    const email = uniqueEmail('eager-buyer');
    const token = await exchange(
      ctx.app,
      await verifiedAccount(ctx.app, { email, password: 'eager-buyer-pw', name: 'Eager Buyer' }),
    );
    const listings = await Promise.all(
      Array.from({ length: MAX_OPEN_BOOKINGS + 1 }, () =>
        createListing(ctx.app.server, ctx.people.seller.token, { stock: 2 }),
      ),
    );
    for (const mobileId of listings.slice(0, MAX_OPEN_BOOKINGS)) await book(ctx.app.server, token, mobileId);
    const over = await call(ctx.app.server, 'post', '/api/bookings', {
      token,
      body: { mobileId: listings[MAX_OPEN_BOOKINGS] },
    });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({
      message: `You have ${MAX_OPEN_BOOKINGS} open bookings: pay for or cancel one before booking another phone`,
      code: 'too_many_open_bookings',
    });
  });
});

describe('request logs name no one', () => {
  it('an email in the query or the path is written as [email]', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = createApp({
      ...ctx.app,
      logger: pino({ level: 'info' }, sink),
    });
    const server = logged.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const email = 'buyer@recell.test';
      await call(server, 'get', `/api/bookings?email=${email}`, { token: ctx.people.buyer.token });
      await call(server, 'get', `/api/users/admin/${encodeURIComponent(email)}`, {
        token: ctx.people.buyer.token,
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const text = lines.join('');
    expect(text).toContain('/api/bookings?email=[email]');
    expect(text).toContain('/api/users/admin/[email]');
    expect(text).not.toMatch(/buyer(@|%40)recell\.test/);
  });
});

describe('a deeply nested body is a 400, not a crash', () => {
  // 40 KB each, well under the 100 KB limit: 20,000 arrays, and 8,000 objects inside a listing's field.
  const arrays = '['.repeat(20_000) + ']'.repeat(20_000);
  const objects = `{"title":${'{"":'.repeat(8_000)}"x"${'}'.repeat(8_000)}}`;
  const tooDeep = { message: `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)` };

  it.each([
    ['an anonymous GET with a body', 'get', '/api/blogs', undefined],
    ['a sign-up (Firebase ID token)', 'post', '/api/usersall', 'idToken'],
    ['a listing (seller)', 'post', '/api/mobiles', 'seller'],
    ['a booking (buyer)', 'post', '/api/bookings', 'buyer'],
  ] as const)('%s: 20,000 arrays and 8,000 objects deep -> 400', async (_name, method, path, caller) => {
    const token =
      caller === 'idToken' ? ctx.people.otherBuyer.idToken : caller ? ctx.people[caller].token : undefined;
    for (const json of [arrays, objects]) {
      const answer = await rawRequest(ctx.app.server, method, path, { token, json });
      expect({ length: json.length, ...answer }).toEqual({ length: json.length, status: 400, body: tooDeep });
    }
  });

  it(`a body ${MAX_BODY_DEPTH} levels deep reaches the contract's checks; one level more does not`, async () => {
    // a whole listing whose details are arrays inside arrays: the listing is the first level
    const withDetails = (levels: number) =>
      JSON.stringify(listing({ details: '(nested)' })).replace(
        '"(nested)"',
        `${'['.repeat(levels)}"x"${']'.repeat(levels)}`,
      );
    const atLimit = await rawRequest(ctx.app.server, 'post', '/api/mobiles', {
      token: ctx.people.seller.token,
      json: withDetails(MAX_BODY_DEPTH - 1),
    });
    expect(atLimit).toEqual({
      status: 400,
      body: expect.objectContaining({ errors: [expect.objectContaining({ path: '/body/details' })] }),
    });
    const over = await rawRequest(ctx.app.server, 'post', '/api/mobiles', {
      token: ctx.people.seller.token,
      json: withDetails(MAX_BODY_DEPTH),
    });
    expect(over).toEqual({ status: 400, body: tooDeep });
  });
});

describe("a listing's picture is one of our own", () => {
  // Each would be fetched by every link preview of the listing page (og:image) or by its readers' browsers.
  const elsewhere = [
    '//evil.example/x',
    '/\\evil.example/x',
    'https://evil.example/x.jpg',
    'http://evil.example/x.jpg',
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    '/uploads//evil.example/x',
    '/uploads/\\evil.example/x',
    '/uploads/../../etc/passwd',
    '/uploads/%2e%2e/x',
  ];
  // Plain paths under /uploads/ that no upload answered: the contract's shape, but not a name the server wrote.
  const notUploaded = ['/uploads/not-an-upload.webp', '/uploads/seed/not-a-seed.svg', '/uploads/mock/img-1'];
  /** What migration 011 puts where a picture was not ours: a seed picture every deployment serves. */
  const PLACEHOLDER_PICTURE = '/uploads/seed/m-samsung-s21.svg';
  const refusedPicture = {
    message: expect.stringMatching(/^request\/body\/picture /),
    errors: [expect.objectContaining({ path: '/body/picture' })],
  };

  it.each([...elsewhere, ...notUploaded])(
    '%s is refused on a new listing and on an edit',
    async (picture) => {
      const before = await ctx.app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM mobiles');
      const created = await call(ctx.app.server, 'post', '/api/mobiles', {
        token: ctx.people.seller.token,
        body: listing({ picture }),
      });
      expect({ status: created.status, body: created.body }).toEqual({ status: 400, body: refusedPicture });
      expect(await ctx.app.db.get('SELECT COUNT(*) AS n FROM mobiles')).toEqual(before);

      const id = await createListing(ctx.app.server, ctx.people.seller.token);
      const edited = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
        token: ctx.people.seller.token,
        body: { picture },
      });
      expect({ status: edited.status, body: edited.body }).toEqual({ status: 400, body: refusedPicture });
      expect(await ctx.app.db.get('SELECT picture FROM mobiles WHERE id = ?', [id])).toEqual({
        picture: listing().picture,
      });
    },
  );

  it('migration 011 repairs the pictures stored before: listings, bookings and wishlist entries', async () => {
    const repair = migrations(ctx.app.db.engine).find((migration) => migration.version === 11);
    expect(repair?.name).toBe('011-own-pictures.sql');
    const kept = `/uploads/${'ab'.repeat(16)}.webp`;
    const stored = {
      '//evil.example/x': PLACEHOLDER_PICTURE,
      '/\\evil.example/x': PLACEHOLDER_PICTURE,
      'https://evil.example/x.jpg': PLACEHOLDER_PICTURE,
      'javascript:alert(1)': PLACEHOLDER_PICTURE,
      '/uploads/../../etc/passwd': PLACEHOLDER_PICTURE,
      // a client that prefixed the site's origin keeps its picture
      [`http://127.0.0.1:3000${kept}`]: kept,
      [kept]: kept,
      '/uploads/seed/m-samsung-a54.svg': '/uploads/seed/m-samsung-a54.svg',
    };
    const rows: { id: string; bookingId: string; before: string; after: string }[] = [];
    for (const [before, after] of Object.entries(stored)) {
      const id = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 2 });
      const bookingId = await book(ctx.app.server, ctx.people.buyer.token, id);
      const wished = await call(ctx.app.server, 'post', '/api/wishlist', {
        token: ctx.people.buyer.token,
        body: { wishlistedID: id },
      });
      expect(wished.status).toBe(201);
      // as a listing, its booking and its wishlist entry were written before the server refused such pictures
      for (const [table, key] of [
        ['mobiles', 'id'],
        ['bookings', 'mobile_id'],
        ['wishlist', 'mobile_id'],
      ] as const) {
        await ctx.app.db.run(`UPDATE ${table} SET picture = ? WHERE ${key} = ?`, [before, id]);
      }
      rows.push({ id, bookingId, before, after });
    }
    await ctx.app.db.transaction(() => ctx.app.db.exec(repair?.sql ?? ''));
    for (const { id, bookingId, before, after } of rows) {
      const pictures = [
        await ctx.app.db.get('SELECT picture FROM mobiles WHERE id = ?', [id]),
        await ctx.app.db.get('SELECT picture FROM bookings WHERE id = ?', [bookingId]),
        await ctx.app.db.get('SELECT picture FROM wishlist WHERE mobile_id = ?', [id]),
      ];
      expect({ before, pictures }).toEqual({
        before,
        pictures: [{ picture: after }, { picture: after }, { picture: after }],
      });
    }
  });
});
