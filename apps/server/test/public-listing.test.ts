// Issue 16: a listing's page is public. A visitor sees the phone, its price, condition and the seller's name and
// badge, never the seller's phone number or email; a token that is sent must still be valid (optional identity
// is not a way around the 401).
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { demoAccounts, demoSellerPhones } from '@recell/api/fixtures';
import { expiredToken, forgedToken } from './support/bad-tokens';
import { createListing } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();
// The seller's verified number: the only one a listing shows.
const PHONE = demoSellerPhones[demoAccounts.seller._id]!;

describe('GET /mobile/{id} for a visitor', () => {
  it("answers the listing without the seller's phone number or email, anywhere in the body", async () => {
    const id = await createListing(ctx.app.server, ctx.people.seller.token);
    const response = await call(ctx.app.server, 'get', `/api/mobile/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: id,
      title: 'Apple iPhone 15',
      resale_price: 700,
      condition: 'Excellent',
      Seller_name: 'Rahim Uddin',
      Verified: expect.any(Boolean),
    });
    expect(response.body).not.toHaveProperty('number_of_seller');
    expect(response.body).not.toHaveProperty('email');
    expect(response.text).not.toContain(PHONE);
    expect(response.text.toLowerCase()).not.toContain(demoAccounts.seller.email.toLowerCase());
  });

  it("names the seller's id, whose public profile is the same seller (the page links to it)", async () => {
    const id = await createListing(ctx.app.server, ctx.people.seller.token);
    const listing = await call(ctx.app.server, 'get', `/api/mobile/${id}`);
    expect(listing.body.sellerId).toEqual(expect.any(String));
    const profile = await call(ctx.app.server, 'get', `/api/sellers/${listing.body.sellerId}/profile`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ _id: listing.body.sellerId, name: 'Rahim Uddin' });
    // a signed-in caller's copy says the same id
    const signedIn = await call(ctx.app.server, 'get', `/api/mobile/${id}`, {
      token: ctx.people.buyer.token,
    });
    expect(signedIn.body.sellerId).toBe(listing.body.sellerId);
  });

  it("gives a signed-in caller the seller's email, and the number only to its seller and an admin", async () => {
    const id = await createListing(ctx.app.server, ctx.people.seller.token);
    for (const who of [ctx.people.seller, ctx.people.admin]) {
      const response = await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: who.token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ number_of_seller: PHONE, email: demoAccounts.seller.email });
    }
    // a buyer reads it once their card is held for the phone (matrix-seller-number.test.ts)
    for (const who of [ctx.people.buyer, ctx.people.otherSeller]) {
      const response = await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: who.token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ email: demoAccounts.seller.email });
      expect(response.body).not.toHaveProperty('number_of_seller');
    }
  });

  it('answers a missing listing 404 and a malformed id 400, in the Error shape', async () => {
    const missing = await call(ctx.app.server, 'get', '/api/mobile/m-not-there');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Not found' });
    const malformed = await call(ctx.app.server, 'get', `/api/mobile/${'x'.repeat(65)}`);
    expect(malformed.status).toBe(400);
  });
});

describe('a token sent to GET /mobile/{id} is checked like anywhere else', () => {
  it('answers 401 (not the visitor view) to a forged, expired, ID or malformed token', async () => {
    const forged = await forgedToken(demoAccounts.buyer, 'buyer');
    const expired = await expiredToken(ctx.app.config.jwtSecret, demoAccounts.buyer, 'buyer');
    for (const token of [forged, expired, ctx.people.buyer.idToken]) {
      const response = await call(ctx.app.server, 'get', '/api/mobile/m-apple-iphone-13', { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Please sign in again' });
    }
    for (const header of ['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer-ish nonsense', '']) {
      const response = await request(ctx.app.server)
        .get('/api/mobile/m-apple-iphone-13')
        .set('authorization', header);
      expect(response.status, `authorization: "${header}"`).toBe(401);
      expect(response.body).toEqual({ message: 'Please sign in again' });
    }
  });

  it('stays closed where a token is required: a visitor still gets 401 from the category list', async () => {
    const response = await call(ctx.app.server, 'get', '/api/mobiles/03');
    expect(response.status).toBe(401);
  });
});
