// Production hygiene in front of the API: security headers, CORS, rate limits and the served web app.
import { existsSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { FRAMES_MODULE } from '@recell/api/pages';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { rateLimit, type Store } from 'express-rate-limit';
import helmet from 'helmet';
import type { Config } from '../config';
import { AFTER_PAINT_SCRIPT_SOURCE } from '../modules/seo/after-paint';
import { FIRST_ANSWER_SCRIPT_SOURCE } from '../modules/seo/first-answer';
import type { PageShell } from '../modules/seo/shell';
import { HttpError } from './errors';

const GAPI_HOST = 'https://apis.google.com';

/** The CSP admits the identity and card hosts only when they are configured. */
export function securityHeaders(config: Config): RequestHandler {
  const connect = ["'self'"];
  // and the two inline scripts, by their hashes: a framed page's asks for the app's scripts after the first
  // paint, a signed-in list page's starts its first call (modules/seo/first-answer.ts)
  const scripts = ["'self'", AFTER_PAINT_SCRIPT_SOURCE, FIRST_ANSWER_SCRIPT_SOURCE];
  const frames: string[] = [];
  // Continue with Google: the SDK's popup and redirect load Google's gapi loader and talk to the identity
  // service's helper iframe (the emulator's own, on the embedded default).
  if (config.authEmulatorHost) {
    connect.push(`http://${config.authEmulatorHost}`);
    scripts.push(GAPI_HOST);
    frames.push(`http://${config.authEmulatorHost}`);
  } else if (!config.firebaseProjectId.startsWith('demo-')) {
    connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
    scripts.push(GAPI_HOST);
    frames.push(`https://${config.firebaseProjectId}.firebaseapp.com`);
  }
  if (config.stripe) {
    scripts.push('https://js.stripe.com');
    frames.push('https://js.stripe.com', 'https://hooks.stripe.com');
    connect.push('https://api.stripe.com');
  }
  const pages = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: scripts,
        connectSrc: connect,
        frameSrc: frames.length > 0 ? frames : ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // The app is served over plain HTTP on 127.0.0.1 by default; a proxy in front adds HTTPS.
        upgradeInsecureRequests: null,
      },
    },
    // Firebase's popup sign-in needs to talk back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.env === 'production',
  });
  // An API answer is data, never a document: it may load nothing and be framed by nobody, and the headers that
  // only steer a document (its opener, DNS prefetching, IE's download and XSS switches, agent clusters) are not
  // sent (OWASP's REST security headers): 5 of helmet's headers instead of 11, and a 41-byte CSP.
  const api = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    strictTransportSecurity: config.env === 'production',
  });
  return (req, res, next) => (req.path.startsWith('/api/') ? api : pages)(req, res, next);
}

/** What a limiter counts beyond its number: whose requests, which of them, and the sentence a 429 says. */
export interface LimiterOptions {
  /** The key a count is kept under: the client's address unless given (a signed-in sender's id). */
  key?: (req: Request, res: Response) => string;
  /** Only the requests that answer so count (e.g. a 201 that made something new). */
  counts?: (res: Response) => boolean;
  message?: string;
}

export function limiter(
  limit: number | ((req: Request, res: Response) => Promise<number>),
  windowMs: number,
  store?: Store,
  options: LimiterOptions = {},
): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    ...(store && { store }),
    ...(options.key && { keyGenerator: options.key }),
    ...(options.counts && {
      skipSuccessfulRequests: true,
      // "successful" is express-rate-limit's word for "given back": what does not count is given back.
      requestWasSuccessful: (_req: Request, res: Response) => !options.counts!(res),
    }),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(new HttpError(429, options.message ?? 'Too many requests, please try again later')),
  });
}

/**
 * The built web app: hashed assets cached for a year, every other page answered by index.html, through
 * `shell` when given (which fills in the page's own head: modules/seo). The build writes a .br and a .gz beside
 * each text asset (apps/web/vite.config.ts); the best one the browser accepts is sent, the plain file otherwise.
 */
export function webApp(dist: string, shell?: PageShell): Router | undefined {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return undefined;
  const router = express.Router();
  const assets = join(dist, 'assets') + sep;
  const files = expressStaticGzip(dist, {
    enableBrotli: true,
    // brotli is smaller than gzip: sent whenever the browser accepts it, whatever order it lists them in
    orderPreference: ['br'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders(res, path) {
        const hashed = path.startsWith(assets);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    },
  });
  // the build's server-side module (FRAMES_MODULE) is the server's to run, not a file to hand out: a path that
  // the static files would find in its folder, however spelt (%73sr, /assets/../ssr), goes on to the pages
  const serverSide = join(dist, dirname(FRAMES_MODULE)) + sep;
  router.use((req, res, next) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return normalize(join(dist, decoded)).startsWith(serverSide) ? next() : files(req, res, next);
  });
  router.get(/^\/(?!api\/|api$|uploads\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('cache-control', 'no-cache');
    if (shell) return shell(req, res, index);
    res.sendFile(index);
  });
  return router;
}
