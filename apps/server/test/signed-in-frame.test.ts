// Issue 28: a signed-in list page's frame, asked by its head's script with the session (SIGNED_IN_FRAME_HEADER):
// drawn from the API's own answer to that person, so it holds nothing the API would not give them; never stored;
// a page without a first call, no session, or a refusal of the API gets no frame.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { FRAMES_MODULE, SIGNED_IN_FRAME_HEADER } from '@recell/api/pages';
import { call, useServer } from './support/harness';
import { fakeWebDist, writePages } from './support/web-dist';

const dir = mkdtempSync(join(tmpdir(), 'recell-signed-in-frame-'));
const dist = fakeWebDist(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writePages(dist, ({ path }) => (path === '/category/:id' ? { firstAnswer: true } : {}));
// A stand-in for the build's module (the real one, React drawing the app, is held to the browser's render by
// apps/web's frame.test): it draws who it was told and the titles of the answer it was given, as text.
const FIRST = '/api/mobiles/02?sort=newest&page=1&pageSize=20';
mkdirSync(join(dist, 'ssr'), { recursive: true });
writeFileSync(
  join(dist, FRAMES_MODULE),
  `
    const text = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    export async function firstAnswerUrl(path, search) {
      if (path === '/category/02') return ${JSON.stringify(FIRST)};
      if (path === '/category/03') return '/api/users';
      if (path === '/category/04') return '/api/mobiles/04?sort=newest&page=1&pageSize=20';
      if (path === '/category/05') return '/api/mobiles/01?sort=newest&page=1&pageSize=20';
      return undefined;
    }
    export async function renderSignedInFrame(path, search, session, answer) {
      if (path === '/category/05') throw new Error('cannot draw');
      return '<main id="main"><p>' + text(session.email) + ' ' + session.role + ' ' + session.expiresAt + '</p>' +
        answer.items.map((item) => '<h2>' + text(item.title) + '</h2>').join('') + '</main>';
    }
  `,
);
const ctx = useServer({ WEB_DIST: dist });

const frame = (path: string, authorization?: string) => {
  let pending = request(ctx.app.server).get(path).set(SIGNED_IN_FRAME_HEADER, '1');
  if (authorization !== undefined) pending = pending.set('authorization', authorization);
  return pending;
};

describe("a signed-in list page's frame", () => {
  it("is the page drawn for the token's holder from the API's own answer to them, never stored", async () => {
    const { buyer, seller } = ctx.people;
    if (!buyer.token || !seller.token) throw new Error('the people have not signed in');
    const answer = await call(ctx.app.server, 'get', FIRST, { token: buyer.token });
    expect(answer.status).toBe(200);
    const titles = (answer.body as { items: { title: string }[] }).items.map((item) => item.title);
    expect(titles.length).toBeGreaterThan(0);

    const response = await frame('/category/02', `Bearer ${buyer.token}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers[SIGNED_IN_FRAME_HEADER]).toBe('1');
    expect(response.headers['cache-control']).toBe('no-store');
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(response.text).toMatch(/^<main id="main"><p>/);
    expect(response.text).toContain(`<p>${escaped(buyer.email)} buyer `);
    for (const title of titles) expect(response.text).toContain(`<h2>${escaped(title)}</h2>`);
    expect(response.text).not.toContain(buyer.token);
    // the session's end is the token's own
    const expiresAt = Number(/ buyer (\d+)</.exec(response.text)?.[1]);
    const claims = JSON.parse(Buffer.from(buyer.token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    expect(expiresAt).toBe(claims.exp * 1000);
    // another person's frame is theirs
    const sellers = await frame('/category/02', `Bearer ${seller.token}`);
    expect(sellers.text).toContain(`<p>${escaped(seller.email)} seller `);
  });

  it('is a 401 without a valid session, in the contract Error shape', async () => {
    const { buyer } = ctx.people;
    if (!buyer.token) throw new Error('the buyer has not signed in');
    const forged = `${buyer.token.slice(0, -4)}AAAA`;
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      `Bearer ${forged}`,
      `Basic ${buyer.token}`,
      buyer.token,
    ]) {
      const response = await frame('/category/02', authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.body).toEqual({ message: expect.any(String) });
      expect(response.headers[SIGNED_IN_FRAME_HEADER]).toBeUndefined();
    }
  });

  it("passes the API's refusal on, and draws nothing from it", async () => {
    const { buyer } = ctx.people;
    // an admin's operation named as a first call: the buyer is refused by the API, so gets no frame
    const users = await frame('/category/03', `Bearer ${buyer.token}`);
    expect(users.status).toBe(403);
    expect(users.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
    expect(users.text).not.toMatch(/<main/);
    // a category the contract does not know
    const unknown = await frame('/category/04', `Bearer ${buyer.token}`);
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    expect(unknown.text).not.toMatch(/<main/);
  });

  it('is a 404 for a page without a first call, however spelt; 204 when the module cannot draw it', async () => {
    const { buyer } = ctx.people;
    for (const path of [
      '/about',
      '/dashboard',
      '/mobile/m-samsung-s21',
      '/category/99',
      '/CATEGORY/02x',
      '/nowhere',
    ]) {
      const response = await frame(path, `Bearer ${buyer.token}`);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({ message: 'Not found' });
    }
    const undrawn = await frame('/category/05', `Bearer ${buyer.token}`);
    expect(undrawn.status).toBe(204);
    expect(undrawn.text).toBe('');
  });

  it('leaves the page itself as it was: asked without the header, the whole HTML', async () => {
    const { buyer } = ctx.people;
    const page = await request(ctx.app.server)
      .get('/category/02')
      .set('accept', 'text/html')
      .set('authorization', `Bearer ${buyer.token}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/^<!doctype html>/i);
    expect(page.headers[SIGNED_IN_FRAME_HEADER]).toBeUndefined();
  });
});
