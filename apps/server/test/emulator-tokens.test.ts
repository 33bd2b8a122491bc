// Demo mode: the Auth emulator's ID tokens are unsigned, so any local process could write
// one. Each is held to the emulator's own record of its account (src/auth/emulator-sign-ins.ts): a token that
// claims what the record contradicts is refused; real sign-ins, old or new, still pass. What it cannot tell
// (a token copied from the record itself) is pinned here too, as the README's demo-mode paragraph says.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoAdminPhone } from '@recell/api/fixtures';
import { emulatorAdmin } from '../src/auth/emulator-admin';
import type { EmulatorAccountRecord } from '../src/auth/emulator-sign-ins';
import { firebaseIdentity } from '../src/auth/identity';
import { emulatorHost, enrolPhone, signIn, signUpAccount, uniqueEmail } from './support/accounts';
import { call, useServer } from './support/harness';

const projectId = 'demo-recell';
const identity = firebaseIdentity({ projectId, emulatorHost: emulatorHost() });
afterAll(() => identity.close());

type Claims = Record<string, unknown> & { firebase: Record<string, unknown> };
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Claims;
/** An unsigned token as the emulator writes them, with whatever claims the forger likes. */
const unsigned = (claims: object) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
    JSON.stringify(claims),
  ).toString('base64url')}.`;
/** A real token's claims with some changed, unsigned again. */
const forged = (real: string, change: (claims: Claims) => void) => {
  const claims = claimsOf(real);
  change(claims);
  return unsigned(claims);
};

async function record(uid: string): Promise<EmulatorAccountRecord> {
  const admin = emulatorAdmin({ host: emulatorHost(), projectId });
  return (await admin<{ users: EmulatorAccountRecord[] }>('accounts:lookup', { localId: [uid] })).users[0]!;
}

async function account() {
  const email = uniqueEmail('token');
  const idToken = await signUpAccount(email, 'token-pw');
  return { email, idToken, uid: claimsOf(idToken).user_id as string };
}

describe('emulator ID tokens in demo mode', () => {
  it('accepts real sign-ins, an earlier one still valid after a later one', async () => {
    const { email, idToken, uid } = await account();
    expect(await identity.verifyIdToken(idToken)).toMatchObject({ uid, email, emailVerified: false });
    // Later than the record kept for this uid: asked again, not refused.
    await sleep(2100);
    const later = await signIn(email, 'token-pw');
    expect(await identity.verifyIdToken(later)).toMatchObject({ uid, email });
    expect(await identity.verifyIdToken(idToken)).toMatchObject({ uid, email });
  });

  it('refuses a token naming a real uid with another email', async () => {
    const { idToken } = await account();
    const token = forged(idToken, (claims) => {
      claims.email = demoAccounts.admin.email;
      claims.email_verified = true;
    });
    expect(await identity.verifyIdToken(token)).toBeNull();
  });

  it('refuses a token saying verified for an account that is not', async () => {
    const { idToken } = await account();
    expect(
      await identity.verifyIdToken(forged(idToken, (claims) => (claims.email_verified = true))),
    ).toBeNull();
  });

  it('refuses a sign-in method the account does not have', async () => {
    const { idToken } = await account();
    for (const method of ['custom', 'google.com', 'anonymous']) {
      const token = forged(idToken, (claims) => (claims.firebase.sign_in_provider = method));
      expect(await identity.verifyIdToken(token), method).toBeNull();
    }
  });

  it('refuses a second step the account never enrolled, and accepts one it did', async () => {
    const { idToken } = await account();
    const claimed = forged(idToken, (claims) => {
      claims.firebase.sign_in_second_factor = 'phone';
      claims.firebase.second_factor_identifier = 'made-up-enrolment';
    });
    expect(await identity.verifyIdToken(claimed)).toBeNull();
    expect(await identity.verifyIdToken(idToken)).toMatchObject({ secondFactor: false });

    // The demo admin, enrolled as the harness's personas enrol it, signs in with the code the emulator sent.
    await identity.ensureAccount(demoAccounts.admin);
    await enrolPhone(demoAccounts.admin.email, demoAccounts.admin.password, demoAdminPhone);
    const admin = await signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    expect(await identity.verifyIdToken(admin)).toMatchObject({ secondFactor: true });
    const otherFactor = forged(
      admin,
      (claims) => (claims.firebase.second_factor_identifier = 'made-up-enrolment'),
    );
    expect(await identity.verifyIdToken(otherFactor)).toBeNull();
  });

  it('refuses a token issued or signed in after the last the emulator recorded, or for an unknown uid', async () => {
    const { idToken } = await account();
    await sleep(2100);
    const now = Math.floor(Date.now() / 1000);
    const fresh = forged(idToken, (claims) => {
      claims.iat = now;
      claims.auth_time = now;
      claims.exp = now + 3600;
    });
    expect(await identity.verifyIdToken(fresh)).toBeNull();
    const stretched = forged(idToken, (claims) => (claims.exp = (claims.iat as number) + 2 * 3600));
    expect(await identity.verifyIdToken(stretched)).toBeNull();
    const nobody = forged(idToken, (claims) => {
      claims.sub = 'no-such-uid-000000000000000';
      claims.user_id = claims.sub;
    });
    expect(await identity.verifyIdToken(nobody)).toBeNull();
  });

  it('cannot tell a token written from the account record itself (the gap the README names)', async () => {
    const { email, uid } = await account();
    const kept = await record(uid);
    const iat = Math.floor(Date.parse(kept.lastRefreshAt!) / 1000);
    const token = unsigned({
      email,
      email_verified: false,
      auth_time: Math.floor(Number(kept.lastLoginAt) / 1000),
      user_id: uid,
      firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
      iat,
      exp: iat + 3600,
      aud: projectId,
      iss: `https://securetoken.google.com/${projectId}`,
      sub: uid,
    });
    expect(await identity.verifyIdToken(token)).toMatchObject({ uid, email });
  });
});

describe('GET /jwt in demo mode', () => {
  const ctx = useServer();

  it('refuses a forged token naming a real account with the demo admin email (401), and changes no record', async () => {
    const token = forged(ctx.people.otherBuyer.idToken!, (claims) => {
      claims.email = demoAccounts.admin.email;
      claims.email_verified = true;
    });
    const before = await ctx.app.db.all('SELECT id, email, role, firebase_uid FROM users ORDER BY id');
    expect((await call(ctx.app.server, 'get', '/api/jwt', { token })).status).toBe(401);
    expect(await ctx.app.db.all('SELECT id, email, role, firebase_uid FROM users ORDER BY id')).toEqual(
      before,
    );
  });
});

describe("the emulator's admin API client", () => {
  /** A stand-in emulator that hangs up on the first `dropped` requests without answering, then answers. */
  async function hangingUp(dropped: number) {
    const seen: string[] = [];
    const server: Server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (seen.length <= dropped) return req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ users: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const admin = emulatorAdmin({ host: `127.0.0.1:${port}`, projectId });
    return { admin, seen, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('asks a read again when the connection was closed before any answer (a refused sign-in otherwise)', async () => {
    const stub = await hangingUp(1);
    try {
      expect(await stub.admin('accounts:lookup', { localId: ['u1'] })).toEqual({ users: [] });
      expect(stub.seen).toHaveLength(2);
    } finally {
      await stub.close();
    }
  });

  it('asks only once more, and never sends a write twice', async () => {
    const twice = await hangingUp(2);
    const write = await hangingUp(1);
    try {
      await expect(twice.admin('accounts:lookup', { localId: ['u1'] })).rejects.toThrow();
      expect(twice.seen).toHaveLength(2);
      await expect(write.admin('accounts:batchCreate', { users: [] })).rejects.toThrow();
      expect(write.seen).toHaveLength(1);
    } finally {
      await Promise.all([twice.close(), write.close()]);
    }
  });
});
