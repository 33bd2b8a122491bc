// Everything the server reads from the environment, in one place, with the embedded defaults of decisions.md.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../..');

export interface RateLimits {
  /** Requests per window per client, for GET /jwt, POST /usersall and POST /report. */
  tokenExchange: number;
  signUp: number;
  reports: number;
  windowMs: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | undefined;
  publishableKey: string | undefined;
  /** Where the SDK sends requests; only set to point it at a local fake in tests. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databasePath: string;
  uploadsDir: string;
  jwtSecret: Uint8Array;
  adminEmails: Set<string>;
  firebaseProjectId: string;
  /** host:port of the Auth emulator, when identity runs on the embedded default */
  authEmulatorHost: string | undefined;
  stripe: StripeConfig | undefined;
  webOrigins: string[];
  webDist: string;
  rateLimits: RateLimits;
  logLevel: string;
  /** Express's `trust proxy` (hops or a list), so rate limits key on the client behind a reverse proxy. */
  trustProxy: string | number | false;
}

/** The access-token secret: JWT_SECRET, or one generated into data/ on first start and reused after. */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

function stripeConfig(env: NodeJS.ProcessEnv): StripeConfig | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const api = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    ...(api
      ? {
          api: {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          },
        }
      : {}),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const dataDir = resolve(env.DATA_DIR ?? join(repoRoot, 'data'));
  const uploadsDir = join(dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const number = (name: string, fallback: number) => {
    const value = env[name];
    return value === undefined || value === '' ? fallback : Number(value);
  };
  return {
    env: mode,
    host: env.HOST ?? '127.0.0.1',
    port: number('PORT', 3000),
    dataDir,
    databasePath: resolve(env.DATABASE_PATH ?? join(dataDir, 'recell.sqlite')),
    uploadsDir,
    jwtSecret: jwtSecret(env, dataDir),
    adminEmails: new Set(
      (env.ADMIN_EMAILS ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    firebaseProjectId: env.FIREBASE_PROJECT_ID ?? 'demo-recell',
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    stripe: stripeConfig(env),
    webOrigins: (env.WEB_ORIGIN ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    webDist: resolve(env.WEB_DIST ?? join(repoRoot, 'apps', 'web', 'dist')),
    rateLimits: {
      tokenExchange: number('RATE_LIMIT_TOKEN', 30),
      signUp: number('RATE_LIMIT_SIGNUP', 10),
      reports: number('RATE_LIMIT_REPORTS', 20),
      windowMs: number('RATE_LIMIT_WINDOW_MS', 60_000),
    },
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    trustProxy: !env.TRUST_PROXY
      ? false
      : /^\d+$/.test(env.TRUST_PROXY)
        ? Number(env.TRUST_PROXY)
        : env.TRUST_PROXY,
  };
}
