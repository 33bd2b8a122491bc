// The real Firebase SDK against a stand-in for the Auth emulator's REST API (MSW), so the lazily loaded
// identity module is exercised as the browser runs it: sign-in, sign-up with a display name, errors, sign-out.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../testing/server';
import { AUTH_EMULATOR_META } from '@recell/api/pages';
import { firebaseConfig } from './firebase-config';
import { IdentityError, type Identity } from './identity';
import { identityErrorMessage } from './identity-errors';

const EMULATOR = 'http://127.0.0.1:9099';
const toolkit = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;

const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
function idToken(email: string, name?: string) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'https://securetoken.google.com/demo-recell',
    aud: 'demo-recell',
    sub: `uid-${email}`,
    user_id: `uid-${email}`,
    email,
    name,
    iat: now,
    exp: now + 3600,
    auth_time: now,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

const accounts = new Map<string, { password: string; displayName?: string }>([
  ['buyer@recell.test', { password: 'recell-buyer', displayName: 'Ayesha Khan' }],
]);
const seenKeys: string[] = [];
const resetRequests: string[] = [];
// The emulator's kept links (it sends no email), as its oobCodes endpoint lists them.
const oobCodes: { email: string; oobCode: string; requestType: string }[] = [];

type Body = Record<string, string>;
const emailOf = (token: string) => JSON.parse(atob(token.split('.')[1]!)).email as string;
const refuse = (message: string) => HttpResponse.json({ error: { code: 400, message } }, { status: 400 });
const session = (email: string, displayName?: string) =>
  HttpResponse.json({
    localId: `uid-${email}`,
    email,
    displayName,
    idToken: idToken(email, displayName),
    refreshToken: `refresh-${email}`,
    expiresIn: '3600',
  });

// The identity toolkit's actions are path segments with a colon ('accounts:signUp'), so one handler reads it.
const actions: Record<string, (body: Body) => Response> = {
  'accounts:signInWithPassword': ({ email = '', password }) => {
    const account = accounts.get(email);
    return account && account.password === password
      ? session(email, account.displayName)
      : refuse('INVALID_LOGIN_CREDENTIALS');
  },
  'accounts:signUp': ({ email = '', password = '' }) => {
    if (accounts.has(email)) return refuse('EMAIL_EXISTS');
    accounts.set(email, { password });
    return session(email);
  },
  'accounts:update': ({ idToken: token = '', displayName }) => {
    const email = emailOf(token);
    accounts.get(email)!.displayName = displayName;
    return session(email, displayName);
  },
  'accounts:sendOobCode': ({ requestType, email = '' }) => {
    resetRequests.push(`${requestType} ${email}`);
    if (!accounts.has(email)) return refuse('EMAIL_NOT_FOUND');
    oobCodes.push({ email, oobCode: `code-${oobCodes.length + 1}`, requestType: requestType ?? '' });
    return HttpResponse.json({ email });
  },
  // verifyPasswordResetCode (no new password) and confirmPasswordReset: a code works once
  'accounts:resetPassword': ({ oobCode, newPassword }) => {
    const index = oobCodes.findIndex((entry) => entry.oobCode === oobCode);
    if (index < 0) return refuse('INVALID_OOB_CODE');
    const { email } = oobCodes[index]!;
    if (newPassword) {
      accounts.get(email)!.password = newPassword;
      oobCodes.splice(index, 1);
    }
    return HttpResponse.json({ email, requestType: 'PASSWORD_RESET' });
  },
  'accounts:lookup': ({ idToken: token = '' }) => {
    const email = emailOf(token);
    return HttpResponse.json({
      users: [{ localId: `uid-${email}`, email, displayName: accounts.get(email)?.displayName }],
    });
  },
};

const emulator = [
  http.get(`${EMULATOR}/emulator/v1/projects/demo-recell/oobCodes`, () => HttpResponse.json({ oobCodes })),
  http.post(`${toolkit}/:action`, async ({ request, params }) => {
    seenKeys.push(new URL(request.url).searchParams.get('key') ?? '');
    const action = actions[String(params.action)];
    return action ? action((await request.json()) as Body) : refuse(`UNEXPECTED ${String(params.action)}`);
  }),
  // getIdToken(true) after setting the display name: a fresh token that carries it
  http.post(`${EMULATOR}/securetoken.googleapis.com/v1/token`, async ({ request }) => {
    const refresh = new URLSearchParams(await request.text()).get('refresh_token') ?? '';
    const email = refresh.replace(/^refresh-/, '');
    return HttpResponse.json({
      access_token: idToken(email, accounts.get(email)?.displayName),
      expires_in: '3600',
      refresh_token: refresh,
    });
  }),
];

let identity: Identity;

// imported once MSW is listening: the SDK keeps the fetch it finds when it loads (as the app loads it lazily)
beforeAll(async () => {
  const { createFirebaseIdentity } = await import('./firebase-identity');
  identity = createFirebaseIdentity(firebaseConfig({}));
});

afterEach(async () => {
  await identity.signOut();
});

describe('Firebase identity (real SDK, emulator REST stand-in)', () => {
  it('defaults to the Auth emulator and the demo project, and can be pointed elsewhere', () => {
    expect(firebaseConfig({})).toMatchObject({
      projectId: 'demo-recell',
      emulatorUrl: EMULATOR,
      apiKey: 'demo-api-key',
    });
    expect(
      firebaseConfig({ VITE_FIREBASE_AUTH_EMULATOR: 'off', VITE_FIREBASE_PROJECT_ID: 'recell-prod' }),
    ).toMatchObject({
      projectId: 'recell-prod',
      emulatorUrl: null,
      authDomain: 'recell-prod.firebaseapp.com',
    });
  });

  it("takes the emulator the serving page names (a demo server's own port), unless the build names one", () => {
    const meta = Object.assign(document.createElement('meta'), {
      name: AUTH_EMULATOR_META,
      content: 'http://127.0.0.1:40123',
    });
    document.head.append(meta);
    try {
      expect(firebaseConfig({}).emulatorUrl).toBe('http://127.0.0.1:40123');
      expect(firebaseConfig({ VITE_FIREBASE_AUTH_EMULATOR: 'off' }).emulatorUrl).toBeNull();
      expect(firebaseConfig({ VITE_FIREBASE_AUTH_EMULATOR: EMULATOR }).emulatorUrl).toBe(EMULATOR);
    } finally {
      meta.remove();
    }
    expect(firebaseConfig({}).emulatorUrl).toBe(EMULATOR);
  });

  it('signs in through the emulator and hands back an ID token', async () => {
    server.use(...emulator);
    const signedIn = await identity.signIn('buyer@recell.test', 'recell-buyer');
    expect(signedIn.user).toMatchObject({ email: 'buyer@recell.test', displayName: 'Ayesha Khan' });
    expect(JSON.parse(atob(signedIn.idToken.split('.')[1]!))).toMatchObject({ email: 'buyer@recell.test' });
    expect(seenKeys.at(-1)).toBe('demo-api-key');
    expect((await identity.current())?.user.email).toBe('buyer@recell.test');
  });

  it('turns a refusal into an IdentityError with readable words', async () => {
    server.use(...emulator);
    const error = await identity
      .signIn('buyer@recell.test', 'wrong-password')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(IdentityError);
    expect((error as IdentityError).code).toBe('auth/invalid-credential');
    expect(identityErrorMessage(error)).toBe('The email or password is incorrect.');
  });

  it('signs up with a display name, and signs out', async () => {
    server.use(...emulator);
    const signedIn = await identity.signUp({
      name: 'Karim',
      email: 'karim@recell.test',
      password: 'secret-pass',
    });
    expect(signedIn.user).toMatchObject({ email: 'karim@recell.test', displayName: 'Karim' });
    expect(JSON.parse(atob(signedIn.idToken.split('.')[1]!))).toMatchObject({ name: 'Karim' });
    await identity.signOut();
    expect(await identity.current()).toBeNull();
  });

  it('says an email already in use in readable words', async () => {
    server.use(...emulator);
    const error = await identity
      .signUp({ name: 'Again', email: 'buyer@recell.test', password: 'secret-pass' })
      .catch((reason: unknown) => reason);
    expect(identityErrorMessage(error)).toBe('An account with this email already exists. Log in instead.');
  });

  it("asks for a password reset email, answers alike for an unknown email, and gives the emulator's link as the app's page", async () => {
    server.use(...emulator);
    const sent = await identity.sendPasswordReset('buyer@recell.test');
    expect(sent.demoResetPath).toMatch(/^\/reset\?oobCode=code-\d+$/);
    expect(await identity.sendPasswordReset('nobody@recell.test')).toEqual({ demoResetPath: null });
    expect(resetRequests.slice(-2)).toEqual([
      'PASSWORD_RESET buyer@recell.test',
      'PASSWORD_RESET nobody@recell.test',
    ]);
    // the link's page: whose it is, the new password, and the code is spent
    const code = new URLSearchParams(sent.demoResetPath!.split('?')[1]).get('oobCode')!;
    expect(await identity.checkPasswordResetCode(code)).toBe('buyer@recell.test');
    await identity.resetPassword(code, 'recell-buyer-2');
    const spent = await identity.checkPasswordResetCode(code).catch((reason: unknown) => reason);
    expect(identityErrorMessage(spent)).toMatch(/^This reset link is not valid or was already used/);
    expect((await identity.signIn('buyer@recell.test', 'recell-buyer-2')).user.email).toBe(
      'buyer@recell.test',
    );
  });
});
