// Access tokens the server must refuse, for tests that prove a 401: one signed with another secret, and one of
// ours that has expired.
import { SignJWT } from 'jose';

interface Account {
  _id: string;
  email: string;
}

const claimsOf = (account: Account, role: string) =>
  new SignJWT({ email: account.email, role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(account._id)
    .setIssuer('recell');

export const forgedToken = (account: Account, role: string) =>
  claimsOf(account, role)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));

export const expiredToken = (secret: Uint8Array, account: Account, role: string) =>
  claimsOf(account, role)
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
    .sign(secret);
