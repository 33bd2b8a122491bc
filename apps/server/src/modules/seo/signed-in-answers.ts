// What a signed-in page's frame (shell.ts) is drawn from: who holds the page request's access token, and the API's
// own answer to the page's first call for them. The call is made to this same server, at the address the page
// request reached, with the person's token: the contract's security, the rate limits and the catalogue's kept
// answers are the very ones the browser's own call meets, and nothing here decides who may see what.
import type { Request } from 'express';
import { verifyAccessToken } from '../../auth/access-token';
import { bearerToken } from '../../http/authenticate';
import type { UsersRepository } from '../users/repository';
import type { SignedInAnswers } from './shell';

/** This server's own origin, as the socket `req` came in on has it (an IPv6 address in brackets). */
function ownOrigin(req: Request): string | undefined {
  const { localAddress, localPort } = req.socket;
  if (!localAddress || !localPort) return undefined;
  const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return `http://${host}:${localPort}`;
}

export function signedInAnswers(secret: Uint8Array, users: UsersRepository): SignedInAnswers {
  return {
    async who(authorization) {
      const token = bearerToken(authorization);
      const verified = token ? verifyAccessToken(secret, token) : null;
      const user = verified ? await users.findById(verified.sub) : undefined;
      if (!verified || !user) return undefined;
      return {
        uid: user.firebase_uid ?? user.id,
        email: user.email,
        displayName: user.name,
        role: user.role,
        expiresAt: verified.exp * 1000,
        secondStep: verified.secondFactor,
      };
    },
    async ask(url, req) {
      const origin = ownOrigin(req);
      if (!origin) return { status: 503, body: JSON.stringify({ message: 'Try again' }) };
      const response = await fetch(`${origin}${url}`, {
        headers: {
          authorization: req.get('authorization') ?? '',
          accept: 'application/json',
          // as the person's own call: the rate limits count them, where the server is told who they are
          ...(req.ip ? { 'x-forwarded-for': req.ip } : {}),
        },
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.text() };
    },
  };
}
