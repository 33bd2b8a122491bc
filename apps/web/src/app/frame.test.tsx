// The static first frame of each public page (frame.tsx, sent by the server inside #root) must be what the
// browser's first render draws there for a visitor: React replaces the one with the other, and any difference
// would show as a flash or a layout shift. Both are read back through the DOM; only what React
// itself writes differently on a server (comments between text, useId's ids, style spacing) is set aside.
import type { BlogPage, PriceGuide, PublicMobile } from '@recell/api';
import { SERVED_BLOGS_ELEMENT, SERVED_LISTING_ELEMENT, SERVED_PRICE_GUIDE_ELEMENT } from '@recell/api/pages';
import { createStore } from 'jotai';
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { demoAccounts } from '@recell/api/fixtures';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authBusyAtom, sessionAtom } from '../features/auth/atoms';
import { sessionFor } from '../testing/session';
import { answeredQueryClient } from './answered';
import { firstAnswerUrl } from './page-manifest';
import { createQueryClient } from '../lib/query-client';
import { mobileQueryKey } from '../features/catalogue/api/get-mobile';
import { freshMockStore } from '../testing/server';
import { App } from './App';
import {
  FRAME_PATHS,
  renderFrame,
  renderBlogsFrame,
  renderListingFrame,
  renderPriceGuideFrame,
  renderSessionFrame,
  renderSignedInFrame,
  SESSION_FRAME_PATHS,
} from './frame';
import { routeAt } from './routes';

const REACT_ID = /_[rR]_[\dA-Za-z]+_|«[rR][\dA-Za-z]+»/g;

/**
 * The markup as a DOM reads it, with what a server render writes differently set aside: comments between
 * text, useId's ids (`_R_mk9H1_` there, `_r_4_` here: named in order of appearance), attribute order and
 * style spacing, and references to ids the markup lacks (react-aria names a field's description and error
 * before it knows whether they are drawn; in a browser a layout effect drops them). One tag a line.
 */
function normalise(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  template.content.normalize();
  const elements = [...template.content.querySelectorAll('*')];
  const present = new Set(elements.map((element) => element.id).filter(Boolean));
  const ids = new Map<string, string>();
  const named = (value: string) =>
    value.replace(REACT_ID, (id) => {
      if (!ids.has(id)) ids.set(id, `id${ids.size}`);
      return ids.get(id)!;
    });
  for (const element of elements) {
    const attributes = [...element.attributes].map(({ name, value }) => ({ name, value }));
    for (const { name } of attributes) element.removeAttribute(name);
    attributes.sort((a, b) => a.name.localeCompare(b.name));
    for (const attribute of attributes) {
      const { name } = attribute;
      let { value } = attribute;
      if (name === 'style') {
        const probe = document.createElement('div');
        probe.setAttribute('style', value);
        value = probe.style.cssText;
      }
      if (name === 'aria-describedby' || name === 'aria-labelledby') {
        value = value
          .split(/\s+/)
          .filter((id) => present.has(id))
          .join(' ');
        if (!value) continue;
      }
      element.setAttribute(name, named(value));
    }
  }
  return template.innerHTML.replaceAll('><', '>\n<');
}

/** As the server serves a page's data in it: JSON in a script element the app reads once. */
function serve(element: string, data: object) {
  const served = document.createElement('script');
  served.type = 'application/json';
  served.id = element;
  served.textContent = JSON.stringify(data);
  document.head.append(served);
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  history.replaceState(null, '', '/');
});

/** The app's first commit in the browser (and its effects), before any answer from the API: its markup. */
function firstRender(
  store: ReturnType<typeof createStore>,
  queryClient = createQueryClient(),
  apiBaseUrl?: string,
): string {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  unmount = () => {
    act(() => root.unmount());
    container.remove();
  };
  act(() =>
    root.render(<App store={store} queryClient={queryClient} {...(apiBaseUrl ? { apiBaseUrl } : {})} />),
  );
  return container.innerHTML;
}

describe('the static first frames', () => {
  it('are drawn for home, blogs, about and how a safe deal works (not the forms: typing into a frame would be lost)', () => {
    expect(FRAME_PATHS).toEqual(['/', '/blogs', '/about', '/safe-deal']);
  });

  it.each(FRAME_PATHS)("%s: the frame is the browser's first render for a visitor", async (path) => {
    const frame = await renderFrame(path);
    // the page's own content is there, not a fallback
    expect(frame).toContain('id="main"');
    expect(frame).not.toContain('Loading the page');

    // as the entry renders (main.tsx): the screen loaded first, then the app at the browser's address
    freshMockStore();
    history.replaceState(null, '', path);
    await routeAt(path)?.screen.preload();
    expect(normalise(frame)).toBe(normalise(firstRender(createStore())));
  });

  it('are drawn for every page behind a sign-in, and for no public one', () => {
    expect(SESSION_FRAME_PATHS).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/category/:id',
        '/search',
        '/dashboard/myBuyers',
        '/dashboard/users',
      ]),
    );
    for (const path of ['/', '/login', '/mobile/:id', '/seller/:id', '/unsubscribe'])
      expect(SESSION_FRAME_PATHS).not.toContain(path);
  });

  // (at /search?q=… the navbar's box shows the words once the app has drawn: the frame cannot know them)
  it.each(['/dashboard', '/category/02', '/search', '/dashboard/myProduct', '/dashboard/users'])(
    "%s: the session frame is the browser's first render while the session is checked",
    async (at) => {
      const route = routeAt(at);
      expect(route && SESSION_FRAME_PATHS.includes(route.path)).toBe(true);
      const frame = renderSessionFrame(route!.path);
      expect(frame).toContain('Checking your sign-in');
      expect(frame).not.toMatch(/Sign out|Dashboard/);

      freshMockStore();
      history.replaceState(null, '', at);
      const store = createStore();
      store.set(authBusyAtom, true);
      expect(normalise(frame)).toBe(normalise(firstRender(store)));
    },
  );

  it("/mobile/:id: the listing's frame, drawn from the listing served in the page, is the browser's first render for a visitor", async () => {
    freshMockStore();
    const path = '/mobile/m-samsung-s21';
    // the listing as a visitor's GET /mobile/{id} answers it: what the server serves in the page
    const answer = await fetch(`${location.origin}/api/mobile/m-samsung-s21`);
    const listing = (await answer.json()) as PublicMobile;
    expect(listing).not.toHaveProperty('number_of_seller');
    const frame = await renderListingFrame(path, listing);
    // the listing itself, not its loading state: the picture, the title and the price paint with the HTML
    expect(frame).toContain(`<h1`);
    expect(frame).toContain(listing.title);
    expect(frame).toContain(`src="${listing.picture}"`);
    expect(frame).not.toContain('Loading the phone');

    // the browser: the served listing in the page, the screen loaded first, the app at the address
    serve(SERVED_LISTING_ELEMENT, listing);
    history.replaceState(null, '', path);
    await routeAt(path)?.screen.preload();
    const queryClient = createQueryClient();
    expect(normalise(frame)).toBe(normalise(firstRender(createStore(), queryClient)));
    // read once and gone; asked for again at once (a party to the deal sees more in their own answer)
    expect(document.getElementById(SERVED_LISTING_ELEMENT)).toBeNull();
    expect(queryClient.getQueryState(mobileQueryKey(listing._id))).toMatchObject({
      dataUpdatedAt: 0,
      fetchStatus: 'fetching',
    });
  });

  it("/blogs: the frame drawn from the posts served in the page is the browser's first render", async () => {
    freshMockStore();
    const blogs = (await (await fetch(`${location.origin}/api/blogs`)).json()) as BlogPage;
    expect(blogs.items.length).toBeGreaterThan(0);
    const frame = await renderBlogsFrame('/blogs', blogs);
    // the posts themselves, not their loading state: the first post's text is the page's largest paint
    expect(frame).toContain(blogs.items[0]!.title);
    expect(frame).not.toContain('Loading');

    serve(SERVED_BLOGS_ELEMENT, blogs);
    history.replaceState(null, '', '/blogs');
    await routeAt('/blogs')?.screen.preload();
    expect(normalise(frame)).toBe(normalise(firstRender(createStore())));
    expect(document.getElementById(SERVED_BLOGS_ELEMENT)).toBeNull();
  });

  it("/prices/:modelKey: the frame drawn from the guide served in the page is the browser's first render", async () => {
    freshMockStore();
    const path = '/prices/samsung-galaxy-s21';
    const guide = (await (
      await fetch(`${location.origin}/api/price-guide/samsung-galaxy-s21`)
    ).json()) as PriceGuide;
    expect(guide.overall.median).toBeDefined();
    const frame = await renderPriceGuideFrame(path, guide);
    // the figures themselves, not their loading state: the median, the chart and the history's table
    expect(frame).toContain('<h1');
    expect(frame).toContain(guide.model.title);
    expect(frame).toContain(`$${guide.overall.median}`);
    expect(frame).toContain('role="img"');
    expect(frame).toContain('Completed deals and median price by month');
    expect(frame).not.toContain('Loading');

    serve(SERVED_PRICE_GUIDE_ELEMENT, guide);
    history.replaceState(null, '', path);
    await routeAt(path)?.screen.preload();
    expect(normalise(frame)).toBe(normalise(firstRender(createStore())));
    expect(document.getElementById(SERVED_PRICE_GUIDE_ELEMENT)).toBeNull();
  });

  it("/mobile/:id: whatever the seller wrote is drawn as text in the listing's frame", async () => {
    freshMockStore();
    const answer = await fetch(`${location.origin}/api/mobile/m-samsung-s21`);
    const listing = (await answer.json()) as PublicMobile;
    const hostile = '</h1><script>alert(1)</script><img src=x onerror=alert(2)>';
    const frame = await renderListingFrame('/mobile/m-samsung-s21', {
      ...listing,
      title: hostile,
      details: hostile,
      location: hostile,
    });
    const template = document.createElement('template');
    template.innerHTML = frame;
    expect(template.content.querySelectorAll('script, img[onerror]')).toHaveLength(0);
    expect(template.content.querySelector('h1')?.textContent).toBe(hostile);
  });

  // (drawn by the server for the page head's script with the person's own answer)
  it.each([
    ['/category/02', ''],
    ['/category/02', 'q=galaxy&condition=Excellent&sort=price_asc'],
    ['/search', 'q=galaxy'],
  ])(
    "%s?%s signed in: the frame drawn from the first call's answer is the browser's render once it answers",
    async (path, search) => {
      freshMockStore();
      const session = sessionFor(demoAccounts.buyer);
      // the answer the page's first call gets, as the server asks it for the person
      const url = await firstAnswerUrl(path, search);
      const answered = await fetch(`${location.origin}${url!}`, {
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(answered.status).toBe(200);
      const answer = (await answered.json()) as { items: PublicMobile[] };
      expect(answer.items.length).toBeGreaterThan(0);
      const first = answer.items[0]!;
      const frame = await renderSignedInFrame(
        path,
        search,
        { ...session.user, role: session.role, expiresAt: session.expiresAt, secondStep: false },
        answer,
      );
      // the list itself, its first picture at once; no spinner, and the token is in nothing drawn
      expect(frame).toContain(first.title);
      expect(frame).toContain(`src="${first.picture}"`);
      expect(frame).not.toContain('Checking your sign-in');
      expect(frame).not.toContain(session.accessToken);

      // the browser: signed in, at the address, the screen loaded first, once the same answer is drawn
      history.replaceState(null, '', `${path}?${search}`);
      await routeAt(path)?.screen.preload();
      const store = createStore();
      store.set(sessionAtom, session);
      firstRender(store, createQueryClient(), `${location.origin}/api`);
      const container = document.body.lastElementChild!;
      await waitFor(() => expect(container.innerHTML).toContain(first.title));
      // the navbar's unread counts come with their own calls, after the frame: it is drawn without them, as the
      // browser draws it until they answer
      const withoutCounts = container.innerHTML
        .replace('Messages (1 unread)', 'Messages')
        .replace('Notifications, 1 unread', 'Notifications')
        .replace(/<span class="[^"]*count[^"]*">1<\/span>/g, '');
      expect(withoutCounts).not.toBe(container.innerHTML);
      expect(normalise(frame!)).toBe(normalise(withoutCounts));
      unmount?.();

      // main.tsx: the frame in #root, the same answer in the cache: React adopts it without a mismatch
      const adopted = document.createElement('div');
      adopted.innerHTML = frame!;
      document.body.append(adopted);
      const picture = adopted.querySelector(`img[src="${first.picture}"]`);
      expect(picture).not.toBeNull();
      const mismatches: unknown[] = [];
      const answeredClient = await answeredQueryClient(path, search, answer);
      const adoptedStore = createStore();
      adoptedStore.set(sessionAtom, session);
      const root = await act(async () =>
        hydrateRoot(
          adopted,
          <App store={adoptedStore} queryClient={answeredClient!} apiBaseUrl={`${location.origin}/api`} />,
          { onRecoverableError: (error) => mismatches.push(error) },
        ),
      );
      unmount = () => {
        act(() => root.unmount());
        adopted.remove();
      };
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(mismatches).toEqual([]);
      // the very element that painted is still there
      expect(adopted.querySelector(`img[src="${first.picture}"]`)).toBe(picture);
    },
  );

  it('a signed-in frame is none for a page without a first call', async () => {
    const session = {
      uid: 'u',
      email: 'a@b.test',
      displayName: null,
      role: 'buyer' as const,
      expiresAt: 0,
      secondStep: false,
    };
    expect(await renderSignedInFrame('/dashboard', '', session, {})).toBeUndefined();
  });

  it('notices a difference (the comparison is not vacuous)', async () => {
    const frame = await renderFrame('/about');
    expect(normalise(frame.replace('About ReCell', 'About us'))).not.toBe(normalise(frame));
    expect(normalise(frame.replace('id="main"', 'id="main" hidden'))).not.toBe(normalise(frame));
  });
});
