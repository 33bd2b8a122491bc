// A route's first request starts when the route matches, while its screen's chunk still loads, and
// the screen then finds its answer in the cache instead of asking again. Each test is the first visit of its
// route in this file, so the screen's lazy chunk has not loaded when the test looks.
import { demoAccounts, mobiles } from '@recell/api/fixtures';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { routeAt } from './routes';

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
