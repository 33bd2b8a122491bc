// Production hygiene: security headers and CSP, CORS for the configured web origin, rate limits, body limits,
// pagination defaults and maximum, health, and the built web app with an SPA fallback.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@recell/api/fixtures';
import { signAccessToken } from '../src/auth/access-token';
import { AFTER_PAINT_SCRIPT_SOURCE } from '../src/modules/seo/after-paint';
import { FIRST_ANSWER_SCRIPT_SOURCE } from '../src/modules/seo/first-answer';
import { signUpAccount, uniqueEmail, verifiedAccount } from './support/accounts';
import { call, expectContract, startApp, type TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startApp({
    WEB_ORIGIN: 'http://localhost:5173',
    RATE_LIMIT_TOKEN: '3',
    RATE_LIMIT_SIGNUP: '2',
  });
});
afterAll(() => app.close());

describe('headers', () => {
  it("sends an API answer a CSP that loads nothing and lets nobody frame it, and no document's headers", async () => {
    const response = await call(app.server, 'get', '/api/health');
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    for (const header of ['cross-origin-opener-policy', 'x-dns-prefetch-control', 'x-xss-protection']) {
      expect(response.headers[header], header).toBeUndefined();
    }
    expect(response.headers['x-powered-by']).toBeUndefined();
    // a refusal too
    const missing = await call(app.server, 'get', '/api/mobile/m-nothing');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('sends a page a CSP that admits the Auth emulator, COOP same-origin-allow-popups, and no x-powered-by', async () => {
    const response = await request(app.server).get('/robots.txt');
    expect(response.status).toBe(200);
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`connect-src 'self' http://${app.config.authEmulatorHost}`);
    // Continue with Google: the SDK's gapi loader, and the emulator's helper iframe; inline, only the one
    // script a framed page asks for the app's scripts with, by its hash
    expect(csp).toContain(
      `script-src 'self' ${AFTER_PAINT_SCRIPT_SOURCE} ${FIRST_ANSWER_SCRIPT_SOURCE} https://apis.google.com;`,
    );
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain(`frame-src http://${app.config.authEmulatorHost}`);
    expect(csp).not.toContain('stripe.com');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('admits Stripe hosts only when Stripe is configured', async () => {
    const withStripe = await startApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    try {
      const csp = (await request(withStripe.server).get('/robots.txt')).headers['content-security-policy'];
      expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
      expect(csp).toContain('https://api.stripe.com');
    } finally {
      await withStripe.close();
    }
  });

  it('answers CORS for the configured web origin only', async () => {
    const allowed = await request(app.server)
      .options('/api/blogs')
      .set('origin', 'http://localhost:5173')
      .set('access-control-request-method', 'GET');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const other = await request(app.server).get('/api/blogs').set('origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('limits', () => {
  it('rate-limits the token exchange and sign-up with a 429 Error', async () => {
    const idToken = await verifiedAccount(app, demoAccounts.buyer);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await call(app.server, 'get', '/api/jwt', { token: idToken })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await call(app.server, 'get', '/api/jwt', { token: idToken });
    expect(limited.body).toEqual({ message: 'Too many requests, please try again later' });

    const signUps: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const token = await signUpAccount(uniqueEmail('limited'), 'limited-pw');
      signUps.push(
        (await call(app.server, 'post', '/api/usersall', { token, body: { name: 'L', role: 'buyer' } }))
          .status,
      );
    }
    expect(signUps).toEqual([201, 201, 429]);
  });

  it('rate-limits reports with a 429 Error', async () => {
    const limited = await startApp({ RATE_LIMIT_REPORTS: '2' });
    try {
      const token = await signAccessToken(limited.config.jwtSecret, {
        sub: demoAccounts.buyer._id,
        email: demoAccounts.buyer.email,
        role: 'buyer',
      });
      const responses = [];
      for (const mobileId of ['m-samsung-s21', 'm-samsung-a54', 'm-apple-iphone-13']) {
        const body = { mobileId, Report: 'This is fake' };
        responses.push(await call(limited.server, 'post', '/api/report', { token, body }));
      }
      expect(responses.map((response) => response.status)).toEqual([201, 201, 429]);
      expect(responses[2]?.body).toEqual({ message: 'Too many requests, please try again later' });
    } finally {
      await limited.close();
    }
  });

  /** A raw POST /report as the demo buyer: bodies the JSON client could not send. */
  async function postReport(contentType: string, body: string) {
    const token = await signAccessToken(app.config.jwtSecret, {
      sub: demoAccounts.buyer._id,
      email: demoAccounts.buyer.email,
      role: 'buyer',
    });
    return request(app.server)
      .post('/api/report')
      .set('authorization', `Bearer ${token}`)
      .set('content-type', contentType)
      .send(body);
  }

  it('refuses a JSON body over 100 KB with 413, and reads no body of an anonymous caller', async () => {
    const big = JSON.stringify({ mobileId: 'm-samsung-s21', Report: 'x'.repeat(150_000) });
    const response = await postReport('application/json', big);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The request body is too large' });
    expectContract('post', '/api/report', 413, response.body);
    const anonymous = await request(app.server)
      .post('/api/report')
      .set('content-type', 'application/json')
      .send(big);
    expect(anonymous.status).toBe(401);
  });

  it('answers a body that is not JSON with 415 in readable words', async () => {
    const response = await postReport('text/plain', 'This is fake');
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      message: 'Send the request body as JSON (Content-Type: application/json)',
    });
    expectContract('post', '/api/report', 415, response.body);
  });

  it('a cached catalogue page changes as soon as a listing does', async () => {
    const token = await signAccessToken(app.config.jwtSecret, {
      sub: demoAccounts.seller._id,
      email: demoAccounts.seller.email,
      role: 'seller',
    });
    const page = async () =>
      (await call(app.server, 'get', '/api/mobiles/03?sort=price_desc', { token })).body as {
        items: { _id: string; resale_price: number }[];
      };
    const before = await page();
    expect(before).toEqual(await page());
    await call(app.server, 'patch', '/api/mobile/m-apple-iphone-14-pro', {
      token,
      body: { resale_price: 9999 },
    });
    const after = await page();
    expect(after.items[0]).toMatchObject({ _id: 'm-apple-iphone-14-pro', resale_price: 9999 });
    expect(after).not.toEqual(before);
  });

  it('pages every list: 20 by default, 100 at most', async () => {
    const blogs = await call(app.server, 'get', '/api/blogs');
    expect(blogs.body).toMatchObject({ page: 1, pageSize: 20, total: 4 });
    const second = await call(app.server, 'get', '/api/blogs?page=2&pageSize=3');
    expect(second.body).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(second.body.items).toHaveLength(1);
    expect((await call(app.server, 'get', '/api/blogs?pageSize=100')).status).toBe(200);
    expect((await call(app.server, 'get', '/api/blogs?pageSize=101')).status).toBe(400);
  });
});

describe('the web app', () => {
  it('is served when apps/web/dist exists: hashed assets cached, other pages get index.html', async () => {
    const dist = join(app.dir, 'web-dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>ReCell</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
    const withWeb = await startApp({ WEB_DIST: dist });
    try {
      const home = await request(withWeb.server).get('/').set('accept', 'text/html');
      expect(home.status).toBe(200);
      expect(home.text).toContain('<title>ReCell</title>');
      expect(home.headers['cache-control']).toBe('no-cache');
      const deep = await request(withWeb.server)
        .get('/dashboard/payment/b-demo-unpaid')
        .set('accept', 'text/html');
      expect(deep.text).toContain('id="root"');
      const asset = await request(withWeb.server).get('/assets/index-3f9a1c.js');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The API keeps its own 404s.
      const missing = await request(withWeb.server).get('/api/nothing-here').set('accept', 'text/html');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Not found' });
    } finally {
      await withWeb.close();
    }
  });

  it('is absent when there is no build: / is a JSON 404', async () => {
    const response = await request(app.server).get('/');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found' });
  });

  it('serves the contract at /openapi.yaml', async () => {
    const response = await request(app.server).get('/openapi.yaml');
    expect(response.status).toBe(200);
    expect(response.text).toContain('operationId: recordPayment');
  });
});
