// Everything the server reads from the environment, in one place, with the embedded defaults of decisions.md.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** S3-compatible storage for listing pictures (src/modules/pictures/s3-store.ts); unset, pictures stay in uploadsDir. */
export interface S3Config {
  bucket: string;
  region: string;
  /** The server's URL for anything but AWS S3 itself (MinIO, Ceph, R2...). */
  endpoint: string | undefined;
  /** Bucket in the path (`<endpoint>/<bucket>/<key>`) rather than the host name; most self-hosted servers need it. */
  forcePathStyle: boolean;
  /** Put in front of every key (`''` or ending in `/`), so the bucket may hold other things. */
  prefix: string;
  /** Unset: the SDK's own chain (AWS_* variables, a shared profile, the instance's or task's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databasePath: string;
  /** DATABASE_URL: PostgreSQL (postgres://...) instead of the SQLite file at databasePath. */
  databaseUrl: string | undefined;
  uploadsDir: string;
  /** S3_BUCKET and the rest: pictures go to the bucket instead of uploadsDir. */
  s3: S3Config | undefined;
  jwtSecret: Uint8Array;
  adminEmails: Set<string>;
  firebaseProjectId: string;
  /**
   * DEMO_MODE=1: the local demo `npm start` runs (Auth emulator, demo accounts, seeded demo admin). The emulator
   * accepts unsigned ID tokens, so this mode is only for a machine nobody else can reach.
   */
  demoMode: boolean;
  /** host:port of the Auth emulator; set only in demo mode */
  authEmulatorHost: string | undefined;
  stripe: StripeConfig | undefined;
  webOrigins: string[];
  webDist: string;
  rateLimits: RateLimits;
  logLevel: string;
  /** LOG_FORMAT: `json` (a line per event, for machines) or `pretty` (for a person); unset, the terminal decides. */
  logFormat: 'json' | 'pretty' | undefined;
  /** The in-process read cache (db.cachedAll); READ_CACHE=off measures the database itself (the search bench). */
  readCache: boolean;
  /** Express's `trust proxy` (hops or a list), so rate limits key on the client behind a reverse proxy. */
  trustProxy: string | number | false;
  /**
   * HOLD_WINDOW_HOURS: how long a safe deal's hold waits for the handover before it is voided. Default 120
   * (5 days); more than 144 (6 days) is refused, so a hold never outlives the card network's 7-day authorization.
   */
  holdWindowHours: number;
}

export const MAX_HOLD_WINDOW_HOURS = 144;

function holdWindowHours(env: NodeJS.ProcessEnv): number {
  const value = env.HOLD_WINDOW_HOURS;
  if (value === undefined || value === '') return 120;
  const hours = Number(value);
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_HOLD_WINDOW_HOURS) {
    throw new Error(
      `HOLD_WINDOW_HOURS must be a whole number of hours from 1 to ${MAX_HOLD_WINDOW_HOURS} (6 days, inside the ` +
        `card network's 7-day authorization), not "${value}".`,
    );
  }
  return hours;
}

function logFormat(value: string | undefined): Config['logFormat'] {
  if (value === undefined || value === '') return undefined;
  if (value === 'json' || value === 'pretty') return value;
  throw new Error(`LOG_FORMAT must be json or pretty, not ${JSON.stringify(value)}`);
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

const S3_SETTINGS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/** The S3_* settings, refused at start when half set, each error naming the setting that fixes it. */
function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const value = (name: (typeof S3_SETTINGS)[number]) => env[name]?.trim() || undefined;
  const set = S3_SETTINGS.filter((name) => value(name) !== undefined);
  if (set.length === 0) return undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    throw new Error(
      `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not: set S3_BUCKET to keep ` +
        'pictures in that bucket, or unset every S3_* setting to keep them in DATA_DIR/uploads.',
    );
  }
  const region = value('S3_REGION');
  if (!region) {
    throw new Error('S3_BUCKET needs S3_REGION (us-east-1 for most S3-compatible servers, such as MinIO).');
  }
  const endpoint = value('S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) {
    throw new Error(`S3_ENDPOINT must be an http:// or https:// URL, not ${JSON.stringify(endpoint)}`);
  }
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's own " +
        "credentials (AWS_* variables, a profile, or the machine's role).",
    );
  }
  const pathStyle = value('S3_FORCE_PATH_STYLE');
  if (pathStyle !== undefined && pathStyle !== '0' && pathStyle !== '1') {
    throw new Error(`S3_FORCE_PATH_STYLE must be 1 or 0, not ${JSON.stringify(pathStyle)}`);
  }
  const prefix = value('S3_PREFIX') ?? '';
  if (prefix && !/^[\w.-]+(\/[\w.-]+)*\/?$/.test(prefix)) {
    throw new Error(
      `S3_PREFIX must be folder names of letters, digits, . _ and - joined by /, not ${JSON.stringify(prefix)}`,
    );
  }
  return {
    bucket,
    region,
    endpoint,
    // Self-hosted servers rarely have a DNS name per bucket: path style is the default with an endpoint.
    forcePathStyle: pathStyle === undefined ? endpoint !== undefined : pathStyle === '1',
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || /^::ffff:127\./i.test(host);

/**
 * Identity settings that would let anyone sign in as anyone are refused at start, each with the setting that
 * fixes it: the emulator outside demo mode, demo mode reachable from the network, a demo project in production.
 */
function identityMode(env: NodeJS.ProcessEnv, host: string) {
  const demoMode = env.DEMO_MODE === '1';
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
  const projectId = env.FIREBASE_PROJECT_ID || (demoMode ? 'demo-recell' : undefined);
  if (!demoMode) {
    if (emulatorHost) {
      throw new Error(
        'FIREBASE_AUTH_EMULATOR_HOST is set but DEMO_MODE is not: the Auth emulator accepts unsigned tokens. ' +
          'Set DEMO_MODE=1 for the local demo, or unset FIREBASE_AUTH_EMULATOR_HOST to use a real Firebase project.',
      );
    }
    if (!projectId || projectId.startsWith('demo-')) {
      throw new Error(
        'FIREBASE_PROJECT_ID must name a real Firebase project outside demo mode ' +
          '(or set DEMO_MODE=1 with FIREBASE_AUTH_EMULATOR_HOST for the local demo, as `npm start` does).',
      );
    }
    return { demoMode, emulatorHost, projectId };
  }
  if (!emulatorHost) {
    throw new Error(
      'DEMO_MODE=1 needs FIREBASE_AUTH_EMULATOR_HOST: demo accounts exist only in the Auth emulator.',
    );
  }
  if (!projectId || !projectId.startsWith('demo-')) {
    throw new Error(`DEMO_MODE=1 needs a demo- FIREBASE_PROJECT_ID, not "${projectId}".`);
  }
  if (!isLoopback(host) && env.ALLOW_DEMO_ON_NETWORK !== '1') {
    throw new Error(
      `Refusing to start: DEMO_MODE=1 with HOST=${host} would let anyone on the network sign in as any user ` +
        '(the Auth emulator accepts unsigned tokens). Bind HOST=127.0.0.1, or set ALLOW_DEMO_ON_NETWORK=1 ' +
        'if this network is yours alone.',
    );
  }
  return { demoMode, emulatorHost, projectId };
}

/** The data dir and what is in it are the server's alone: database, secrets, uploads, account snapshots. */
function ownerOnlyDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

function databaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new Error('DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database)');
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const host = env.HOST ?? '127.0.0.1';
  const identity = identityMode(env, host);
  const dataDir = resolve(env.DATA_DIR ?? join(repoRoot, 'data'));
  const uploadsDir = join(dataDir, 'uploads');
  ownerOnlyDir(dataDir);
  ownerOnlyDir(uploadsDir);
  const number = (name: string, fallback: number) => {
    const value = env[name];
    return value === undefined || value === '' ? fallback : Number(value);
  };
  return {
    env: mode,
    host,
    port: number('PORT', 3000),
    dataDir,
    databasePath: resolve(env.DATABASE_PATH ?? join(dataDir, 'recell.sqlite')),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    uploadsDir,
    s3: s3Config(env),
    jwtSecret: jwtSecret(env, dataDir),
    adminEmails: new Set(
      (env.ADMIN_EMAILS ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    firebaseProjectId: identity.projectId,
    demoMode: identity.demoMode,
    authEmulatorHost: identity.emulatorHost,
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
    logFormat: logFormat(env.LOG_FORMAT),
    readCache: env.READ_CACHE !== 'off',
    holdWindowHours: holdWindowHours(env),
    trustProxy: !env.TRUST_PROXY
      ? false
      : /^\d+$/.test(env.TRUST_PROXY)
        ? Number(env.TRUST_PROXY)
        : env.TRUST_PROXY,
  };
}
