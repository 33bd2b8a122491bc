// Who is calling, from a verified bearer token only. express-openapi-validator decides who may call what: it
// runs these handlers for the schemes an operation's `security` in openapi.yaml names (the document's default
// is accessToken, so an operation is denied unless the contract marks it public or its identity optional), with
// the requirement's scopes: the roles that may call it. It runs them before it reads the body, so a caller
// without the right learns nothing about a protected operation's input rules.
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
      // The operation's roles, from the contract; none named means any signed-in role.
      if (scopes.length > 0 && !scopes.includes(user.role)) forbidden();
      const weak = weakSignIn(
        user,
        token,
        scopes,
        (req as OpenApiRequest).openapi?.schema,
        options.recentSignIn,
      );
      if (weak) localsOf(req).weakSignIn = weak;
      return true;
    },
  };
}

/**
 * Why this sign-in may not call this operation, if it may not: an admin using an admin operation must have signed
 * in with a second step, and an operation the contract marks `x-recent-sign-in` needs a sign-in of the last
 * RECENT_SIGN_IN_SECONDS (config). Both are read from the access token, which carries the Firebase ID token's claims.
 */
function weakSignIn(
  user: CurrentUser,
  token: { secondFactor: boolean; authTime: number },
  scopes: string[],
  operation: object | undefined,
  recent: { seconds: number; clock: { now(): Date } },
): HttpError | undefined {
  if (user.role === 'admin' && scopes.includes('admin') && !token.secondFactor) {
    return new HttpError(403, SECOND_FACTOR_REQUIRED, { code: 'second_factor_required' });
  }
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
