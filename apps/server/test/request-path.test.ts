// The request path's shortcuts keep its answers: the validator finds an operation without compiling the
// contract's paths again (patches/express-openapi-validator+5.6.2.patch), reads the raw query as url.parse did,
// and a verified access token is remembered for its life while who it names is still read on every request.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  rememberedTokens,
  signAccessToken,
  VERIFIED_TOKENS_CAP,
  verifyAccessToken,
} from '../src/auth/access-token';
import { call, newBuyer, startApp, type TestApp } from './support/harness';

// path-to-regexp as express-openapi-validator resolves it, so a compilation it makes is counted here.
const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const pathToRegexpModule = validatorRequire('path-to-regexp') as {
  pathToRegexp: (...args: never[]) => unknown;
};

let app: TestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  app = await startApp();
  const caller = await newBuyer(app, 'Request Path');
  token = caller.token ?? '';
  const row = await app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [caller.email]);
  userId = row?.id ?? '';
  expect(userId).not.toBe('');
});
afterAll(() => app.close());

describe("the validator's route lookup", () => {
  it('compiles no contract path once it has seen the routes', async () => {
    const original = pathToRegexpModule.pathToRegexp;
    let compiled = 0;
    pathToRegexpModule.pathToRegexp = (...args) => {
      compiled += 1;
      return original(...args);
    };
    try {
      // The first lookups may compile (the cache fills); the ones after must not.
      for (const path of ['/api/mobiles/02', '/api/mobiles/03', '/api/blogs']) {
        await call(app.server, 'get', path, { token });
      }
      compiled = 0;
      for (const path of ['/api/mobiles/02', '/api/mobiles/03', '/api/mobiles/01', '/api/blogs']) {
        expect((await call(app.server, 'get', path, { token })).status).toBe(200);
      }
      expect(compiled).toBe(0);
    } finally {
      pathToRegexpModule.pathToRegexp = original;
    }
  });

  it('reads reserved characters in the raw query as url.parse did', async () => {
    // Fast path: a raw '!' in a parameter that does not allow reserved characters is refused as such.
    const reserved = await call(app.server, 'get', '/api/mobiles/02?condition=Good!', { token });
    expect(reserved.status).toBe(400);
    expect(JSON.stringify(reserved.body)).toContain('reserved characters');
    // url.parse escapes a raw quote, so it was never a reserved character; the value then fails the enum.
    const quoted = await call(app.server, 'get', "/api/mobiles/02?condition=Go'od", { token });
    expect(quoted.status).toBe(400);
    expect(JSON.stringify(quoted.body)).not.toContain('reserved characters');
    // The words of a search may hold them (allowReserved).
    expect((await call(app.server, 'get', "/api/mobiles/02?q=it's!", { token })).status).toBe(200);
  });
});

describe('a remembered access token', () => {
  it("still reads the caller's current role and existence on every request", async () => {
    expect((await call(app.server, 'get', '/api/users', { token })).body).toEqual({ message: 'Forbidden' });
    await app.db.run("UPDATE users SET role = 'admin' WHERE id = ?", [userId]);
    // Read as an admin now: refused only for want of a second step at sign-in (a buyer's refusal names none).
    const promoted = await call(app.server, 'get', '/api/users', { token });
    expect({ status: promoted.status, code: promoted.body.code }).toEqual({
      status: 403,
      code: 'second_factor_required',
    });
    await app.db.run("UPDATE users SET role = 'buyer' WHERE id = ?", [userId]);
    expect((await call(app.server, 'get', '/api/users', { token })).status).toBe(403);
    expect((await call(app.server, 'get', '/api/mobiles/02', { token })).status).toBe(200);
    await app.db.run('DELETE FROM users WHERE id = ?', [userId]);
    expect((await call(app.server, 'get', '/api/mobiles/02', { token })).status).toBe(401);
  });
});

describe('verifyAccessToken', () => {
  const claims = { sub: 'u-remembered', email: 'remembered@recell.test', role: 'buyer' as const };

  it('answers a remembered token until it expires, and never for an altered one', async () => {
    const secret = new TextEncoder().encode('remembered-secret-remembered-secret-0123');
    const genuine = await signAccessToken(secret, claims);
    expect(verifyAccessToken(secret, genuine)?.sub).toBe('u-remembered');
    expect(verifyAccessToken(secret, genuine)?.sub).toBe('u-remembered');
    expect(rememberedTokens(secret)).toBe(1);
    const altered = `${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(verifyAccessToken(secret, altered)).toBeNull();
    expect(
      verifyAccessToken(new TextEncoder().encode('another-secret-another-secret-0123456'), genuine),
    ).toBeNull();
    expect(rememberedTokens(secret)).toBe(1);
    vi.useFakeTimers({ now: Date.now() + 3601_000 });
    try {
      expect(verifyAccessToken(secret, genuine)).toBeNull();
      expect(rememberedTokens(secret)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`remembers at most ${VERIFIED_TOKENS_CAP.toLocaleString('en')} tokens per secret`, async () => {
    const secret = new TextEncoder().encode('bounded-secret-bounded-secret-0123456789');
    const tokens = await Promise.all(
      Array.from({ length: VERIFIED_TOKENS_CAP + 5 }, (_, index) =>
        signAccessToken(secret, { ...claims, sub: `u-${index}` }),
      ),
    );
    tokens.forEach((each, index) => expect(verifyAccessToken(secret, each)?.sub).toBe(`u-${index}`));
    expect(rememberedTokens(secret)).toBe(VERIFIED_TOKENS_CAP);
    // The oldest was forgotten, and is verified (and remembered) again.
    expect(verifyAccessToken(secret, tokens[0] ?? '')?.sub).toBe('u-0');
    expect(rememberedTokens(secret)).toBe(VERIFIED_TOKENS_CAP);
  });
});
