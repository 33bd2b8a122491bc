// The app's access token: HS256, one hour, carrying uid, email and role. The role in it is informative for the
// client; the server reads the caller's current role from the users table on every request.
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@recell/api';

export const ACCESS_TOKEN_SECONDS = 3600;
const ISSUER = 'recell';

export interface AccessClaims {
  sub: string;
  email: string;
  role: Role;
}

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ email: claims.email, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(secret);
}

/** The token's subject (the user's id), or null when the token is not ours, altered or expired. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
