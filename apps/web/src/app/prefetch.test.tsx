// A route's first request starts when the route matches, while its screen's chunk still loads (issue 12), and
// the screen then finds its answer in the cache instead of asking again. Each test is the first visit of its
// route in this file, so the screen's lazy chunk has not loaded when the test looks.
import { demoAccounts, mobiles } from '@recell/api/fixtures';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@recell/api';
import { sessionState } from '../features/auth/use-session';
import { renderApp, sessionFor, TEST_ORIGIN } from '../testing/render-app';
import { createTestQueryClient } from '../testing/session';
import { routeAt, startFirstRequest } from './routes';
import { admits } from './shell/guards';

const s21 = mobiles.find((mobile) => mobile._id === 'm-samsung-s21')!;

/** Notes each request the pattern matches and lets the mocks answer it. */
function recording(pattern: string) {
  const urls: string[] = [];
  const handler = http.get(pattern, ({ request }) => {
    urls.push(new URL(request.url).pathname + new URL(request.url).search);
    return undefined;
  });
  return { urls, handler };
}

describe("a route's data, asked for while its screen loads", () => {
  it('asks for a category’s phones (with the URL’s search) once, before the screen is there', async () => {
    const requests = recording('*/api/mobiles/:id');
    const { queryClient } = renderApp('/category/02?q=galaxy&sort=price_asc', {
      as: demoAccounts.buyer,
      handlers: [requests.handler],
    });
    // the screen's chunk is still loading ...
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    // ... and its request is already under way
    expect(queryClient.isFetching({ queryKey: ['mobiles', 'category', '02'] })).toBe(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung phones' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: s21.title })).toBeInTheDocument();
    // the screen asked with the same key: no second request
    expect(requests.urls).toEqual(['/api/mobiles/02?q=galaxy&sort=price_asc&page=1&pageSize=20']);
  });

  it('asks for the search results once, before the screen is there', async () => {
    const requests = recording('*/api/mobiles');
    const { queryClient } = renderApp('/search?q=galaxy', {
      as: demoAccounts.buyer,
      handlers: [requests.handler],
    });
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    expect(queryClient.isFetching({ queryKey: ['mobiles', 'search'] })).toBe(1);
    expect(await screen.findByRole('heading', { level: 2, name: s21.title })).toBeInTheDocument();
    expect(requests.urls).toEqual(['/api/mobiles?q=galaxy&sort=newest&page=1&pageSize=20']);
  });

  it('asks for a phone once, before its page is there', async () => {
    const requests = recording('*/api/mobile/:id');
    const { queryClient } = renderApp(`/mobile/${s21._id}`, { handlers: [requests.handler] });
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    expect(queryClient.isFetching({ queryKey: ['mobiles', 'one', s21._id] })).toBe(1);
    expect(await screen.findByRole('heading', { level: 1, name: s21.title })).toBeInTheDocument();
    expect(requests.urls).toEqual([`/api/mobile/${s21._id}`]);
  });

  it('asks nothing for a category that does not exist', async () => {
    const requests = recording('*/api/mobiles/:id');
    renderApp('/category/nope', { as: demoAccounts.buyer, handlers: [requests.handler] });
    expect(await screen.findByText('Error: Not Found')).toBeInTheDocument();
    expect(requests.urls).toEqual([]);
  });
});

describe("the first page's request, started by the entry before the first render", () => {
  /** What the entry does for `url` with this stored session; the query client it would hand to the app. */
  function firstRequest(url: string, session: ReturnType<typeof sessionFor> | null) {
    const client = createTestQueryClient();
    const [path = '', search = ''] = url.split('?');
    startFirstRequest({
      client,
      api: createApiClient({ baseUrl: `${TEST_ORIGIN}/api`, getToken: () => session?.accessToken }),
      session: sessionState(session, false),
      path,
      search,
    });
    return client;
  }
  const buyer = sessionFor(demoAccounts.buyer);

  it("asks for a category's phones for a signed-in user, with the URL's search", async () => {
    const client = firstRequest('/category/02?q=galaxy&sort=price_asc', buyer);
    expect(client.isFetching({ queryKey: ['mobiles', 'category', '02'] })).toBe(1);
    await expect.poll(() => client.isFetching()).toBe(0);
    const answers = client.getQueriesData<{ items: { _id: string }[] }>({
      queryKey: ['mobiles', 'category', '02'],
    });
    expect(answers.flatMap(([, answer]) => answer?.items.map((item) => item._id) ?? [])).toContain(s21._id);
  });

  it('asks nothing the guard would not let through: a visitor, the wrong role, a session still loading', () => {
    expect(firstRequest('/category/02', null).isFetching()).toBe(0);
    expect(firstRequest('/search?q=galaxy', null).isFetching()).toBe(0);
    const expired = { ...buyer, expiresAt: Date.now() - 1 };
    expect(firstRequest('/category/02', expired).isFetching()).toBe(0);
    // a listing's data differs by who asks: a visitor's request goes once no session is stored
    expect(firstRequest(`/mobile/${s21._id}`, null).isFetching()).toBe(1);
    expect(firstRequest('/category/nope', buyer).isFetching()).toBe(0);
  });
});

describe('admits: what the guards let through, for the entry to ask before rendering', () => {
  const as = (session: ReturnType<typeof sessionFor> | null, busy = false) => sessionState(session, busy);
  const buyer = sessionFor(demoAccounts.buyer);
  const seller = sessionFor(demoAccounts.seller);
  const admin = sessionFor(demoAccounts.admin);
  it.each([
    ['public', as(null, true), true],
    ['session-checked', as(null, true), false],
    ['session-checked', as(null), true],
    ['signed-in', as(null), false],
    ['signed-in', as(buyer), true],
    ['seller', as(buyer), false],
    ['seller', as(seller), true],
    ['admin', as(seller), false],
    ['admin', as(admin), true],
    ['signed-in', as(buyer, true), false],
  ] as const)('%s with %o: %s', (access, session, expected) => {
    expect(admits(access, session)).toBe(expected);
  });
});

describe("the first page's screen, loaded by the entry before the first render", () => {
  it('finds the row the router shows at a path', () => {
    expect(routeAt('/category/02')?.path).toBe('/category/:id');
    expect(routeAt('/dashboard/wishlist')?.path).toBe('/dashboard/wishlist');
    expect(routeAt('/no-such-page')).toBeUndefined();
  });

  it('shows a preloaded screen at once, with no fallback in between', async () => {
    await routeAt('/about')!.screen.preload();
    renderApp('/about');
    expect(screen.getByRole('heading', { level: 1, name: /about/i })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading the page' })).not.toBeInTheDocument();
  });
});
