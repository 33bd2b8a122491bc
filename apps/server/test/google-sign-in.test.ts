// Continue with Google against the real Auth emulator: the emulator's Google page ends in
// signInWithIdp, made here with a fake Google id_token. The first sign-in makes one user record, a buyer; the
// next finds the same one; an email that signs in by password and by Google is one account, never two.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInWithGoogle, signUpAccount, uniqueEmail, verifiedAccount } from './support/accounts';
import { call, exchange, startApp, type TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

const recordsOf = (email: string) =>
  app.db.all<{ id: string; role: string; name: string; firebase_uid: string }>(
    'SELECT id, role, name, firebase_uid FROM users WHERE email = ?',
    [email],
  );

/** The ID token of a Google sign-in that the emulator finished with a session. */
async function googleIdToken(email: string, name?: string): Promise<string> {
  const answer = await signInWithGoogle(email, name ? { name } : {});
  expect(answer.needConfirmation).toBeFalsy();
  return answer.idToken!;
}

describe('Continue with Google', () => {
  it('makes one buyer record at the first sign-in, and signs back in to the same one', async () => {
    const email = uniqueEmail('google');
    const first = await signInWithGoogle(email, { name: 'Nadia Google' });
    expect(first.isNewUser).toBe(true);
    const firstAccess = await exchange(app, first.idToken!);
    expect(claimsOf(firstAccess)).toMatchObject({ email, role: 'buyer' });
    expect(await recordsOf(email)).toEqual([
      expect.objectContaining({ role: 'buyer', name: 'Nadia Google', firebase_uid: first.localId }),
    ]);

    const again = await signInWithGoogle(email, { name: 'Nadia Google' });
    expect(again).toMatchObject({ localId: first.localId });
    expect(again.isNewUser).toBeFalsy();
    const againAccess = await exchange(app, again.idToken!);
    expect(claimsOf(againAccess).sub).toBe(claimsOf(firstAccess).sub);
    expect(await recordsOf(email)).toHaveLength(1);
  });

  it('is the same account as a verified password sign-up on that email, and both ways keep working', async () => {
    const email = uniqueEmail('both-ways');
    const account = { email, password: 'both-ways-pw', name: 'Both Ways' };
    const byPassword = await exchange(app, await verifiedAccount(app, account));
    const byGoogle = await exchange(app, await googleIdToken(email, 'Both Ways'));
    expect(claimsOf(byGoogle).sub).toBe(claimsOf(byPassword).sub);
    // the password still signs in to it after Google was linked
    const passwordAgain = await exchange(app, await signIn(email, account.password));
    expect(claimsOf(passwordAgain).sub).toBe(claimsOf(byPassword).sub);
    expect(await recordsOf(email)).toHaveLength(1);
  });

  it('keeps the role a password sign-up chose (a seller stays a seller after Google)', async () => {
    const email = uniqueEmail('seller-google');
    const idToken = await signUpAccount(email, 'seller-google-pw');
    const created = await call(app.server, 'post', '/api/usersall', {
      token: idToken,
      body: { name: 'Sara Seller', role: 'seller' },
    });
    expect(created.status).toBe(201);
    // An unverified password account and Google (which vouches for the email): Firebase keeps one account
    // under the same uid and drops the password nobody proved, so whoever set it cannot get in.
    const google = await signInWithGoogle(email);
    expect(google.localId).toBe(claimsOf(idToken).user_id);
    expect(claimsOf(await exchange(app, google.idToken!))).toMatchObject({ role: 'seller' });
    await expect(signIn(email, 'seller-google-pw')).rejects.toThrow(
      /INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/,
    );
    expect(await recordsOf(email)).toEqual([expect.objectContaining({ role: 'seller' })]);
  });

  it('refuses a second account by password on an email Google signed in', async () => {
    const email = uniqueEmail('google-first');
    await exchange(app, await googleIdToken(email));
    await expect(signUpAccount(email, 'another-pw')).rejects.toThrow(/EMAIL_EXISTS/);
    expect(await recordsOf(email)).toHaveLength(1);
  });

  it('gives no session to a Google account whose email is not verified when another account holds it', async () => {
    const email = uniqueEmail('unverified-google');
    await verifiedAccount(app, { email, password: 'held-pw', name: 'Held' });
    const answer = await signInWithGoogle(email, { emailVerified: false });
    // the SDK turns this into auth/account-exists-with-different-credential
    expect(answer).toMatchObject({ needConfirmation: true });
    expect(answer.idToken).toBeUndefined();
  });
});
