// Verified seller phones against the real Auth emulator: a seller has Firebase text a code, links the
// confirmed number to their account (the emulator keeps the code at its verificationCodes endpoint), and sends
// the ID token of that confirmation; the server reads the number from its phone_number claim. Listings show
// only a verified number, with the "Phone verified" mark; a seller without one may not add or edit a listing.
import { describe, expect, it } from 'vitest';
import { PHONE_CONFIRMATION_SECONDS, phoneRefusals } from '@recell/api';
import { demoAccounts, demoSellerPhones } from '@recell/api/fixtures';
import {
  confirmedPhone,
  freshPhoneNumber,
  linkPhone,
  sendPhoneCode,
  sentCode,
  signUpAccount,
  uniqueEmail,
} from './support/accounts';
import { createListing, listing } from './support/fixtures';
import { call, exchange, useServer } from './support/harness';

const ctx = useServer();

/** A seller signed up just now: no verified number yet. */
async function newSeller(label: string) {
  const email = uniqueEmail(label);
  const idToken = await signUpAccount(email, `${email}-pw`);
  const created = await call(ctx.app.server, 'post', '/api/usersall', {
    token: idToken,
    body: { name: 'New Seller', role: 'seller' },
  });
  expect(created.status).toBe(201);
  return { email, idToken, token: await exchange(ctx.app, idToken) };
}

const put = (token: string | null, body: unknown) =>
  call(ctx.app.server, 'put', '/api/me/phone', { token, body });
const refusal = (response: { status: number; body: unknown }) => ({
  status: response.status,
  body: response.body,
});
const expected = ({ status, message, code }: { status: number; message: string; code?: string }) => ({
  status,
  body: code ? { message, code } : { message },
});

describe('verifying a seller phone', () => {
  it('a new seller is asked to verify before listing; a right code verifies the number, and then they may', async () => {
    const seller = await newSeller('verify');
    expect((await call(ctx.app.server, 'get', '/api/me/phone', { token: seller.token })).body).toEqual({
      phoneVerified: false,
    });
    const refused = await call(ctx.app.server, 'post', '/api/mobiles', {
      token: seller.token,
      body: listing(),
    });
    expect(refusal(refused)).toEqual(expected(phoneRefusals.verificationRequired));

    const phoneNumber = freshPhoneNumber();
    const idToken = await confirmedPhone(seller.idToken, phoneNumber);
    const verified = await put(seller.token, { phoneNumber, idToken });
    expect(refusal(verified)).toEqual({ status: 200, body: { phoneNumber, phoneVerified: true } });
    // The session the confirmation leaves (a phone sign-in now) is still this person's: the web exchanges it.
    expect(await exchange(ctx.app, idToken)).toEqual(expect.any(String));
    expect((await call(ctx.app.server, 'get', '/api/me/phone', { token: seller.token })).body).toEqual({
      phoneNumber,
      phoneVerified: true,
    });

    const id = await createListing(ctx.app.server, seller.token, { number_of_seller: '+880 1999 999999' });
    const own = await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: seller.token });
    // The listing shows the verified number, never one typed into the listing.
    expect(own.body).toMatchObject({ number_of_seller: phoneNumber, sellerPhoneVerified: true });
    const visitor = await call(ctx.app.server, 'get', `/api/mobile/${id}`);
    expect(visitor.body).toMatchObject({ sellerPhoneVerified: true });
    expect(visitor.body).not.toHaveProperty('number_of_seller');
    const sellerId = (own.body as { sellerId: string }).sellerId;
    const profile = await call(ctx.app.server, 'get', `/api/sellers/${sellerId}/profile`);
    expect(profile.body).toMatchObject({ phoneVerified: true });
  });

  it('a wrong code links nothing, and the sign-in it leaves is not a confirmation', async () => {
    const seller = await newSeller('wrong-code');
    const phoneNumber = freshPhoneNumber();
    const sessionInfo = await sendPhoneCode(phoneNumber);
    const right = await sentCode(sessionInfo);
    const wrong = right === '123456' ? '654321' : '123456';
    await expect(linkPhone(seller.idToken, sessionInfo, wrong)).rejects.toThrow(/INVALID_CODE/);
    // The browser's word alone (its password sign-in, the number it typed) verifies nothing.
    expect(refusal(await put(seller.token, { phoneNumber, idToken: seller.idToken }))).toEqual(
      expected(phoneRefusals.notConfirmed),
    );
    expect(refusal(await put(seller.token, { phoneNumber, idToken: `${seller.idToken}x` }))).toEqual(
      expected(phoneRefusals.notConfirmed),
    );
    expect((await call(ctx.app.server, 'get', '/api/me/phone', { token: seller.token })).body).toEqual({
      phoneVerified: false,
    });
  });

  it('a confirmation of another number, or of another account, is refused', async () => {
    const seller = await newSeller('mismatch');
    const phoneNumber = freshPhoneNumber();
    const idToken = await confirmedPhone(seller.idToken, phoneNumber);
    expect(refusal(await put(seller.token, { phoneNumber: freshPhoneNumber(), idToken }))).toEqual(
      expected(phoneRefusals.mismatch),
    );
    const other = await newSeller('not-mine');
    const theirs = await put(other.token, { phoneNumber, idToken });
    expect(theirs.status).toBe(403);
    expect((await call(ctx.app.server, 'get', '/api/me/phone', { token: other.token })).body).toEqual({
      phoneVerified: false,
    });
  });

  it('a number verified by another account is refused with a clear sentence (409)', async () => {
    // The demo seller's number is verified in ReCell (the seed); this account confirms it in Firebase.
    const taken = demoSellerPhones[demoAccounts.seller._id]!;
    const seller = await newSeller('taken');
    const idToken = await confirmedPhone(seller.idToken, taken);
    expect(refusal(await put(seller.token, { phoneNumber: taken, idToken }))).toEqual(
      expected(phoneRefusals.taken),
    );
    expect(await ctx.app.db.get('SELECT COUNT(*) AS n FROM users WHERE phone_e164 = ?', [taken])).toEqual({
      n: 1,
    });
  });

  it('an existing seller keeps their listing but may edit it only after verifying; a new number needs a new code', async () => {
    const seller = await newSeller('existing');
    const first = freshPhoneNumber();
    expect(
      (await put(seller.token, { phoneNumber: first, idToken: await confirmedPhone(seller.idToken, first) }))
        .status,
    ).toBe(200);
    const id = await createListing(ctx.app.server, seller.token);
    // As a seller from before numbers were verified (migration 026 verifies nobody).
    await ctx.app.db.run('UPDATE users SET phone_e164 = NULL, phone_verified_at = NULL WHERE email = ?', [
      seller.email,
    ]);
    const edit = () =>
      call(ctx.app.server, 'patch', `/api/mobile/${id}`, { token: seller.token, body: { stock: 2 } });
    expect(refusal(await edit())).toEqual(expected(phoneRefusals.verificationRequired));
    const kept = await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: seller.token });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ sellerPhoneVerified: false, stock: 5 });
    expect(kept.body).not.toHaveProperty('number_of_seller');

    // Changing the number: Firebase confirms the new one with a new code (updatePhoneNumber).
    const second = freshPhoneNumber();
    const idToken = await confirmedPhone(seller.idToken, second);
    expect((await put(seller.token, { phoneNumber: second, idToken })).body).toEqual({
      phoneNumber: second,
      phoneVerified: true,
    });
    expect((await edit()).status).toBe(200);
    const shown = await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: seller.token });
    expect(shown.body).toMatchObject({ number_of_seller: second, sellerPhoneVerified: true, stock: 2 });
  });
});

describe('who may verify a phone, and with what', () => {
  it('sellers only: a visitor 401, a buyer and an admin 403', async () => {
    const body = { phoneNumber: freshPhoneNumber(), idToken: ctx.people.buyer.idToken };
    expect((await call(ctx.app.server, 'get', '/api/me/phone')).status).toBe(401);
    expect((await put(null, body)).status).toBe(401);
    for (const who of [ctx.people.buyer, ctx.people.admin]) {
      expect((await call(ctx.app.server, 'get', '/api/me/phone', { token: who.token })).status).toBe(403);
      expect((await put(who.token, body)).status).toBe(403);
    }
  });

  it('the demo sellers start verified', async () => {
    for (const who of [ctx.people.seller, ctx.people.otherSeller]) {
      const phone = await call(ctx.app.server, 'get', '/api/me/phone', { token: who.token });
      expect(phone.body).toMatchObject({ phoneVerified: true });
    }
  });

  it('answers 400 for odd numbers, a missing or huge token and extra fields', async () => {
    const { seller } = ctx.people;
    const idToken = seller.idToken;
    for (const body of [
      { phoneNumber: '+1', idToken },
      { phoneNumber: `+${'9'.repeat(40)}`, idToken },
      { phoneNumber: '+8801711 000000', idToken },
      { phoneNumber: '8801711000000', idToken },
      { phoneNumber: '+0123456789', idToken },
      { phoneNumber: -8801711000000, idToken },
      { phoneNumber: '+999123456', idToken },
      { phoneNumber: '+8801711000000' },
      { phoneNumber: '+8801711000000', idToken: 'x'.repeat(9000) },
      { phoneNumber: '+8801711000000', idToken, phoneVerified: true },
      { phoneNumber: '+8801711000000', idToken, userId: ctx.people.otherSeller.email },
      {},
    ]) {
      const response = await put(seller.token, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(response.body).toHaveProperty('message');
    }
    // Nothing changed.
    expect((await call(ctx.app.server, 'get', '/api/me/phone', { token: seller.token })).body).toEqual({
      phoneNumber: demoSellerPhones[demoAccounts.seller._id],
      phoneVerified: true,
    });
  });
});

// Last: these move the sign-in clock forward, which ages every confirmation and sign-in of this file.
describe('old confirmations and old sign-ins', () => {
  it('an expired code is refused: a used code by the emulator, an old confirmation by the server', async () => {
    const seller = await newSeller('expired');
    const phoneNumber = freshPhoneNumber();
    const sessionInfo = await sendPhoneCode(phoneNumber);
    const code = await sentCode(sessionInfo);
    const idToken = await linkPhone(seller.idToken, sessionInfo, code);
    // A code works once: the emulator forgets its session (a real project also ends it after a few minutes).
    await expect(linkPhone(seller.idToken, sessionInfo, code)).rejects.toThrow(/INVALID_SESSION_INFO/);

    // Still within the step-up window of the tests (an hour), past the confirmation's.
    ctx.app.services.signInClock.advance((PHONE_CONFIRMATION_SECONDS + 1) * 1000);
    expect(refusal(await put(seller.token, { phoneNumber, idToken }))).toEqual(
      expected(phoneRefusals.expired),
    );
    expect((await call(ctx.app.server, 'get', '/api/me/phone', { token: seller.token })).body).toEqual({
      phoneVerified: false,
    });
  });

  it('a sign-in older than the window is refused (403, recent_sign_in_required); listing goes on', async () => {
    const seller = await newSeller('step-up');
    const phoneNumber = freshPhoneNumber();
    const idToken = await confirmedPhone(seller.idToken, phoneNumber);
    ctx.app.services.signInClock.advance((ctx.app.config.recentSignInSeconds + 1) * 1000);
    const stale = await put(seller.token, { phoneNumber, idToken });
    expect(refusal(stale)).toEqual({
      status: 403,
      body: {
        message: 'Please sign in again to confirm it is you before this change',
        code: 'recent_sign_in_required',
      },
    });
    expect((await call(ctx.app.server, 'get', '/api/me/phone', { token: seller.token })).body).toEqual({
      phoneVerified: false,
    });
    await createListing(ctx.app.server, ctx.people.seller.token);
  });
});
