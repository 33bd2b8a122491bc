// Demo mode: the Auth emulator accepts unsigned tokens, so it runs only with DEMO_MODE=1, and
// that mode is refused on a non-loopback address unless ALLOW_DEMO_ON_NETWORK=1. A real deployment gets no demo
// people. The data dir is the owner's alone (item 7).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { demoAccounts } from '@recell/api/fixtures';
import { freePort } from '@recell/local/ports';
import { loadConfig } from '../src/config';
import { prepareDataDir } from '../src/data-dir';
import { openDatabase } from '../src/db/sqlite';
import { startChildServer } from './support/child-server';
import { emulatorHost, firstStep } from './support/accounts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'recell-demo-mode-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const demo = () => ({ DATA_DIR: dir, DEMO_MODE: '1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });

describe('loadConfig', () => {
  it('refuses the Auth emulator outside demo mode', () => {
    expect(() => loadConfig({ ...demo(), DEMO_MODE: undefined })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST is set but DEMO_MODE is not.*DEMO_MODE=1/,
    );
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'recell.example.com'])(
    'refuses demo mode bound to %s, naming ALLOW_DEMO_ON_NETWORK',
    (host) => {
      expect(() => loadConfig({ ...demo(), HOST: host })).toThrow(/ALLOW_DEMO_ON_NETWORK=1/);
      expect(loadConfig({ ...demo(), HOST: host, ALLOW_DEMO_ON_NETWORK: '1' }).demoMode).toBe(true);
    },
  );

  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1'])('runs demo mode on loopback %s', (host) => {
    expect(loadConfig({ ...demo(), HOST: host })).toMatchObject({
      demoMode: true,
      authEmulatorHost: '127.0.0.1:9099',
      firebaseProjectId: 'demo-recell',
    });
  });

  it('refuses demo mode without the emulator, or with a real project', () => {
    expect(() => loadConfig({ ...demo(), FIREBASE_AUTH_EMULATOR_HOST: '' })).toThrow(
      /DEMO_MODE=1 needs FIREBASE_AUTH_EMULATOR_HOST/,
    );
    expect(() => loadConfig({ ...demo(), FIREBASE_PROJECT_ID: 'recell-prod' })).toThrow(
      /demo- FIREBASE_PROJECT_ID/,
    );
  });

  it('outside demo mode needs a real Firebase project, and then runs without the emulator', () => {
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(
      /FIREBASE_PROJECT_ID must name a real Firebase project/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, FIREBASE_PROJECT_ID: 'demo-recell' })).toThrow(
      /FIREBASE_PROJECT_ID must name a real Firebase project/,
    );
    expect(loadConfig({ DATA_DIR: dir, FIREBASE_PROJECT_ID: 'recell-prod', HOST: '0.0.0.0' })).toMatchObject({
      demoMode: false,
      authEmulatorHost: undefined,
      firebaseProjectId: 'recell-prod',
    });
  });

  it('start-up makes the data dir and its uploads owner-only (0700), even when they existed as 0755', () => {
    const data = join(dir, 'data');
    mkdirSync(join(data, 'uploads'), { recursive: true });
    chmodSync(data, 0o755);
    chmodSync(join(data, 'uploads'), 0o755);
    const config = prepareDataDir(loadConfig({ ...demo(), DATA_DIR: data }));
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(statSync(config.uploadsDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(data, 'jwt-secret')).mode & 0o777).toBe(0o600);
    // The generated secret is kept: the next start signs with the same one.
    expect(prepareDataDir(loadConfig({ ...demo(), DATA_DIR: data })).jwtSecret).toEqual(config.jwtSecret);
  });

  it('reading the configuration writes nothing', () => {
    const data = join(dir, 'not-yet');
    const settings = loadConfig({ ...demo(), DATA_DIR: data });
    expect(settings.jwtSecret).toBeUndefined();
    expect(existsSync(data)).toBe(false);
  });

  it('names every bad setting at once, with what it must be', () => {
    const bad = { ...demo(), PORT: 'eighty', RATE_LIMIT_TOKEN: '-1', JWT_SECRET: 'short', LOG_LEVEL: 'loud' };
    expect(() => loadConfig(bad)).toThrow(
      [
        "The server's environment is not valid:",
        '  PORT must be a whole number from 0 to 65535, not "eighty"',
        '  JWT_SECRET must be at least 32 characters',
        '  RATE_LIMIT_TOKEN must be a whole number from 1 to 1000000, not "-1"',
        '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      ].join('\n'),
    );
  });
});

describe('the server process', () => {
  it('refuses to start in demo mode on 0.0.0.0 and says which setting allows it', async () => {
    const started = startChildServer(dir, { HOST: '0.0.0.0' });
    await expect(started).rejects.toThrow(/exited before it listened[\s\S]*ALLOW_DEMO_ON_NETWORK=1/);
  });

  it('refuses to start with the emulator but without DEMO_MODE', async () => {
    const started = startChildServer(dir, { DEMO_MODE: '' });
    await expect(started).rejects.toThrow(/exited before it listened[\s\S]*DEMO_MODE is not/);
  });

  it('as a real deployment (no emulator) starts with no demo accounts and no seeded admin', async () => {
    const server = await startChildServer(dir, {
      DEMO_MODE: '',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_PROJECT_ID: 'recell-prod',
      CREATE_DEMO_ACCOUNTS: '',
    });
    onTestFinished(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
    });
    const categories = await fetch(`${server.url}/api/categorymobiles`);
    expect(categories.status).toBe(200);
    // The demo's stand-in for a text message (the emulator's second-step codes) does not exist here.
    const code = await fetch(`${server.url}/api/demo/sign-in-code?phoneEnding=0100`);
    expect({ status: code.status, body: await code.json() }).toEqual({
      status: 404,
      body: { message: 'Not found' },
    });
    const db = await openDatabase(join(dir, 'recell.sqlite'));
    onTestFinished(() => db.close());
    expect(await db.all('SELECT email, role FROM users')).toEqual([]);
    expect(await db.get('SELECT COUNT(*) AS n FROM mobiles')).toEqual({ n: 0 });
    await vi.waitFor(() => expect(server.output()).toContain('Payments:'));
    expect(server.output()).not.toMatch(/Demo accounts|Demo mode/);
  });

  it('serves pages while the Auth emulator starts, and holds API requests until the accounts are back in it', async () => {
    // The emulator's port answers nothing until this proxy to the shared emulator opens, as at npm start, where
    // the emulator comes up a second or two after the server.
    const port = await freePort();
    const [host, emulatorPort] = emulatorHost().split(':');
    const proxy = createServer((socket) => {
      const upstream = connect(Number(emulatorPort), host);
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    onTestFinished(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
    const server = await startChildServer(
      dir,
      { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}` },
      { waitForListening: false },
    );
    onTestFinished(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
    });
    await vi.waitFor(
      async () => expect((await fetch(`${server.url}/robots.txt`).catch(() => undefined))?.status).toBe(200),
      { timeout: 30_000, interval: 100 },
    );
    const api = fetch(`${server.url}/api/categorymobiles`).then((response) => response.status);
    const early = await Promise.race([
      api,
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 1000)),
    ]);
    expect(early).toBe('waiting');
    expect(server.output()).not.toContain('ReCell server listening');
    proxy.listen(port, '127.0.0.1');
    expect(await api).toBe(200);
    await vi.waitFor(() => expect(server.output()).toContain('ReCell server listening'));
  });

  it('in demo mode (as npm start runs it) creates the demo admin and says it is demo mode', async () => {
    const server = await startChildServer(dir, { CREATE_DEMO_ACCOUNTS: '' });
    onTestFinished(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
    });
    // Printed right after the "listening" line the helper waits for.
    await vi.waitFor(() => expect(server.output()).toMatch(/admin\s+admin@recell\.test/));
    expect(server.output()).toContain(`Demo mode (DEMO_MODE=1): Auth emulator at ${emulatorHost()}`);
    // Its admin must sign in with a second step: the demo phone's (the emulator's code is on the sign-in screen).
    const signIn = await firstStep(demoAccounts.admin.email, demoAccounts.admin.password);
    expect(signIn.idToken).toBeUndefined();
    expect(signIn.mfaInfo).toEqual([expect.objectContaining({ phoneInfo: expect.stringMatching(/0100$/) })]);
    // Everything it wrote under the data dir is the owner's alone: database, WAL, SHM, secret, saved accounts.
    const written = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    expect(written).toEqual(
      expect.arrayContaining(['recell.sqlite', 'recell.sqlite-wal', 'auth-accounts.json']),
    );
    const modes = Object.fromEntries(written.map((name) => [name, statSync(join(dir, name)).mode & 0o777]));
    for (const [name, mode] of Object.entries(modes)) expect(mode & 0o077, name).toBe(0);
  });
});
