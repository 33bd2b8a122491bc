// What the build tells the server of each page (dist/pages.json) comes from the route table as data: the server
// matches a URL with the router's own matcher, and gives a page the head the table describes.
import { demoAccounts } from '@recell/api/fixtures';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { server } from '../testing/server';
import { describePage, firstAnswerUrl } from './page-manifest';
import { routeAt, routes } from './routes';

const entries = routes.map(describePage);

/** The row the server picks for a URL, from the manifest alone: the first whose matcher takes it. */
const serverPick = (url: string) =>
  entries.find(({ match }) => new RegExp(match.source, match.flags).test(url));

describe("the build's page manifest", () => {
  it("matches a URL to the row the app's router shows there, with the path's parameters", () => {
    for (const url of [
      '/',
      '/blogs',
      '/blogs/',
      '/mobile/m-1',
      '/category/02',
      '/dashboard/payment/b-9',
      '/dashboard/notifications/settings',
      '/unsubscribe',
      '/x',
    ])
      expect(serverPick(url)?.path, url).toBe(routeAt(url)?.path);
    const listing = entries.find(({ path }) => path === '/mobile/:id')!;
    expect(new RegExp(listing.match.source, listing.match.flags).exec('/mobile/m-1')?.[1]).toBe('m-1');
    expect(listing.match.keys).toEqual(['id']);
  });

  it("gives the tab's whole title where it is the same for everyone, none where it depends on the role", () => {
    const title = (path: string) => entries.find((entry) => entry.path === path)?.title;
    expect(title('/')).toBe('ReCell: used phones, fairly sold');
    expect(title('/blogs')).toBe('Blogs | ReCell');
    expect(title('/dashboard')).toBeUndefined();
    expect(title('/mobile/:id')).toBeUndefined();
  });

  it('describes only public pages without parameters itself, and the listing, category, seller and price guide from their data', () => {
    const described = entries.filter((entry) => entry.description !== undefined);
    expect(described.map((entry) => entry.path)).toEqual(['/', '/blogs', '/about', '/safe-deal']);
    for (const entry of described) {
      expect(entry.title, entry.path).toBeDefined();
      expect(routes.find((route) => route.path === entry.path)?.access).toBe('public');
    }
    expect(entries.filter((entry) => entry.dataHead).map(({ path, dataHead }) => [path, dataHead])).toEqual([
      // the posts are served in the page and drawn there by the server
      ['/blogs', 'blogs'],
      ['/category/:id', 'category'],
      ['/mobile/:id', 'listing'],
      ['/seller/:id', 'seller'],
      // a model's guide is served in the page and drawn there by the server
      ['/prices/:modelKey', 'priceGuide'],
    ]);
  });
});

describe("a signed-in list page's first call", () => {
  /** The API URLs (path and query) the app asks when it shows `url` to the demo buyer. */
  async function askedBy(url: string): Promise<string[]> {
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => {
      const { pathname, search } = new URL(request.url);
      asked.push(`${pathname}${search}`);
    };
    server.events.on('request:start', record);
    const view = renderApp(url, { as: demoAccounts.buyer });
    try {
      await waitFor(() => expect(asked.some((one) => /^\/api\/mobiles(\/02)?\?/.test(one))).toBe(true));
      return asked;
    } finally {
      // before the live stream would start (once the page has settled)
      view.unmount();
      server.events.removeListener('request:start', record);
    }
  }

  it('is the URL the page itself asks first, filters, sort and page included', async () => {
    for (const [path, search] of [
      ['/category/02', ''],
      ['/category/02', 'q=ultra%20256gb&condition=Excellent&minPrice=100&sort=price_asc&page=2'],
      ['/search', 'q=galaxy'],
    ] as const) {
      const url = await firstAnswerUrl(path, search);
      expect(url, `${path}?${search}`).toMatch(/^\/api\/mobiles(\/02)?\?/);
      expect(await askedBy(search ? `${path}?${search}` : path)).toContain(url);
    }
  });

  it('is none for a page that is not a signed-in list, or a category that does not exist', async () => {
    for (const path of ['/', '/mobile/m-samsung-s21', '/blogs', '/dashboard', '/category/99', '/x'])
      expect(await firstAnswerUrl(path, ''), path).toBeUndefined();
    expect(entries.filter((entry) => entry.firstAnswer).map((entry) => entry.path)).toEqual([
      '/category/:id',
      '/search',
    ]);
  });
});
