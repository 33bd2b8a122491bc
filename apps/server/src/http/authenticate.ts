// Who is calling, from a verified bearer token only. The contract says which operations are secured and with
// which scheme, so an operation is denied by default unless openapi.yaml marks it public, or its identity
// optional. This runs before the request validator, so an anonymous caller learns nothing about a protected
// operation's input rules.
import type { RequestHandler, Response } from 'express';
import type { Role } from '@recell/api';
import { contractValidator } from '@recell/api/contract';
import { verifyAccessToken } from '../auth/access-token';
import type { Identity, IdentityClaims } from '../auth/identity';
import type { CurrentUser } from '../auth/policy';
import type { UsersRepository } from '../modules/users/repository';
import { forbidden, HttpError, unauthorized } from './errors';

interface Locals {
  user?: CurrentUser;
  identity?: IdentityClaims;
}

function bearer(header: string | undefined): string | null {
  const match = header?.match(/^Bearer ([A-Za-z0-9._~+/=-]{10,4096})$/);
  return match?.[1] ?? null;
}

export function authenticate(options: {
  secret: Uint8Array;
  identity: Identity;
  users: UsersRepository;
}): RequestHandler {
  const contract = contractValidator();
  return async (req, res, next) => {
    const found = contract.findOperation(req.method, req.path);
    if (!found) return next();
    const { secured, schemes } = found.operation;
    // Optional identity (`security: [{}, {accessToken: []}]`, e.g. a listing's page): a caller without an
    // Authorization header is a visitor, but a header that is sent is checked like anywhere else, so a bad or
    // expired token is a 401 and never quietly downgraded to a visitor's view.
    if (!secured && (schemes.length === 0 || req.headers.authorization === undefined)) return next();
    const token = bearer(req.headers.authorization);
    if (!token) return next(new HttpError(401, 'Please sign in again'));
    const locals = res.locals as Locals;
    if (found.operation.schemes.includes('firebaseIdToken')) {
      const claims = await options.identity.verifyIdToken(token);
      if (!claims) return next(new HttpError(401, 'Please sign in again'));
      locals.identity = claims;
      return next();
    }
    const userId = verifyAccessToken(options.secret, token);
    const user = userId ? await options.users.findById(userId) : undefined;
    // A deleted user's token stops working at once.
    if (!user) return next(new HttpError(401, 'Please sign in again'));
    locals.user = user;
    next();
  };
}

/** The signed-in caller; 403 when their stored role is not one of `roles`. */
export function requireUser(res: Response, roles?: readonly Role[]): CurrentUser {
  const user = (res.locals as Locals).user ?? unauthorized();
  if (roles && !roles.includes(user.role)) forbidden();
  return user;
}

/** The caller of an operation whose identity is optional; undefined for a visitor. */
export function optionalUser(res: Response): CurrentUser | undefined {
  return (res.locals as Locals).user;
}

export function requireIdentity(res: Response): IdentityClaims {
  return (res.locals as Locals).identity ?? unauthorized();
}

export const NON_SELLERS = ['buyer', 'admin'] as const satisfies readonly Role[];
