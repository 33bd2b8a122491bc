// Accounts in the run's Firebase Auth emulator, made and signed in as the web app does (its REST API), for
// tests that need an identity; the test server itself is harness.ts's.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Identity } from '../../src/auth/identity';

export function emulatorHost(): string {
  return inject('authEmulatorHost');
}

const identityToolkit = (path: string) =>
  `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${path}?key=any-key-works-on-the-emulator`;

async function postJson<T>(url: string, body: object): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`${url}: ${json.error?.message ?? response.status}`);
  return json;
}

/** A Firebase ID token for an email and password, as the web app's sign-in gets it. */
export async function signIn(email: string, password: string): Promise<string> {
  const { idToken } = await postJson<{ idToken: string }>(identityToolkit('accounts:signInWithPassword'), {
    email,
    password,
    returnSecureToken: true,
  });
  return idToken;
}

/** What the emulator's signInWithIdp answers: a session, or (an unverified email someone else holds) no token. */
export interface IdpSignIn {
  idToken?: string;
  localId: string;
  isNewUser?: boolean;
  needConfirmation?: boolean;
}

/**
 * "Continue with Google" as the emulator's own Google page finishes it: signInWithIdp with a fake id_token in
 * strict JSON (the emulator's documented stand-in for Google's). `sub` is the Google account, stable per email.
 */
export function signInWithGoogle(
  email: string,
  options: { name?: string; emailVerified?: boolean } = {},
): Promise<IdpSignIn> {
  const googleIdToken = JSON.stringify({
    sub: `google-${email}`,
    email,
    email_verified: options.emailVerified ?? true,
    ...(options.name ? { name: options.name } : {}),
  });
  return postJson<IdpSignIn>(identityToolkit('accounts:signInWithIdp'), {
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(googleIdToken)}&providerId=google.com`,
    returnSecureToken: true,
    returnIdpCredential: true,
  });
}

/** "Forgot password": the reset email the web app asks Firebase for (sendPasswordResetEmail). */
export async function sendPasswordReset(email: string): Promise<void> {
  await postJson(identityToolkit('accounts:sendOobCode'), { requestType: 'PASSWORD_RESET', email });
}

/** The newest email link the emulator keeps for this address instead of sending it (its oobCodes endpoint). */
export async function latestEmailLink(email: string, requestType = 'PASSWORD_RESET'): Promise<string> {
  const response = await fetch(`http://${emulatorHost()}/emulator/v1/projects/demo-recell/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  const link = oobCodes.filter((code) => code.email === email && code.requestType === requestType).at(-1);
  if (!link) throw new Error(`no ${requestType} link for ${email}`);
  return link.oobLink;
}

/** A new, unverified account, as the web app's sign-up makes it. */
export async function signUpAccount(email: string, password: string): Promise<string> {
  const { idToken } = await postJson<{ idToken: string }>(identityToolkit('accounts:signUp'), {
    email,
    password,
    returnSecureToken: true,
  });
  return idToken;
}

/** A verified account with this password (the demo accounts npm start creates), safe to call from many files. */
export async function verifiedAccount(
  app: { identity: Pick<Identity, 'ensureAccount'> },
  account: { email: string; password: string; name: string },
) {
  try {
    await app.identity.ensureAccount(account);
  } catch {
    // Another test file created it at the same moment: now it exists.
    await app.identity.ensureAccount(account);
  }
  return signIn(account.email, account.password);
}

export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@recell.test`;
