// Forgot password against the real Auth emulator: the reset email the web app asks for, its
// link read where the emulator keeps it (the oobCodes endpoint the demo points to), followed with a new password:
// the new one signs in to the same user record, the old one no longer does, and a used link does not work twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEmailLink, sendPasswordReset, signIn, uniqueEmail, verifiedAccount } from './support/accounts';
import { exchange, startApp, type TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const subjectOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

describe('password reset through the emulator', () => {
  it("resets by the email's link: the new password signs in to the same record, the old one fails", async () => {
    const email = uniqueEmail('forgot');
    const before = subjectOf(
      await exchange(app, await verifiedAccount(app, { email, password: 'old-pass', name: 'Forgetful' })),
    );

    await sendPasswordReset(email);
    const link = await latestEmailLink(email);
    expect(new URL(link).searchParams.get('mode')).toBe('resetPassword');
    const reset = await fetch(`${link}&newPassword=new-pass-1`);
    expect(reset.status).toBe(200);

    await expect(signIn(email, 'old-pass')).rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);
    expect(subjectOf(await exchange(app, await signIn(email, 'new-pass-1')))).toBe(before);
    expect(await app.db.all('SELECT id FROM users WHERE email = ?', [email])).toHaveLength(1);

    // the link is spent
    expect((await fetch(`${link}&newPassword=new-pass-2`)).status).toBe(400);
    await expect(signIn(email, 'new-pass-2')).rejects.toThrow();
  });
});
