// The server links to the web's pages only through @recell/api's webLinks (emails, the bell, page heads, the
// sitemap): each builder must land on a route of this app's table, so renaming a route fails here.
import { webLinks, type WebLink } from '@recell/api';
import { describe, expect, it } from 'vitest';
import { routeAt, routes } from './routes';

/** Each builder's arguments: a plausible id where it takes one. */
const sample: Record<WebLink, readonly string[]> = {
  home: [],
  blogs: [],
  about: [],
  dashboard: [],
  myProducts: [],
  myBuyers: [],
  myOffers: [],
  offersReceived: [],
  payouts: [],
  payoutOnboarding: [],
  claim: ['cl-123'],
  claimsQueue: [],
  conversation: ['c-123'],
  notificationSettings: [],
  listing: ['m-samsung-s21'],
  category: ['02'],
  seller: ['u-seller'],
  priceGuide: ['samsung-galaxy-s21'],
  unsubscribe: [],
};

const build = (name: WebLink, args: readonly string[]) =>
  (webLinks[name] as (...values: readonly string[]) => string)(...args);

describe('the links the server writes', () => {
  it.each(Object.keys(webLinks) as WebLink[])('%s lands on a route of the app', (name) => {
    const path = build(name, sample[name]);
    const route = routeAt(path);
    expect(route, `${name}: ${path}`).toBeDefined();
    // a parameter's value is the builder's argument, not a fixed word of another route
    if (sample[name].length > 0) expect(route!.path).toMatch(/:/);
  });

  it('has a sample for every builder, and no sample for a builder that is gone', () => {
    expect(Object.keys(sample).sort()).toEqual(Object.keys(webLinks).sort());
  });

  it('keeps an id one path segment, whatever it holds', () => {
    expect(webLinks.conversation('a/../b?x#y')).toBe('/dashboard/messages/a%2F..%2Fb%3Fx%23y');
    expect(routeAt(webLinks.conversation('a/b'))?.path).toBe('/dashboard/messages/:id');
    expect(routeAt(webLinks.listing('x/y'))?.path).toBe('/mobile/:id');
  });

  it('fails for a route the table does not have', () => {
    expect(routes.some((route) => route.path === '/dashboard/nothing-here')).toBe(false);
    expect(routeAt('/dashboard/nothing-here')).toBeUndefined();
  });
});
