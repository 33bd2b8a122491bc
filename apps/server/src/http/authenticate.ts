// Who is calling, from a verified bearer token only. express-openapi-validator decides who may call what: it
// runs these handlers for the schemes an operation's `security` in openapi.yaml names (the document's default
// is accessToken, so an operation is denied unless the contract marks it public or its identity optional), with
// the requirement's scopes: the roles that may call it. It runs them before it reads the body, so a caller
// without the right learns nothing about a protected operation's input rules.
//
// An admin whose sign-in had no second step is refused by every operation that reads their access token, whatever
// its scopes (the operations open to every role let an admin read anyone's bookings and cart), save
// only what turning the step on and signing in with it takes: BEFORE_SECOND_STEP.
import type { Request, RequestHandler, Response } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import { SECOND_FACTOR_REQUIRED } from '@recell/api';
import { verifyAccessToken } from '../auth/access-token';
import type { Identity, IdentityClaims } from '../auth/identity';
import type { CurrentUser } from '../auth/policy';
import type { UsersRepository } from '../modules/users/repository';
import { forbidden, HttpError, unauthorized } from './errors';

interface Locals {
  user?: CurrentUser;
  /** When the caller's access token expires (ms since 1970): a live stream ends then. */
  tokenExpiresAt?: number;
  identity?: IdentityClaims;
  /** Why the caller's sign-in is not strong enough for this operation (raised by signInStrengthChecked). */
  weakSignIn?: HttpError;
}

/** The token of an `Authorization: Bearer ...` header; undefined for any other header or none. */
export function bearerToken(header: string | undefined): string | undefined {
  return header?.match(/^Bearer ([A-Za-z0-9._~+/=-]{10,4096})$/)?.[1];
}

function bearer(header: string | undefined): string {
  return bearerToken(header) ?? unauthorized();
}

const localsOf = (req: Request) => (req.res?.locals ?? {}) as Locals;

/** One handler per security scheme of openapi.yaml; a scheme without one is refused by the validator. */
export function securityHandlers(options: {
  secret: Uint8Array;
  identity: Identity;
  users: UsersRepository;
  /** Step-up operations: how old a sign-in may be, by which clock (tests move it instead of waiting). */
  recentSignIn: { seconds: number; clock: { now(): Date } };
}): Record<'accessToken' | 'firebaseIdToken', (req: Request, scopes: string[]) => Promise<boolean>> {
  return {
    async firebaseIdToken(req) {
      const claims = await options.identity.verifyIdToken(bearer(req.headers.authorization));
      localsOf(req).identity = claims ?? unauthorized();
      return true;
    },
    async accessToken(req, scopes) {
      const token = verifyAccessToken(options.secret, bearer(req.headers.authorization));
      const user = token ? await options.users.findById(token.sub) : undefined;
      // A deleted user's token stops working at once.
      if (!user || !token) return unauthorized();
      localsOf(req).user = user;
      localsOf(req).tokenExpiresAt = token.exp * 1000;
      const operation = (req as OpenApiRequest).openapi?.schema;
      // Before the operation's roles: such an admin meets the one refusal wherever they go.
      if (
        user.role === 'admin' &&
        !token.secondFactor &&
        !BEFORE_SECOND_STEP.has(operation?.operationId ?? '')
      ) {
        localsOf(req).weakSignIn = new HttpError(403, SECOND_FACTOR_REQUIRED, {
          code: 'second_factor_required',
        });
        return true;
      }
      // The operation's roles, from the contract; none named means any signed-in role.
      if (scopes.length > 0 && !scopes.includes(user.role)) forbidden();
      const stale = staleSignIn(token, operation, options.recentSignIn);
      if (stale) localsOf(req).weakSignIn = stale;
      return true;
    },
  };
}

/**
 * What an admin whose sign-in had no second step may still call: exactly what turning the step on and signing in
 * with it takes. The step itself happens at the identity service: the web's /account/security screen
 * enrols the phone and confirms its code with Firebase, and the login screen's code step is Firebase's too. What
 * the web asks this server on the way is the token exchange, before the step and again right after it (GET /jwt,
 * and POST /usersall when the sign-in made a new account), and in demo mode the code those screens show (GET
 * /demo/sign-in-code). Nothing else is needed: the shell's counts and live stream are refused like the rest (the
 * web then shows no count, and the stream tries again until the new session). None of the three reads the access
 * token today (the exchange takes the Firebase ID token, the demo code is public), so the check above never meets
 * them; they are named all the same, so that what such an admin may call is written in this one place and stays
 * so should one of them come to read it. admin-without-second-step.test.ts walks every operation against it.
 */
export const BEFORE_SECOND_STEP: ReadonlySet<string> = new Set([
  'exchangeToken',
  'createUser',
  'getDemoSignInCode',
]);

/**
 * Why this sign-in is too old for this operation, if it is: an operation the contract marks `x-recent-sign-in`
 * needs a sign-in of the last RECENT_SIGN_IN_SECONDS (config), read from the access token, which carries the
 * Firebase ID token's auth_time.
 */
function staleSignIn(
  token: { authTime: number },
  operation: object | undefined,
  recent: { seconds: number; clock: { now(): Date } },
): HttpError | undefined {
  const recentOnly =
    (operation as { 'x-recent-sign-in'?: unknown } | undefined)?.['x-recent-sign-in'] === true;
  if (recentOnly && recent.clock.now().getTime() / 1000 - token.authTime > recent.seconds) {
    return new HttpError(403, 'Please sign in again to confirm it is you before this change', {
      code: 'recent_sign_in_required',
    });
  }
  return undefined;
}

/**
 * The security step (express-openapi-validator) words every refusal its own way; a sign-in too weak for the
 * operation is raised here, right after it and still before any body is read, with its own code.
 */
export function signInStrengthChecked(): RequestHandler {
  return (_req, res, next) => next((res.locals as Locals).weakSignIn);
}

/**
 * Optional identity (`security: [{}, {accessToken: []}]`, e.g. a listing's page): the validator lets a caller
 * through as a visitor when any requirement passes, but a header that is sent is checked like anywhere else, so
 * a bad or expired token is a 401 and never quietly downgraded to a visitor's view. Runs after the validator's
 * security step.
 */
export function sentCredentialsChecked(): RequestHandler {
  return (req: OpenApiRequest, res, next) => {
    if (req.headers.authorization === undefined) return next();
    const named = req.openapi?.schema.security?.some((requirement) => Object.keys(requirement).length > 0);
    const locals = res.locals as Locals;
    if (named && !locals.user && !locals.identity) return next(new HttpError(401, 'Please sign in again'));
    next();
  };
}

/** The signed-in caller (whose role the contract's scopes already admitted). */
export function requireUser(res: Response): CurrentUser {
  return (res.locals as Locals).user ?? unauthorized();
}

/** The caller of an operation whose identity is optional; undefined for a visitor. */
export function optionalUser(res: Response): CurrentUser | undefined {
  return (res.locals as Locals).user;
}

/** When the signed-in caller's access token expires (ms since 1970). */
export function tokenExpiresAt(res: Response): number {
  return (res.locals as Locals).tokenExpiresAt ?? unauthorized();
}

export function requireIdentity(res: Response): IdentityClaims {
  return (res.locals as Locals).identity ?? unauthorized();
}
