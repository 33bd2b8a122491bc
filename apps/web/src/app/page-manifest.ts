// What the web build tells the server of each page (dist/pages.json, @recell/api/pages): the route table's rows
// as data, with each public page's static first frame and each signed-in page's session frame. The build imports this module from a server-side build
// of it (build-tools/pages-manifest.ts) and adds each screen's chunks from the browser's bundle.
import type { PageEntry } from '@recell/api/pages';
import { QueryClient } from '@tanstack/react-query';
import { parse } from 'regexparam';
import { documentTitle } from '../lib/document-title';
import { prefetchWith } from './answered';
import { FRAME_PATHS, renderFrame, renderSessionFrame, SESSION_FRAME_PATHS } from './frame';
import { routeAt, routes, type AppRoute } from './routes';

// the server draws each listing's page with this, from the build's server-side module (FRAMES_MODULE)
export { renderBlogsFrame, renderListingFrame, renderPriceGuideFrame, renderSignedInFrame } from './frame';

export interface DescribedPage {
  entry: Omit<PageEntry, 'files'>;
  /** Loads the row's screen and gives the component (the build finds the module that exports it). */
  screen: () => Promise<unknown>;
}

/** A title that is the same for everyone: a string, or the app's own (`null`); not one by role. */
const staticTitle = ({ title }: AppRoute) =>
  typeof title === 'string' || title === null ? documentTitle(title ?? undefined) : undefined;

/** A page behind a sign-in whose first call (its row's prefetch) can start with the HTML. */
const startsWithHtml = (route: AppRoute) =>
  route.prefetch !== undefined && route.access !== 'public' && route.access !== 'session-checked';

/**
 * The API URL (root-relative) that the page at `path` and `search` asks first for a signed-in person: its row's
 * prefetch run with a client that sends nothing and keeps the URL it was given, so it is the screen's own query
 * (the server names it in the page's head: modules/seo/first-answer.ts).
 */
export async function firstAnswerUrl(path: string, search: string): Promise<string | undefined> {
  const route = routeAt(path);
  if (!route || !startsWithHtml(route)) return undefined;
  let asked: URL | undefined;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await prefetchWith(path, search, client, (request) => {
    asked ??= new URL(request.url);
    return Promise.reject(new Error('only the URL is wanted'));
  });
  client.clear();
  return asked && `${asked.pathname}${asked.search}`;
}

export function describePage(route: AppRoute): DescribedPage['entry'] {
  const { keys, pattern } = parse(route.path);
  const title = staticTitle(route);
  return {
    path: route.path,
    match: { source: pattern.source, flags: pattern.flags, keys: keys || [] },
    ...(title === undefined ? {} : { title }),
    ...(route.description === undefined ? {} : { description: route.description }),
    ...(route.dataHead === undefined ? {} : { dataHead: route.dataHead }),
    ...(startsWithHtml(route) ? { firstAnswer: true as const } : {}),
  };
}

/** Every row, in the table's order; the frames are drawn one after another (each its own store and cache). */
export async function describePages(): Promise<DescribedPage[]> {
  const pages: DescribedPage[] = [];
  for (const route of routes) {
    const entry = describePage(route);
    if (FRAME_PATHS.includes(route.path)) entry.frame = await renderFrame(route.path);
    if (SESSION_FRAME_PATHS.includes(route.path)) entry.sessionFrame = renderSessionFrame(route.path);
    pages.push({ entry, screen: route.screen.preload });
  }
  return pages;
}
