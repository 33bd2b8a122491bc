// Tokens in the mocks are unsigned JWTs: the mocks read who is calling from the payload and trust it.
// (The Firebase Auth emulator's ID tokens are unsigned JWTs too, so the mocked token exchange reads them alike.)
import type { components } from '../generated/schema';

type User = components['schemas']['User'];

interface Claims {
  sub: string;
  email: string;
  role?: User['role'];
  name?: string;
  /** The sign-in passed a second step (the server's access token says so; absent: the token does not say). */
  second_factor?: boolean;
  /** A phone number the identity confirmed by SMS code (a Firebase ID token's `phone_number`). */
  phone_number?: string;
  /** How the sign-in was made (`firebase.sign_in_provider` of a Firebase ID token). */
  firebase?: { sign_in_provider?: string };
}

const encode = (value: object) =>
  btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

export function unsignedToken(claims: Claims): string {
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

/** An access token the mocks accept for this user. */
export function mockAccessToken(user: Pick<User, '_id' | 'email' | 'role'>, secondFactor?: boolean): string {
  return unsignedToken({
    sub: user._id,
    email: user.email,
    role: user.role,
    ...(secondFactor === undefined ? {} : { second_factor: secondFactor }),
  });
}

/** A stand-in for a Firebase ID token, for the mocked token exchange and sign-up. */
export function mockIdToken(user: {
  email: string;
  name?: string;
  secondFactor?: boolean;
  /** A phone confirmed by SMS code: the token of that phone sign-in (the verified seller phone). */
  phoneNumber?: string;
}): string {
  return unsignedToken({
    sub: `firebase-${user.email}`,
    email: user.email,
    ...(user.name ? { name: user.name } : {}),
    ...(user.secondFactor === undefined ? {} : { second_factor: user.secondFactor }),
    ...(user.phoneNumber ? { phone_number: user.phoneNumber, firebase: { sign_in_provider: 'phone' } } : {}),
  });
}

export function readClaims(authorization: string | null): Claims | null {
  const token = authorization?.match(/^Bearer (.+)$/i)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as Partial<Claims>;
    return typeof claims.email === 'string' && typeof claims.sub === 'string' ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

/**
 * The code the mocked identity "texts" for a second step or an enrolment, and that the mocked demo route
 * (getDemoSignInCode) shows, as the Auth emulator's codes are shown in demo mode.
 */
export const MOCK_PHONE_CODE = '123456';
