// Accounts in the run's Firebase Auth emulator, made and signed in as the web app does (its REST API), for
// tests that need an identity; the test server itself is harness.ts's.
import { randomBytes, randomInt } from 'node:crypto';
import { inject } from 'vitest';
import type { Identity } from '../../src/auth/identity';

export function emulatorHost(): string {
  return inject('authEmulatorHost');
}

// `host`: the run's shared emulator unless a test started its own (restart.test.ts).
const identityToolkit = (path: string, host = emulatorHost()) =>
  `http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=any-key-works-on-the-emulator`;

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

const identityToolkitV2 = (path: string, host = emulatorHost()) =>
  `http://${host}/identitytoolkit.googleapis.com/v2/${path}?key=any-key-works-on-the-emulator`;

/** The first step's answer: a session, or (a second step enrolled) what the second step needs. */
export interface PasswordSignIn {
  idToken?: string;
  mfaPendingCredential?: string;
  mfaInfo?: { mfaEnrollmentId: string; phoneInfo?: string }[];
}

/** Email and password only, as the firebase SDK sends them (signInWithPassword). */
export function firstStep(email: string, password: string, host = emulatorHost()): Promise<PasswordSignIn> {
  return postJson<PasswordSignIn>(identityToolkit('accounts:signInWithPassword', host), {
    email,
    password,
    returnSecureToken: true,
  });
}

/** The code the emulator "sent" for a verification session (its verificationCodes endpoint, in place of an SMS). */
export async function sentCode(sessionInfo: string, host = emulatorHost()): Promise<string> {
  const response = await fetch(`http://${host}/emulator/v1/projects/demo-recell/verificationCodes`);
  const { verificationCodes } = (await response.json()) as {
    verificationCodes: { sessionInfo: string; code: string }[];
  };
  const sent = verificationCodes.find((code) => code.sessionInfo === sessionInfo);
  if (!sent) throw new Error('the emulator sent no code for this session');
  return sent.code;
}

/** Texts a code to the account's enrolled phone (mfaSignIn:start); the session the code answers. */
export async function startSecondStep(signIn: PasswordSignIn, host = emulatorHost()): Promise<string> {
  const factor = signIn.mfaInfo?.[0];
  if (!signIn.mfaPendingCredential || !factor) throw new Error('this sign-in has no second step');
  const { phoneResponseInfo } = await postJson<{ phoneResponseInfo: { sessionInfo: string } }>(
    identityToolkitV2('accounts/mfaSignIn:start', host),
    { mfaPendingCredential: signIn.mfaPendingCredential, mfaEnrollmentId: factor.mfaEnrollmentId },
  );
  return phoneResponseInfo.sessionInfo;
}

/** The second step with this code (mfaSignIn:finalize): an ID token whose sign-in passed it. */
export async function finishSecondStep(
  signIn: PasswordSignIn,
  sessionInfo: string,
  code: string,
  host = emulatorHost(),
): Promise<string> {
  const { idToken } = await postJson<{ idToken: string }>(
    identityToolkitV2('accounts/mfaSignIn:finalize', host),
    {
      mfaPendingCredential: signIn.mfaPendingCredential,
      phoneVerificationInfo: { sessionInfo, code },
    },
  );
  return idToken;
}

/**
 * A Firebase ID token for an email and password, as the web app's sign-in gets it: with the second step, the
 * code the emulator sent, when the account has one enrolled.
 */
export async function signIn(email: string, password: string, host = emulatorHost()): Promise<string> {
  const first = await firstStep(email, password, host);
  if (first.idToken) return first.idToken;
  const sessionInfo = await startSecondStep(first, host);
  return finishSecondStep(first, sessionInfo, await sentCode(sessionInfo, host), host);
}

/** Turns on the second step for the signed-in account: texts `phoneNumber` a code (mfaEnrollment:start). */
export async function startEnrolment(idToken: string, phoneNumber: string): Promise<string> {
  const { phoneSessionInfo } = await postJson<{ phoneSessionInfo: { sessionInfo: string } }>(
    identityToolkitV2('accounts/mfaEnrollment:start'),
    { idToken, phoneEnrollmentInfo: { phoneNumber } },
  );
  return phoneSessionInfo.sessionInfo;
}

/** Finishes the enrolment with the code (mfaEnrollment:finalize). */
export function finishEnrolment(idToken: string, sessionInfo: string, code: string) {
  return postJson<{ idToken: string }>(identityToolkitV2('accounts/mfaEnrollment:finalize'), {
    idToken,
    phoneVerificationInfo: { sessionInfo, code },
    displayName: 'Phone',
  });
}

/** The account's phone second step, enrolled unless it already is (many files may ask at once). */
export async function enrolPhone(email: string, password: string, phoneNumber: string): Promise<void> {
  const first = await firstStep(email, password);
  if (!first.idToken) return;
  try {
    const sessionInfo = await startEnrolment(first.idToken, phoneNumber);
    await finishEnrolment(first.idToken, sessionInfo, await sentCode(sessionInfo));
  } catch (error) {
    // Another file enrolled this phone between our first step and now (at the start or at the finish).
    if (!String(error).includes('SECOND_FACTOR_EXISTS')) throw error;
  }
}

/** The claims of a Firebase ID token, read without checking (the emulator's are unsigned). */
export function idTokenClaims(
  idToken: string,
): Record<string, unknown> & { firebase: Record<string, unknown> } {
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as never;
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

/** Texts a code to `phoneNumber` as the firebase SDK's PhoneAuthProvider does (sendVerificationCode). */
export async function sendPhoneCode(phoneNumber: string): Promise<string> {
  const { sessionInfo } = await postJson<{ sessionInfo: string }>(
    identityToolkit('accounts:sendVerificationCode'),
    { phoneNumber },
  );
  return sessionInfo;
}

/**
 * Links the number the code confirmed to the signed-in account (linkWithPhoneNumber / updatePhoneNumber:
 * signInWithPhoneNumber with the account's ID token); the new ID token carries it as `phone_number`.
 */
export async function linkPhone(idToken: string, sessionInfo: string, code: string): Promise<string> {
  const linked = await postJson<{ idToken?: string }>(identityToolkit('accounts:signInWithPhoneNumber'), {
    idToken,
    sessionInfo,
    code,
  });
  if (!linked.idToken) throw new Error('PHONE_NUMBER_EXISTS: another account holds this number');
  return linked.idToken;
}

/** A Bangladeshi mobile number nobody in this run holds (the emulator is shared by every file and project). */
export const freshPhoneNumber = () => `+88017${String(randomInt(10_000_000, 99_999_999))}`;

/** The ID token of a phone confirmation: a code texted to `phoneNumber`, read from the emulator, linked. */
export async function confirmedPhone(idToken: string, phoneNumber: string): Promise<string> {
  const sessionInfo = await sendPhoneCode(phoneNumber);
  return linkPhone(idToken, sessionInfo, await sentCode(sessionInfo));
}
