// The static first frame: the build renders each page the route table marks `frame` (home, blogs,
// about) to HTML, as the app's first render draws it for a visitor (no session, the system's
// theme, data sections loading), and the server sends it inside #root (apps/server/src/modules/seo/shell.ts).
// The page paints before its JavaScript has arrived; the entry's createRoot then replaces it in one commit.
// The build renders them from a server-side build of page-manifest.ts (build-tools/pages-manifest.ts);
// frame.test.tsx holds each frame to the browser's first render.
import type { BlogPage, PriceGuide, PublicMobile } from '@recell/api';
import type { FrameSession } from '@recell/api/pages';
import { createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { authBusyAtom, sessionAtom } from '../features/auth/atoms';
import { blogsQueryKey } from '../features/blogs/api/list-blogs';
import { mobileQueryKey } from '../features/catalogue/api/get-mobile';
import { priceGuideQueryKey } from '../features/prices/api/get-price-guide';
import { createQueryClient } from '../lib/query-client';
import { answeredQueryClient } from './answered';
import { App } from './App';
import { routeAt, routes } from './routes';

/** The rows marked `frame` (public, one URL each: the same first frame for every visitor). */
export const FRAME_PATHS: readonly string[] = routes
  .filter((route) => route.frame && route.access === 'public' && !route.path.includes(':'))
  .map((route) => route.path);

/** The rows behind a sign-in: each gets the session frame (any path of theirs: the same for everyone). */
export const SESSION_FRAME_PATHS: readonly string[] = routes
  .filter((route) => route.access !== 'public' && route.access !== 'session-checked')
  .map((route) => route.path);

/** One page's frame: its screen loaded first, as the entry does, so it is drawn and not its fallback. */
export async function renderFrame(path: string): Promise<string> {
  await routeAt(path)?.screen.preload();
  return renderAt(path, createStore());
}

const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/**
 * A listing's page (/mobile/:id) as the browser's first render draws it for a visitor, once the listing the
 * server serves in the page (SERVED_LISTING_ELEMENT) is there: drawn by the server for each request, so the
 * listing's picture, title and price paint with the HTML. The server's module of the web build
 * (FRAMES_MODULE) exports it.
 */
export async function renderListingFrame(path: string, listing: PublicMobile): Promise<string> {
  const html = await renderAnswered(path, mobileQueryKey(listing._id), listing);
  // React writes its preload of the picture (fetchpriority high) ahead of the tree: the page's head has it already
  return html.replace(LEADING_PRELOADS, '');
}

/** /blogs as the browser's first render draws it once the posts the server serves in the page are there. */
export function renderBlogsFrame(path: string, blogs: BlogPage): Promise<string> {
  return renderAnswered(path, blogsQueryKey, blogs);
}

/**
 * A model's price guide (/prices/:modelKey) as the browser's first render draws it once the guide the server
 * serves in the page is there: its figures, chart and tables paint with the HTML, with JavaScript off too.
 */
export function renderPriceGuideFrame(path: string, guide: PriceGuide): Promise<string> {
  return renderAnswered(path, priceGuideQueryKey(guide.model.key), guide);
}

/** A page whose first render finds the one answer it reads already in the cache, as `takeServed` puts it there. */
async function renderAnswered(path: string, queryKey: readonly unknown[], answer: unknown): Promise<string> {
  await routeAt(path)?.screen.preload();
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKey, answer);
  return renderAt(path, createStore(), queryClient);
}

/**
 * A signed-in list page (a category, search results) as `session`'s first render draws it once the page's first
 * call has answered `answer`: the server draws it for the page head's script, which puts it in #root if the app
 * has not started by then, and the app adopts it from the same answer (main.tsx). The access token is
 * not needed to draw and is not written into anything.
 */
export async function renderSignedInFrame(
  path: string,
  search: string,
  session: FrameSession,
  answer: unknown,
): Promise<string | undefined> {
  const queryClient = await answeredQueryClient(path, search, answer);
  if (!queryClient) return undefined;
  await routeAt(path)?.screen.preload();
  const store = createStore();
  const { uid, email, displayName, role, expiresAt, secondStep } = session;
  store.set(sessionAtom, { accessToken: '', role, expiresAt, secondStep, user: { uid, email, displayName } });
  const html = renderAt(`${path}${search ? `?${search}` : ''}`, store, queryClient);
  // React's preload of the first picture ahead of the tree: the picture is in the frame, asked as it lands
  return html.replace(LEADING_PRELOADS, '');
}

/**
 * A signed-in page's first frame: the shell while the session is checked (the navbar without who is signed
 * in, "Checking your sign-in"), as the browser first draws it whenever the session is not yet known to be fresh.
 * For a signed-in list page it paints with the HTML, a second before the app's scripts have run.
 */
export function renderSessionFrame(path: string): string {
  const store = createStore();
  store.set(authBusyAtom, true);
  return renderAt(path, store);
}

// a store and a cache of its own: nothing of one page's render leaks into the next
function renderAt(
  path: string,
  store: ReturnType<typeof createStore>,
  queryClient = createQueryClient(),
): string {
  try {
    return renderToString(<App ssrPath={path} store={store} queryClient={queryClient} />);
  } finally {
    // the data sections' queries (never fetched here) would hold the build open until their 5-minute gc timers
    queryClient.clear();
  }
}
