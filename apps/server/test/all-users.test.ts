// All Users (admins), both engines: newest first, and found by part of a name or an email in any case, where a
// typed % or _ is only itself; a bad search is a 400 in words. Who may list is the matrix's (admins only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useServer } from './support/harness';

const ctx = useServer();
const as = () => ctx.people.admin.token;
type Listed = { items: { email: string; name: string; role: string }[]; total: number };
const list = async (query: string) => {
  const answer = await call(ctx.app.server, 'get', `/api/users?${query}`, { token: as() });
  expect(answer.status).toBe(200);
  return answer.body as Listed;
};

// Written straight into the table: the list reads rows, and their order is their created_at.
const people = [
  {
    id: 'u-find-1',
    email: 'zara.khan@find.test',
    name: 'Zara Khan',
    role: 'buyer',
    at: '2030-01-01T00:00:01Z',
  },
  {
    id: 'u-find-2',
    email: 'rafi_100%@find.test',
    name: 'Rafi Percent',
    role: 'seller',
    at: '2030-01-01T00:00:02Z',
  },
  {
    id: 'u-find-3',
    email: 'rafix100@find.test',
    name: 'Rafi Plain',
    role: 'buyer',
    at: '2030-01-01T00:00:03Z',
  },
];
beforeAll(async () => {
  for (const person of people)
    await ctx.app.db.run('INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, ?, ?)', [
      person.id,
      person.email,
      person.name,
      person.role,
      person.at,
    ]);
});
afterAll(async () => {
  for (const person of people) await ctx.app.db.run('DELETE FROM users WHERE id = ?', [person.id]);
});

describe('GET /users', () => {
  it('lists the newest first', async () => {
    const { items } = await list('pageSize=3');
    expect(items.map((user) => user.email)).toEqual(people.map((person) => person.email).reverse());
  });

  it('finds by part of a name or an email, in any case, with the role', async () => {
    expect((await list('q=ZARA%20KHAN')).items.map((user) => user.email)).toEqual(['zara.khan@find.test']);
    expect((await list('q=rafi')).items.map((user) => user.name)).toEqual(['Rafi Plain', 'Rafi Percent']);
    expect((await list('q=rafi&role=seller')).items.map((user) => user.name)).toEqual(['Rafi Percent']);
    expect((await list('q=@FIND.TEST')).total).toBe(3);
    expect(await list('q=nobody-here')).toMatchObject({ items: [], total: 0 });
  });

  it('takes a typed % or _ as itself, not as a wildcard', async () => {
    expect((await list(`q=${encodeURIComponent('_100%')}`)).items.map((user) => user.email)).toEqual([
      'rafi_100%@find.test',
    ]);
    expect((await list('q=%25')).items.map((user) => user.email)).toEqual(['rafi_100%@find.test']);
  });

  it('refuses a control character or over 100 characters in words, naming the field', async () => {
    for (const q of ['%00', 'a%1Bb', 'x'.repeat(101)]) {
      const answer = await call(ctx.app.server, 'get', `/api/users?q=${q}`, { token: as() });
      expect(answer.status, q).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(/q/);
    }
  });
});
