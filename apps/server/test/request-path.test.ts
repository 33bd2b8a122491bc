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
import type { RequestHandler } from 'express';
import { KEPT_URL_CHECKS, urlChecksKept } from '../src/http/contract';
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

describe("a GET's input check, kept per URL", () => {
  type Req = Parameters<RequestHandler>[0];
  type Next = Parameters<RequestHandler>[2];
  const request = (url: string, more: Partial<Req> = {}, operation: object = {}) =>
    ({
      method: 'GET',
      originalUrl: url,
      headers: {},
      query: {},
      params: {},
      openapi: {
        schema: {
          operationId: 'listCategoryMobiles',
          parameters: [{ in: 'path' }, { in: 'query' }],
          ...operation,
        },
        pathParams: { id: '02' },
      },
      ...more,
    }) as unknown as Req;
  /** A stand-in check: counts its runs, coerces `page` and refuses a URL with `bad` in it. */
  function counted() {
    let runs = 0;
    const check: RequestHandler = (req, _res, next) => {
      runs += 1;
      if (req.originalUrl.includes('bad')) return next(new Error('refused'));
      Object.defineProperty(req, 'query', { value: { page: 2, tags: ['a'] }, writable: true });
      req.params = { id: '02' };
      next();
    };
    return { check, runs: () => runs };
  }
  const run = (step: RequestHandler, req: Req) =>
    new Promise<unknown>(
      (resolve) => void step(req, {} as never, ((error?: unknown) => resolve(error)) as Next),
    );

  it('runs once per URL that passes, and gives the next request the values it left', async () => {
    const { check, runs } = counted();
    const step = urlChecksKept(check);
    const first = request('/api/mobiles/02?page=2');
    expect(await run(step, first)).toBeUndefined();
    // a handler that changes its copy changes nothing for the next request
    (first.query as { tags: string[] }).tags.push('changed');
    const second = request('/api/mobiles/02?page=2');
    expect(await run(step, second)).toBeUndefined();
    expect(runs()).toBe(1);
    expect(second.query).toEqual({ page: 2, tags: ['a'] });
    expect(second.params).toEqual({ id: '02' });
    // another URL is its own
    await run(step, request('/api/mobiles/02?page=3'));
    expect(runs()).toBe(2);
  });

  it('checks a refused URL every time, and anything but a bodiless GET of the path and query', async () => {
    const { check, runs } = counted();
    const step = urlChecksKept(check);
    for (let i = 0; i < 2; i += 1)
      expect(await run(step, request('/api/mobiles/02?bad=1'))).toBeInstanceOf(Error);
    expect(runs()).toBe(2);
    const others = [
      request('/api/x', { method: 'POST' } as Partial<Req>),
      request('/api/x', { headers: { 'content-type': 'application/json' } } as Partial<Req>),
      request('/api/x', { headers: { 'content-length': '2' } } as Partial<Req>),
      // the live stream reads a header (Last-Event-ID): its check is its own every time
      request('/api/events', {}, { operationId: 'streamEvents' }),
    ];
    for (const one of others) {
      await run(step, one);
      await run(step, one);
    }
    expect(runs()).toBe(2 + others.length * 2);
  });

  it(`keeps at most ${KEPT_URL_CHECKS} URLs, the oldest going first`, async () => {
    const { check, runs } = counted();
    const step = urlChecksKept(check);
    for (let i = 0; i <= KEPT_URL_CHECKS; i += 1) await run(step, request(`/api/mobiles/02?page=${i}`));
    expect(runs()).toBe(KEPT_URL_CHECKS + 1);
    await run(step, request(`/api/mobiles/02?page=${KEPT_URL_CHECKS}`));
    expect(runs()).toBe(KEPT_URL_CHECKS + 1);
    await run(step, request('/api/mobiles/02?page=0'));
    expect(runs()).toBe(KEPT_URL_CHECKS + 2);
  });

  it('answers a URL the same the second time, coerced, and refuses a bad one every time (the real validator)', async () => {
    // a buyer of its own: the test above deletes its caller
    const token = (await newBuyer(app, 'Url Checks')).token ?? '';
    const url = '/api/mobiles/02?page=1&pageSize=3&minPrice=10&sort=price_asc';
    const once = await call(app.server, 'get', url, { token });
    const twice = await call(app.server, 'get', url, { token });
    expect(once.status).toBe(200);
    expect(twice.body).toEqual(once.body);
    expect((twice.body as { items: unknown[] }).items.length).toBeLessThanOrEqual(3);
    for (let i = 0; i < 2; i += 1) {
      const bad = await call(app.server, 'get', '/api/mobiles/02?page=0', { token });
      expect(bad.status).toBe(400);
    }
    // who may call is still asked every time
    expect((await call(app.server, 'get', url, {})).status).toBe(401);
  });
});
