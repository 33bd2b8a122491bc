// A real server for a test file: buildServer (as start-up builds it) over a fresh database, the real Auth
// emulator, and a listening HTTP server on 127.0.0.1. Every answer that goes through `call` is checked against
// openapi.yaml. The accounts its callers sign in with are made in the emulator by accounts.ts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractValidator } from '@recell/api/contract';
import { demoAccounts, demoAdminPhone, otherSeller } from '@recell/api/fixtures';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Services } from '../../src/app';
import type { Identity } from '../../src/auth/identity';
import { buildServer, type BuildOptions } from '../../src/build-server';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/database';
import { openConfiguredDatabase } from '../../src/db/open';
import type { PaymentProvider } from '../../src/modules/payments/providers/provider';
import { emulatorHost, enrolPhone, signUpAccount, uniqueEmail, verifiedAccount } from './accounts';

export const contract = contractValidator();

export interface TestApp {
  server: Server;
  db: Database;
  config: Config;
  identity: Identity;
  payments: PaymentProvider;
  services: Services;
  dir: string;
  close(): Promise<void>;
}

/**
 * The database of one test server: a new SQLite file in its temp dir, or on the postgres project a new
 * database in the run's cluster, dropped when the server closes.
 */
export interface TestDatabase {
  /** What a server's environment needs to use it (nothing for SQLite: DATA_DIR says where). */
  env: Record<string, string>;
  /** Opens it as a server with this data dir would (to look at what a child server process wrote). */
  open(dataDir: string): Promise<Database>;
  drop(): Promise<void>;
}

export async function testDatabase(): Promise<TestDatabase> {
  const cluster = inject('postgresUrl');
  const open = (env: Record<string, string>) => (dataDir: string) =>
    openConfiguredDatabase(loadConfig(testEnv(dataDir, env)));
  if (!cluster) return { env: {}, open: open({}), drop: async () => undefined };
  const name = `recell_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: `${cluster}/postgres` });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const env = { DATABASE_URL: `${cluster}/${name}` };
  return {
    env,
    open: open(env),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Environment for a test server; `env` overrides (Stripe, admin emails, rate limits). */
export function testEnv(dir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dir,
    DEMO_MODE: '1',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    // A file's people sign in once, at its start: a slow run must not age them out of the step-up operations.
    RECENT_SIGN_IN_SECONDS: '3600',
    RATE_LIMIT_TOKEN: '10000',
    RATE_LIMIT_SIGNUP: '10000',
    RATE_LIMIT_REPORTS: '10000',
    RATE_LIMIT_MESSAGES: '10000',
    RATE_LIMIT_CONVERSATIONS: '10000',
    RATE_LIMIT_CONVERSATIONS_NEW_ACCOUNT: '10000',
    // Never the repo's apps/web/dist: whether another task has built the web app must not change a test.
    WEB_DIST: join(dir, 'no-web-build'),
    ...env,
  };
}

export async function startApp(
  env: Record<string, string> = {},
  build: Pick<BuildOptions, 'signals'> = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'recell-server-'));
  // Many test servers share one emulator and make their own accounts: none of them keeps a copy under data/.
  const database = await testDatabase();
  const built = await buildServer(loadConfig(testEnv(dir, { ...database.env, ...env })), {
    keepEmulatorAccounts: false,
    ...build,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = built.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    server,
    db: built.db,
    config: built.config,
    identity: built.identity,
    payments: built.payments,
    services: built.services,
    dir,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await built.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A file's bytes (a picture under /uploads/) and headers; the body is a Buffer whatever its type. */
export const download = (target: Server, path: string, headers: Record<string, string> = {}) =>
  request(target)
    .get(path)
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export let checkedResponses = 0;

/** Fails the test when a JSON answer does not fit the contract for its operation and status. */
export function expectContract(method: string, path: string, status: number, body: unknown): void {
  const found = contract.findOperation(method, new URL(path, 'http://recell.test').pathname);
  if (!found) throw new Error(`no contract operation for ${method.toUpperCase()} ${path}`);
  const problems = contract.validateResponse(found.operation, status, body);
  expect(problems, `${method.toUpperCase()} ${path} -> ${status} ${JSON.stringify(body)}`).toEqual([]);
  checkedResponses += 1;
}

/** A test server in this process, or the URL of one in another (a child server process). */
export type Target = Server | string;

export async function call(
  target: Target,
  method: Method,
  path: string,
  options: {
    token?: string | null | undefined;
    body?: unknown;
    attach?: { field: string; bytes: Buffer; filename: string };
  } = {},
) {
  let pending = request(target)[method](path);
  if (options.token) pending = pending.set('authorization', `Bearer ${options.token}`);
  if (options.body !== undefined) pending = pending.send(options.body as object);
  if (options.attach) {
    pending = pending.attach(options.attach.field, options.attach.bytes, options.attach.filename);
  }
  const response = await pending;
  expectContract(method, path, response.status, response.body);
  return response;
}

// --- identity: the demo callers, signed in through the emulator and GET /jwt ------------------------------

export async function exchange(app: TestApp | Target, idToken: string): Promise<string> {
  const target = typeof app === 'object' && 'server' in app ? app.server : app;
  const response = await call(target, 'get', '/api/jwt', { token: idToken });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { accessToken: string }).accessToken;
}

export interface Persona {
  name: string;
  email: string;
  /** The app's access token (GET /jwt) */
  token: string | null;
  /** The Firebase ID token it was exchanged for */
  idToken: string | null;
}

/** A buyer signed up just now (emulator account, POST /usersall, GET /jwt), known to no other test. */
export const newBuyer = (app: TestApp, name: string) => newPerson(app, name, 'buyer');

/**
 * A seller signed up just now, as newBuyer: a rating of their own that no other test moves. Their phone is
 * verified as the seed's demo sellers' are (a number of their own written straight in), so they may list phones;
 * seller-phones.test.ts makes its unverified sellers itself.
 */
export async function newSeller(app: TestApp, name: string): Promise<Persona> {
  const seller = await newPerson(app, name, 'seller');
  await giveVerifiedPhone(app.db, seller.email);
  return seller;
}

/** The account's phone verified as the seed's demo sellers' are: a number of its own, written straight in. */
export async function giveVerifiedPhone(db: Database, email: string): Promise<void> {
  const number = `+1${2_000_000_000 + Math.floor(Math.random() * 7_999_999_999)}`;
  await db.run('UPDATE users SET phone_e164 = ?, phone_verified_at = ? WHERE email = ?', [
    number,
    new Date().toISOString(),
    email,
  ]);
}

async function newPerson(app: TestApp, name: string, role: 'buyer' | 'seller'): Promise<Persona> {
  const email = uniqueEmail(name.toLowerCase().replaceAll(' ', '-'));
  const idToken = await signUpAccount(email, `${email}-pw`);
  const signedUp = await call(app.server, 'post', '/api/usersall', {
    token: idToken,
    body: { name, role },
  });
  expect(signedUp.status).toBe(201);
  return { name, email, idToken, token: await exchange(app, idToken) };
}

/** The six callers of the authorization matrix, signed in through the emulator and GET /jwt. */
export async function personas(app: TestApp) {
  const demo = async (account: { email: string; password: string; name: string }): Promise<Persona> => {
    const idToken = await verifiedAccount(app, account);
    return { name: account.name, email: account.email, idToken, token: await exchange(app, idToken) };
  };
  const otherBuyer = await newBuyer(app, 'Other Buyer');
  // Admins must sign in with a second step: the demo admin's phone is enrolled (once for the whole emulator;
  // each file asks) and every sign-in of it then passes the code the emulator sent.
  const enrolledAdmin = async (): Promise<Persona> => {
    await app.identity
      .ensureAccount(demoAccounts.admin)
      .catch(() => app.identity.ensureAccount(demoAccounts.admin));
    await enrolPhone(demoAccounts.admin.email, demoAccounts.admin.password, demoAdminPhone);
    return demo(demoAccounts.admin);
  };
  const [buyer, seller, admin, anotherSeller] = await Promise.all([
    demo(demoAccounts.buyer),
    demo(demoAccounts.seller),
    enrolledAdmin(),
    demo({ ...otherSeller, password: 'recell-tanvir' }),
  ]);
  return {
    visitor: { name: 'visitor', email: '', token: null, idToken: null } as Persona,
    buyer: buyer!,
    otherBuyer,
    seller: seller!,
    otherSeller: anotherSeller!,
    admin: admin!,
  };
}

export type People = Awaited<ReturnType<typeof personas>>;

/** A server and its six signed-in callers for one test file: `ctx.app`, `ctx.people` once beforeAll ran. */
export function useServer(env: Record<string, string> = {}, build: Pick<BuildOptions, 'signals'> = {}) {
  const ctx = {} as { app: TestApp; people: People };
  beforeAll(async () => {
    ctx.app = await startApp(env, build);
    ctx.people = await personas(ctx.app);
  });
  afterAll(() => ctx.app.close());
  return ctx;
}
