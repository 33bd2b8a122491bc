// decisions.md "Security semantics", one proof each: identity only from a verified token, fields the server owns
// are refused, ?email= is the caller's own, roles live on the server, admins cannot be deleted, and bad input of
// every operation is a 4xx Error, never a 5xx.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '@recell/api/fixtures';
import { expiredToken, forgedToken } from './support/bad-tokens';
import { book, createListing, listing, verifyPhone } from './support/fixtures';
import { signIn, signUpAccount, uniqueEmail } from './support/accounts';
import { call, contract, exchange, type People, type Persona, startApp, useServer } from './support/harness';

const ctx = useServer();

const count = async (table: string) =>
  (await ctx.app.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? -1;

describe('fields the server owns are refused, and change nothing', () => {
  const owned = {
    _id: 'm-mine',
    email: 'someone@recell.test',
    Verified: true,
    the_time_it_posted: '2020-01-01T00:00:00Z',
  };
  for (const [field, value] of Object.entries(owned)) {
    it(`POST /mobiles with ${field} -> 400`, async () => {
      const before = await count('mobiles');
      const response = await call(ctx.app.server, 'post', '/api/mobiles', {
        token: ctx.people.otherSeller.token,
        body: { ...listing(), [field]: value },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toContainEqual({
        path: `/body/${field}`,
        message: 'must NOT have additional properties',
      });
      expect(await count('mobiles')).toBe(before);
    });
  }

  for (const [field, value] of Object.entries({
    price: 1,
    paid: true,
    email: 'x@recell.test',
    _id: 'b-x',
    MobileName: 'Cheap',
  })) {
    it(`POST /bookings with ${field} -> 400`, async () => {
      const before = await count('bookings');
      const response = await call(ctx.app.server, 'post', '/api/bookings', {
        token: ctx.people.buyer.token,
        body: { mobileId: 'm-apple-iphone-13', [field]: value },
      });
      expect(response.status).toBe(400);
      expect(await count('bookings')).toBe(before);
    });
  }

  it('PATCH /mobile with Verified or email -> 400, the listing unchanged', async () => {
    const id = await createListing(ctx.app.server, ctx.people.seller.token);
    for (const body of [
      { Verified: false },
      { email: 'x@recell.test' },
      { _id: 'other' },
      { buying_price: 1 },
    ]) {
      const response = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
        token: ctx.people.seller.token,
        body,
      });
      expect(response.status).toBe(400);
    }
    const after = await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: ctx.people.seller.token });
    expect(after.body).toMatchObject({
      _id: id,
      email: demoAccounts.seller.email,
      Verified: true,
      buying_price: 999,
    });
  });

  it('POST /payments with price or email -> 400, and the booking stays unpaid', async () => {
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, 'm-apple-iphone-13');
    for (const extra of [{ price: 6.1 }, { email: demoAccounts.buyer.email }, { paid: true }]) {
      const response = await call(ctx.app.server, 'post', '/api/payments', {
        token: ctx.people.buyer.token,
        body: { bookingId, transaction: 'pi_abcdefgh123', ...extra },
      });
      expect(response.status).toBe(400);
    }
    const booking = await call(ctx.app.server, 'get', `/api/bookings/${bookingId}`, {
      token: ctx.people.buyer.token,
    });
    expect(booking.body).toMatchObject({ paid: false, price: 610 });
  });

  it('a booking takes its price, name and picture from the listing, its buyer from the token', async () => {
    const bookingId = await book(ctx.app.server, ctx.people.otherBuyer.token, 'm-samsung-a54');
    const booking = await call(ctx.app.server, 'get', `/api/bookings/${bookingId}`, {
      token: ctx.people.otherBuyer.token,
    });
    expect(booking.body).toMatchObject({
      price: 210,
      MobileName: 'Samsung Galaxy A54',
      picture: '/uploads/seed/m-samsung-a54.svg',
      email: ctx.people.otherBuyer.email,
      buyer: 'Other Buyer',
      paid: false,
    });
  });

  it("a new listing's seller email and Verified come from the seller's record", async () => {
    const id = await createListing(ctx.app.server, ctx.people.otherSeller.token);
    const created = await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: ctx.people.buyer.token });
    expect(created.body).toMatchObject({
      email: 'tanvir@recell.test',
      Verified: false,
      category_name: 'Apple',
    });
  });
});

describe("another user's ?email= is 403 (admins may read any)", () => {
  const cases: [string, (p: People) => Persona, string][] = [
    ['/api/bookings', (p) => p.otherBuyer, demoAccounts.buyer.email],
    ['/api/wishlist', (p) => p.otherBuyer, demoAccounts.buyer.email],
    ['/api/addedbyseller', (p) => p.otherSeller, demoAccounts.seller.email],
    ['/api/mybuyers', (p) => p.otherSeller, demoAccounts.seller.email],
  ];
  for (const [path, caller, email] of cases) {
    it(`${path}?email=<someone else> -> 403, own -> 200`, async () => {
      const persona = caller(ctx.people);
      expect(
        (await call(ctx.app.server, 'get', `${path}?email=${email}`, { token: persona.token })).status,
      ).toBe(403);
      expect(
        (
          await call(ctx.app.server, 'get', `${path}?email=${encodeURIComponent(persona.email)}`, {
            token: persona.token,
          })
        ).status,
      ).toBe(200);
      expect(
        (await call(ctx.app.server, 'get', `${path}?email=${email}`, { token: ctx.people.admin.token }))
          .status,
      ).toBe(200);
    });
  }

  it('GET /jwt?email= of someone else -> 403', async () => {
    const response = await call(ctx.app.server, 'get', `/api/jwt?email=${demoAccounts.admin.email}`, {
      token: ctx.people.buyer.idToken,
    });
    expect(response.status).toBe(403);
  });
});

describe('identity comes only from a verified token', () => {
  it('rejects a forged, unsigned, expired or foreign token with 401', async () => {
    const forged = await forgedToken(demoAccounts.admin, 'admin');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({
        sub: demoAccounts.admin._id,
        email: demoAccounts.admin.email,
        role: 'admin',
        iss: 'recell',
      }),
    ).toString('base64url')}.`;
    const expired = await expiredToken(ctx.app.config.jwtSecret, demoAccounts.admin, 'admin');
    // A Firebase ID token is not an access token, and an access token is not a Firebase ID token.
    for (const token of [forged, unsigned, expired, ctx.people.admin.idToken]) {
      const response = await call(ctx.app.server, 'get', '/api/users', { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Please sign in again' });
    }
    expect((await call(ctx.app.server, 'get', '/api/jwt', { token: ctx.people.admin.token })).status).toBe(
      401,
    );
  });

  it('roles come from the users table, not from the token', async () => {
    // A seller's own token claims role seller; change it to admin and it no longer verifies at all.
    const [header, payload, signature] = (ctx.people.seller.token ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const promoted = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${signature}`;
    expect((await call(ctx.app.server, 'get', '/api/users', { token: promoted })).status).toBe(401);
  });
});

describe('sign-up and roles', () => {
  it('sign-up as admin is refused, and no record is made', async () => {
    const email = uniqueEmail('wannabe');
    const idToken = await signUpAccount(email, 'wannabe-pw');
    const refused = await call(ctx.app.server, 'post', '/api/usersall', {
      token: idToken,
      body: { name: 'Wannabe', role: 'admin' },
    });
    expect(refused.status).toBe(400);
    expect(await ctx.app.db.get('SELECT id FROM users WHERE email = ?', [email])).toBeUndefined();
    const signedUp = await call(ctx.app.server, 'post', '/api/usersall', {
      token: idToken,
      body: { name: 'Wannabe', role: 'seller' },
    });
    expect(signedUp.status).toBe(201);
    expect(signedUp.body).toMatchObject({ email, role: 'seller', verified: false, name: 'Wannabe' });
    const token = await call(ctx.app.server, 'get', '/api/jwt', { token: idToken });
    expect(token.body).toMatchObject({ role: 'seller', expiresIn: 3600 });
  });

  it('the email of a sign-up comes from the ID token, and a second sign-up is 409', async () => {
    const email = uniqueEmail('twice');
    const idToken = await signUpAccount(email, 'twice-pw');
    const body = { name: 'Twice', role: 'buyer' };
    expect((await call(ctx.app.server, 'post', '/api/usersall', { token: idToken, body })).body.email).toBe(
      email,
    );
    const again = await call(ctx.app.server, 'post', '/api/usersall', { token: idToken, body });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This account already exists' });
  });

  it('a first token exchange without a record makes a buyer', async () => {
    const email = uniqueEmail('direct');
    const token = await exchange(ctx.app, await signUpAccount(email, 'direct-pw'));
    const mine = await call(ctx.app.server, 'get', `/api/users/admin/${email}`, { token });
    expect(mine.body).toEqual({ isAdmin: false });
    expect(await ctx.app.db.get('SELECT role FROM users WHERE email = ?', [email])).toEqual({
      role: 'buyer',
    });
  });

  it('a record made before sign-in (seed, configured admin) is claimed only by a verified email', async () => {
    const email = uniqueEmail('preseeded');
    await ctx.app.db.run(
      "INSERT INTO users (id, email, name, role, verified, created_at) VALUES ('u-preseeded', ?, 'Pre', 'seller', 0, ?)",
      [email, new Date().toISOString()],
    );
    const unverified = await signUpAccount(email, 'takeover-pw');
    const response = await call(ctx.app.server, 'get', '/api/jwt', { token: unverified });
    expect(response.status).toBe(403);
  });

  it('admins come from ADMIN_EMAILS (verified addresses only)', async () => {
    const adminEmail = uniqueEmail('configured-admin');
    const unverifiedEmail = uniqueEmail('unverified-admin');
    const configured = await startApp({ ADMIN_EMAILS: `${adminEmail}, ${unverifiedEmail}` });
    try {
      await configured.identity.ensureAccount({
        email: adminEmail,
        password: 'admin-pw',
        name: 'Configured',
      });
      const verified = await call(configured.server, 'get', '/api/jwt', {
        token: await signIn(adminEmail, 'admin-pw'),
      });
      expect(verified.body.role).toBe('admin');
      const unverified = await call(configured.server, 'get', '/api/jwt', {
        token: await signUpAccount(unverifiedEmail, 'not-verified'),
      });
      expect(unverified.body.role).toBe('buyer');
    } finally {
      await configured.close();
    }
  });
});

describe('admin rules', () => {
  it('an admin cannot be deleted', async () => {
    const response = await call(ctx.app.server, 'delete', `/api/users/${demoAccounts.admin._id}`, {
      token: ctx.people.admin.token,
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'An admin cannot be deleted' });
  });

  it('deleting a user removes their identity account and listings, cancels their unpaid bookings, and is audited', async () => {
    const email = uniqueEmail('leaving-seller');
    const idToken = await signUpAccount(email, 'leaving-pw');
    const created = await call(ctx.app.server, 'post', '/api/usersall', {
      token: idToken,
      body: { name: 'Leaving', role: 'seller' },
    });
    const sellerToken = await exchange(ctx.app, idToken);
    await verifyPhone(ctx.app.server, { idToken, token: sellerToken });
    const listingId = await createListing(ctx.app.server, sellerToken);
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, listingId);
    const buyerEmail = uniqueEmail('leaving-buyer');
    const buyerIdToken = await signUpAccount(buyerEmail, 'leaving-pw');
    const buyerToken = await exchange(ctx.app, buyerIdToken);
    const ownBooking = await book(ctx.app.server, buyerToken, 'm-samsung-a54');
    const buyerRecord = await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [
      buyerEmail,
    ]);

    for (const id of [(created.body as { _id: string })._id, buyerRecord?.id]) {
      const deleted = await call(ctx.app.server, 'delete', `/api/users/${id}`, {
        token: ctx.people.admin.token,
      });
      expect(deleted.body).toEqual({ deletedCount: 1 });
    }
    expect(
      (await call(ctx.app.server, 'get', `/api/mobile/${listingId}`, { token: ctx.people.buyer.token }))
        .status,
    ).toBe(404);
    // The other buyer's booking of the removed listing is kept, cancelled, and cannot be paid.
    const kept = await call(ctx.app.server, 'get', `/api/bookings/${bookingId}`, {
      token: ctx.people.buyer.token,
    });
    expect(kept.body).toMatchObject({ _id: bookingId, paid: false, cancelled: true });
    const intent = await call(ctx.app.server, 'post', '/api/create-payment-intent', {
      token: ctx.people.buyer.token,
      body: { bookingId },
    });
    expect(intent.status).toBe(409);
    expect(intent.body).toEqual({
      message: 'This booking was cancelled: the phone is no longer listed',
      code: 'cancelled',
    });
    // The deleted buyer's own unpaid booking goes with them.
    expect(
      (await call(ctx.app.server, 'get', `/api/bookings/${ownBooking}`, { token: ctx.people.admin.token }))
        .status,
    ).toBe(404);
    // Their access token stops working at once, and their identity account is gone.
    expect(
      (await call(ctx.app.server, 'get', `/api/addedbyseller?email=${email}`, { token: sellerToken })).status,
    ).toBe(401);
    await expect(signIn(email, 'leaving-pw')).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
    const audit = await call(ctx.app.server, 'get', '/api/audit-log', { token: ctx.people.admin.token });
    expect(audit.body.items).toContainEqual(
      // the deleted user is still named in the log
      expect.objectContaining({
        action: 'user.delete',
        actorEmail: demoAccounts.admin.email,
        targetName: 'Leaving',
      }),
    );
  });
});

describe('bad input is a 4xx Error, never a 5xx', () => {
  const isError = (body: unknown) => {
    expect(body).toEqual(expect.objectContaining({ message: expect.any(String) }));
    expect(Object.keys(body as object).every((key) => ['message', 'code', 'errors'].includes(key))).toBe(
      true,
    );
  };
  const tokenFor = (schemes: string[]) =>
    schemes.includes('firebaseIdToken') ? ctx.people.admin.idToken : ctx.people.admin.token;

  for (const operation of contract.operations) {
    const path = `/api${operation.path.replace(/\{[^}]+\}/g, 'x')}`;
    it(`${operation.operationId}: malformed id, query and body`, async () => {
      const token = tokenFor(operation.schemes);
      const attempts: { label: string; test: request.Test }[] = [];
      const target = request(ctx.app.server);
      const send = (url: string) =>
        target[operation.method](url)
          .set('authorization', `Bearer ${token}`)
          .set('stripe-signature', 't=1,v1=x');
      const add = (label: string, test: request.Test) => attempts.push({ label, test });
      if (operation.path.includes('{')) {
        add('malformed id', send(`/api${operation.path.replace(/\{[^}]+\}/g, 'bad%20id!%27%22')}`));
        add('long id', send(`/api${operation.path.replace(/\{[^}]+\}/g, 'x'.repeat(300))}`));
        add('broken escape', send(`/api${operation.path.replace(/\{[^}]+\}/g, '%E0%A4%A')}`));
      }
      add('malformed query', send(`${path}?page=-1&pageSize=abc&unknown=1`));
      if (operation.method !== 'get' && operation.method !== 'delete') {
        add('not JSON', send(path).set('content-type', 'application/json').send('{"not json'));
        add('an array', send(path).send([1, 2, 3]));
        add('wrong fields', send(path).send({ mobileId: 42, bookingId: {}, unexpected: 'x' }));
        add(
          'too large',
          send(path)
            .set('content-type', 'application/json')
            .send(JSON.stringify({ a: 'x'.repeat(200_000) })),
        );
      }
      for (const { label, test } of attempts) {
        const response = await test;
        const what = `${label}: ${response.status} ${JSON.stringify(response.body)}`;
        expect(response.status, what).toBeGreaterThanOrEqual(400);
        expect(response.status, what).toBeLessThan(500);
        isError(response.body);
        // ... and a status and body the contract lists for this operation.
        expect(contract.validateResponse(operation, response.status, response.body), what).toEqual([]);
        expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+|node_modules/);
      }
    });
  }
});
