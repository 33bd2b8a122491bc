// The app's access token: HS256, one hour, carrying uid, email and role, and how the person signed in (whether
// with a second step, and when: the Firebase ID token's claims at the exchange). The role in it is informative
// for the client; the server reads the caller's current role from the users table on every request.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Role } from '@recell/api';

export const ACCESS_TOKEN_SECONDS = 3600;
const ISSUER = 'recell';

export interface AccessClaims {
  sub: string;
  email: string;
  role: Role;
  /** The sign-in passed a second step (admins need one). */
  secondFactor?: boolean;
  /** When the person signed in (seconds since 1970), for step-up operations; unknown is the token's own time. */
  authTime?: number;
}

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({
    email: claims.email,
    role: claims.role,
    second_factor: claims.secondFactor === true,
    auth_time: claims.authTime ?? Math.floor(Date.now() / 1000),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(secret);
}

// One KeyObject per secret, not one per request.
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyFor(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** How many verified tokens a process remembers; past it the oldest is forgotten (and verified again if seen). */
export const VERIFIED_TOKENS_CAP = 10_000;

interface Verified {
  sub: string;
  exp: number;
  secondFactor: boolean;
  authTime: number;
}

// What a token proves is fixed by its text and our secret: the subject, and until when. So a token verified once
// is not verified again for the rest of its life, only its expiry is checked; who the subject is now (deleted,
// its current role) is still read from the users table on every request, so revocation and role changes hold.
// Only tokens that verified are kept (a forged token costs an HMAC every time, as before), and at most
// VERIFIED_TOKENS_CAP of them per secret.
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, Verified>>();

function remember(secret: Uint8Array, token: string, verified: Verified): void {
  let verifiedTokens = verifiedBySecret.get(secret);
  if (!verifiedTokens) {
    verifiedTokens = new Map();
    verifiedBySecret.set(secret, verifiedTokens);
  }
  if (verifiedTokens.size >= VERIFIED_TOKENS_CAP) {
    // A Map iterates in insertion order: the first key is the oldest.
    const oldest = verifiedTokens.keys().next().value;
    if (oldest !== undefined) verifiedTokens.delete(oldest);
  }
  verifiedTokens.set(token, verified);
}

/** How many verified tokens this process remembers for `secret` (for the tests of the bound). */
export function rememberedTokens(secret: Uint8Array): number {
  return verifiedBySecret.get(secret)?.size ?? 0;
}

/**
 * The token's subject (the user's id), when it expires (seconds since 1970) and how its sign-in was made, or null when the token is not ours, altered or expired. Verified with
 * node:crypto's synchronous HMAC rather than jose's WebCrypto path, which takes a thread-pool round trip on
 * every request; only the exact header this server signs is accepted (no `alg` negotiation).
 */
export function verifyAccessToken(secret: Uint8Array, token: string): Verified | null {
  const now = Math.floor(Date.now() / 1000);
  const known = verifiedBySecret.get(secret)?.get(token);
  if (known) {
    if (known.exp > now) return known;
    verifiedBySecret.get(secret)?.delete(token);
    return null;
  }
  const [header, payload, signature, extra] = token.split('.');
  if (header !== HEADER || !payload || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', keyFor(secret)).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (claims.iss !== ISSUER || typeof claims.exp !== 'number' || claims.exp <= now) return null;
    if (typeof claims.sub !== 'string') return null;
    const verified = {
      sub: claims.sub,
      exp: claims.exp,
      // A token signed before these claims existed had no second step and is as old as it says.
      secondFactor: claims.second_factor === true,
      authTime: typeof claims.auth_time === 'number' ? claims.auth_time : Number(claims.iat ?? 0),
    };
    remember(secret, token, verified);
    return verified;
  } catch {
    return null;
  }
}
