// Everything the server reads from the environment, in one place, with the embedded defaults of decisions.md.
// One schema checks every variable at once and a bad start names each bad setting and what it must be. Reading
// the configuration writes nothing: start-up makes the data dir and the generated secret (src/data-dir.ts).
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_HOLD_WINDOW_HOURS, MAX_HOLD_WINDOW_HOURS, RECENT_SIGN_IN_SECONDS } from '@recell/api';

export const repoRoot = resolve(import.meta.dirname, '../../..');

export interface RateLimits {
  /** Requests per window per client, for GET /jwt, POST /usersall and POST /report. */
  tokenExchange: number;
  signUp: number;
  reports: number;
  windowMs: number;
  /** Messages per window per sender (sendMessage and startConversation). */
  messages: number;
  /** New conversations per hour per account, and for an account younger than a day. */
  newConversations: number;
  newConversationsNewAccount: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | undefined;
  publishableKey: string | undefined;
  /** Where the SDK sends requests; only set to point it at a local fake in tests. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

// An empty variable counts as unset, as a shell's `VAR=` means.
const unset = (value: unknown) => (value === '' ? undefined : value);
const text = () => z.preprocess(unset, z.string().optional());
const whole = (name: string, fallback: number, min: number, max: number, why = '') =>
  z.preprocess(
    unset,
    z
      .string()
      .optional()
      .refine((value) => value === undefined || (/^\d+$/.test(value) && +value >= min && +value <= max), {
        error: (issue) =>
          `${name} must be a whole number from ${min} to ${max}${why}, not "${String(issue.input)}"`,
      })
      .transform((value) => (value === undefined ? fallback : Number(value))),
  );
const list = () =>
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const environment = z.object({
  NODE_ENV: z
    .string()
    .optional()
    .transform((value): 'production' | 'development' | 'test' =>
      value === 'production' || value === 'test' ? value : 'development',
    ),
  HOST: z.string().default('127.0.0.1'),
  PORT: whole('PORT', 3000, 0, 65_535),
  DATA_DIR: text(),
  DATABASE_PATH: text(),
  DATABASE_URL: z.preprocess(
    unset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, {
        error: 'DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database)',
      })
      .optional(),
  ),
  JWT_SECRET: z.preprocess(
    unset,
    z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
  ),
  ADMIN_EMAILS: list(),
  DEMO_MODE: z.string().optional(),
  ALLOW_DEMO_ON_NETWORK: z.string().optional(),
  CREATE_DEMO_ACCOUNTS: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: text(),
  FIREBASE_PROJECT_ID: text(),
  STRIPE_SECRET_KEY: text(),
  STRIPE_WEBHOOK_SECRET: text(),
  STRIPE_PUBLISHABLE_KEY: text(),
  PAYOUT_PROVIDER: z.preprocess(
    unset,
    z
      .enum(['local', 'stripe'], { error: 'PAYOUT_PROVIDER must be local or stripe' })
      .optional()
      .default('local'),
  ),
  STRIPE_API_BASE: z.preprocess(
    unset,
    z.url({ protocol: /^https?$/, error: 'STRIPE_API_BASE must be an http(s) URL' }).optional(),
  ),
  PUBLIC_URL: z.preprocess(
    (value) => unset(typeof value === 'string' ? value.trim() : value),
    z
      .string()
      .refine(
        (value) => {
          try {
            const url = new URL(value);
            return ['http:', 'https:'].includes(url.protocol) && !url.search && !url.hash && !url.username;
          } catch {
            return false;
          }
        },
        {
          error: (issue) =>
            `PUBLIC_URL must be an absolute http(s) URL without query, fragment or credentials, not "${String(issue.input)}"`,
        },
      )
      .optional(),
  ),
  WEB_ORIGIN: list(),
  WEB_DIST: text(),
  RECENT_SIGN_IN_SECONDS: whole('RECENT_SIGN_IN_SECONDS', RECENT_SIGN_IN_SECONDS, 60, 3600),
  RATE_LIMIT_TOKEN: whole('RATE_LIMIT_TOKEN', 30, 1, 1_000_000),
  RATE_LIMIT_SIGNUP: whole('RATE_LIMIT_SIGNUP', 10, 1, 1_000_000),
  RATE_LIMIT_REPORTS: whole('RATE_LIMIT_REPORTS', 20, 1, 1_000_000),
  RATE_LIMIT_WINDOW_MS: whole('RATE_LIMIT_WINDOW_MS', 60_000, 1, 86_400_000),
  RATE_LIMIT_MESSAGES: whole('RATE_LIMIT_MESSAGES', 30, 1, 1_000_000),
  RATE_LIMIT_CONVERSATIONS: whole('RATE_LIMIT_CONVERSATIONS', 20, 1, 1_000_000),
  RATE_LIMIT_CONVERSATIONS_NEW_ACCOUNT: whole('RATE_LIMIT_CONVERSATIONS_NEW_ACCOUNT', 5, 1, 1_000_000),
  LOG_LEVEL: z.preprocess(
    unset,
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  ),
  LOG_FORMAT: z.preprocess(
    unset,
    z
      .enum(['json', 'pretty'], {
        error: (issue) => `LOG_FORMAT must be json or pretty, not ${JSON.stringify(issue.input)}`,
      })
      .optional(),
  ),
  READ_CACHE: z.string().optional(),
  TRUST_PROXY: text(),
  SMTP_URL: z.preprocess(
    unset,
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'SMTP_URL must be an SMTP URL (smtp://user:password@host:port)' })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(unset, z.string().default('ReCell <no-reply@recell.test>')),
  DEVICE_CHECK_URL: text(),
  DEVICE_CHECK_KEY: text(),
  DEVICE_CHECK_TIMEOUT_MS: whole('DEVICE_CHECK_TIMEOUT_MS', 3000, 100, 60_000),
  SEARCH_BUDGET_MS: whole('SEARCH_BUDGET_MS', 2000, 1, 60_000),
  HOLD_WINDOW_HOURS: whole(
    'HOLD_WINDOW_HOURS',
    DEFAULT_HOLD_WINDOW_HOURS,
    1,
    MAX_HOLD_WINDOW_HOURS,
    " (6 days, inside the card network's 7-day authorization)",
  ),
});

type Environment = z.infer<typeof environment>;

/**
 * Identity settings that would let anyone sign in as anyone are refused at start, each with the setting that
 * fixes it: the emulator outside demo mode, demo mode reachable from the network, a demo project in production.
 */
function identityMode(env: Environment): { demoMode: boolean; emulatorHost?: string; projectId: string } {
  const demoMode = env.DEMO_MODE === '1';
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  const projectId = env.FIREBASE_PROJECT_ID ?? (demoMode ? 'demo-recell' : undefined);
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
    return { demoMode, projectId };
  }
  if (!emulatorHost) {
    throw new Error(
      'DEMO_MODE=1 needs FIREBASE_AUTH_EMULATOR_HOST: demo accounts exist only in the Auth emulator.',
    );
  }
  if (!projectId || !projectId.startsWith('demo-')) {
    throw new Error(`DEMO_MODE=1 needs a demo- FIREBASE_PROJECT_ID, not "${projectId}".`);
  }
  if (!isLoopback(env.HOST) && env.ALLOW_DEMO_ON_NETWORK !== '1') {
    throw new Error(
      `Refusing to start: DEMO_MODE=1 with HOST=${env.HOST} would let anyone on the network sign in as any user ` +
        '(the Auth emulator accepts unsigned tokens). Bind HOST=127.0.0.1, or set ALLOW_DEMO_ON_NETWORK=1 ' +
        'if this network is yours alone.',
    );
  }
  return { demoMode, emulatorHost, projectId };
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || /^::ffff:127\./i.test(host);

function stripeConfig(env: Environment): StripeConfig | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const api = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    ...(api && {
      api: {
        host: api.hostname,
        port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      },
    }),
  };
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

/** Throws one error that lists every variable that is wrong, and what it must be. */
function parsed(env: NodeJS.ProcessEnv): Environment {
  const result = environment.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.message}`);
  throw new Error(`The server's environment is not valid:\n${problems.join('\n')}`);
}

function settings(env: NodeJS.ProcessEnv) {
  const vars = parsed(env);
  if (vars.PAYOUT_PROVIDER === 'stripe' && !vars.STRIPE_SECRET_KEY) {
    throw new Error(
      "The server's environment is not valid:\n  PAYOUT_PROVIDER=stripe needs STRIPE_SECRET_KEY (Stripe Connect)",
    );
  }
  const identity = identityMode(vars);
  const dataDir = resolve(vars.DATA_DIR ?? join(repoRoot, 'data'));
  const trustProxy = vars.TRUST_PROXY;
  return {
    env: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    /** Made owner-only (0700) at start-up, with uploads/ in it (src/data-dir.ts). */
    dataDir,
    databasePath: resolve(vars.DATABASE_PATH ?? join(dataDir, 'recell.sqlite')),
    /** DATABASE_URL: PostgreSQL (postgres://...) instead of the SQLite file at databasePath. */
    databaseUrl: vars.DATABASE_URL,
    uploadsDir: join(dataDir, 'uploads'),
    /** S3_BUCKET and the rest: pictures go to the bucket instead of uploadsDir. */
    s3: s3Config(env),
    /** JWT_SECRET; without it start-up generates one into data/ and reuses it after (src/data-dir.ts). */
    jwtSecret: vars.JWT_SECRET === undefined ? undefined : new TextEncoder().encode(vars.JWT_SECRET),
    adminEmails: new Set(vars.ADMIN_EMAILS.map((email) => email.toLowerCase())),
    /**
     * RECENT_SIGN_IN_SECONDS: how old a sign-in may be for the contract's `x-recent-sign-in` operations (5
     * minutes unless set; tests, whose people sign in once per file, give it the token's hour).
     */
    recentSignInSeconds: vars.RECENT_SIGN_IN_SECONDS,
    firebaseProjectId: identity.projectId,
    /**
     * DEMO_MODE=1: the local demo `npm start` runs (Auth emulator, demo accounts, seeded demo admin). The emulator
     * accepts unsigned ID tokens, so this mode is only for a machine nobody else can reach.
     */
    demoMode: identity.demoMode,
    /** host:port of the Auth emulator; set only in demo mode */
    authEmulatorHost: identity.emulatorHost,
    /** Demo mode makes the demo accounts at start unless CREATE_DEMO_ACCOUNTS=0. */
    createDemoAccounts: identity.demoMode && vars.CREATE_DEMO_ACCOUNTS !== '0',
    stripe: stripeConfig(vars),
    /**
     * PAYOUT_PROVIDER: where sellers are paid out. `local` (the default) is the embedded stand-in with its own
     * onboarding form and test bank numbers; `stripe` is Stripe Connect (Express accounts, transfers, manual
     * payouts), with STRIPE_SECRET_KEY.
     */
    payoutProvider: vars.PAYOUT_PROVIDER,
    /** PUBLIC_URL: the site's address for absolute URLs (sitemap, canonical, previews); see modules/seo/origin.ts. */
    publicUrl: vars.PUBLIC_URL,
    webOrigins: vars.WEB_ORIGIN,
    webDist: resolve(vars.WEB_DIST ?? join(repoRoot, 'apps', 'web', 'dist')),
    rateLimits: {
      tokenExchange: vars.RATE_LIMIT_TOKEN,
      signUp: vars.RATE_LIMIT_SIGNUP,
      reports: vars.RATE_LIMIT_REPORTS,
      windowMs: vars.RATE_LIMIT_WINDOW_MS,
      messages: vars.RATE_LIMIT_MESSAGES,
      newConversations: vars.RATE_LIMIT_CONVERSATIONS,
      newConversationsNewAccount: vars.RATE_LIMIT_CONVERSATIONS_NEW_ACCOUNT,
    } satisfies RateLimits,
    logLevel: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'silent' : 'info'),
    /** LOG_FORMAT: `json` (a line per event, for machines) or `pretty` (for a person); unset, the terminal decides. */
    logFormat: vars.LOG_FORMAT,
    /** The in-process read cache (db.cachedAll); READ_CACHE=off measures the database itself (the search bench). */
    readCache: vars.READ_CACHE !== 'off',
    /**
     * SEARCH_BUDGET_MS: how long a search's reads (GET /mobiles, GET /mobiles/{id}) may take, 2000 unless set; past
     * it the read is stopped and the search answers 503 (catalogue/service.ts). Read at each search.
     */
    searchBudgetMs: vars.SEARCH_BUDGET_MS,
    /** Express's `trust proxy` (hops or a list), so rate limits key on the client behind a reverse proxy. */
    trustProxy: trustProxy === undefined ? false : /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy,
    /**
     * HOLD_WINDOW_HOURS: how long a safe deal's hold waits for the handover before it is voided. Default 120
     * (5 days); more than 144 (6 days) is refused, so a hold never outlives the card network's 7-day authorization.
     */
    holdWindowHours: vars.HOLD_WINDOW_HOURS,
    /**
     * DEVICE_CHECK_URL (+ DEVICE_CHECK_KEY, DEVICE_CHECK_TIMEOUT_MS): a device-status provider's HTTP API behind
     * ReCell's own registry (modules/phone-truth/device-status.ts); unset, the registry alone answers.
     */
    /**
     * SMTP_URL: where notification email goes (nodemailer); unset, none is sent and the outbox keeps it until it
     * is set. `npm start` sets it to its local SMTP server, which keeps each message under data/mail.
     */
    smtpUrl: vars.SMTP_URL,
    /** MAIL_FROM: the From of every email. */
    mailFrom: vars.MAIL_FROM,
    deviceCheck: vars.DEVICE_CHECK_URL
      ? {
          url: vars.DEVICE_CHECK_URL,
          apiKey: vars.DEVICE_CHECK_KEY,
          timeoutMs: vars.DEVICE_CHECK_TIMEOUT_MS,
        }
      : undefined,
  };
}

/** The configuration as read from the environment: the secret is still unset when data/ is to hold it. */
export type Settings = ReturnType<typeof settings>;
/** The configuration the server runs with, once start-up has settled the secret (src/data-dir.ts). */
export type Config = Omit<Settings, 'jwtSecret'> & { jwtSecret: Uint8Array };

/** Reads and checks the environment; throws one error naming every bad setting. Writes nothing. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Settings {
  return settings(env);
}
