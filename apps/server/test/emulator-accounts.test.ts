// Accounts made in demo mode survive a restart: the server saves the emulator's accounts to
// data/auth-accounts.json (0600) on each sign-up and imports them with the same uids at start. The shared test
// emulator cannot be restarted under other test files, so losing the emulator's memory is played here by deleting
// just this test's account from it; restart.test.ts restarts a real emulator through `npm start`'s script.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { emulatorAccounts } from '../src/auth/emulator-accounts';
import { firebaseIdentity, type Identity } from '../src/auth/identity';
import { startChildServer } from './support/child-server';
import { emulatorHost, signIn, signUpAccount, uniqueEmail } from './support/accounts';

let dir: string;
let identity: Identity;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'recell-accounts-'));
  identity = firebaseIdentity({ projectId: 'demo-recell', emulatorHost: emulatorHost() });
});
afterAll(async () => {
  await identity.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The uid inside a Firebase ID token (the emulator's tokens are unsigned JWTs). */
const uidOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { user_id: string }).user_id;

const saved = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { accounts: { localId: string; email: string }[] }).accounts;

describe('the saved emulator accounts', () => {
  it('bring back a lost account with its uid and password, only when the users table knows the uid', async () => {
    const file = join(dir, 'unit-accounts.json');
    const accounts = emulatorAccounts({ host: emulatorHost(), projectId: 'demo-recell', file });
    const email = uniqueEmail('kept');
    const uid = uidOf(await signUpAccount(email, 'kept-password'));
    await accounts.save();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(saved(file)).toContainEqual(expect.objectContaining({ localId: uid, email }));

    await identity.deleteAccount(uid, email);
    await expect(signIn(email, 'kept-password')).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
    // A uid no user record names (a deleted user) stays gone.
    expect(await accounts.restore(new Set(['someone-else']))).toBe(0);
    await expect(signIn(email, 'kept-password')).rejects.toThrow();

    expect(await accounts.restore(new Set([uid]))).toBe(1);
    expect(uidOf(await signIn(email, 'kept-password'))).toBe(uid);
    await expect(signIn(email, 'wrong-password')).rejects.toThrow(/INVALID/);
    // Already there: nothing to import, nothing overwritten.
    expect(await accounts.restore(new Set([uid]))).toBe(0);
  });

  it('recreate a demo account under the uid the users table holds, with its password', async () => {
    // As after a restart with no saved file (a data dir from before this change): the emulator has the email
    // under a new uid, the users table the old one. A unique email: the real demo accounts serve other files.
    const account = { email: uniqueEmail('demo-like'), password: 'demo-like-password', name: 'Demo Like' };
    const fresh = await identity.ensureAccount(account);
    const tableUid = `table-${fresh.slice(0, 8)}`;
    expect(await identity.ensureAccount(account, tableUid)).toBe(tableUid);
    expect(uidOf(await signIn(account.email, account.password))).toBe(tableUid);
    // Already right: left as it is.
    expect(await identity.ensureAccount(account, tableUid)).toBe(tableUid);
    await identity.deleteAccount(tableUid, account.email);
  });

  it('let an account signed up before a server kill -9 sign in and get /api/jwt after the restart', async () => {
    const data = join(dir, 'server');
    const first = await startChildServer(data);
    onTestFinished(() => {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
    });
    const email = uniqueEmail('restart');
    const idToken = await signUpAccount(email, 'restart-password');
    const signedUp = await fetch(`${first.url}/api/usersall`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Restart Seller', role: 'seller' }),
    });
    expect(signedUp.status).toBe(201);
    // Saved before the 201 went out: a kill -9 right after it loses nothing.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(saved(join(data, 'auth-accounts.json'))).toContainEqual(
      expect.objectContaining({ localId: uidOf(idToken), email }),
    );

    await identity.deleteAccount(uidOf(idToken), email);
    const second = await startChildServer(data);
    onTestFinished(async () => {
      second.child.kill('SIGKILL');
      await second.exited;
    });
    const again = await signIn(email, 'restart-password');
    expect(uidOf(again)).toBe(uidOf(idToken));
    const jwt = await fetch(`${second.url}/api/jwt`, { headers: { authorization: `Bearer ${again}` } });
    expect(jwt.status).toBe(200);
    expect(((await jwt.json()) as { role: string }).role).toBe('seller');
    // two server processes started one after the other: under CI's load (the web tests beside) over 30 s once
  }, 90_000);
});
