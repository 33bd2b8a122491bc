// The request path's shortcuts keep its answers: the validator finds an operation without compiling the
// contract's paths again (patches/express-openapi-validator+5.6.2.patch), and reads the raw query as url.parse did.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newBuyer, startApp, type TestApp } from './support/harness';

// path-to-regexp as express-openapi-validator resolves it, so a compilation it makes is counted here.
const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const pathToRegexpModule = validatorRequire('path-to-regexp') as {
  pathToRegexp: (...args: never[]) => unknown;
};

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startApp();
  const caller = await newBuyer(app, 'Request Path');
  token = caller.token ?? '';
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
