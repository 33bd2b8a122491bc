// What the web build tells the server of each page (dist/pages.json, @recell/api/pages): the route table's rows
// as data, with each public page's static first frame and each signed-in page's session frame. The build imports this module from a server-side build
// of it (build-tools/pages-manifest.ts) and adds each screen's chunks from the browser's bundle.
import type { PageEntry } from '@recell/api/pages';
import { parse } from 'regexparam';
import { documentTitle } from '../lib/document-title';
import { FRAME_PATHS, renderFrame, renderSessionFrame, SESSION_FRAME_PATHS } from './frame';
import { routes, type AppRoute } from './routes';

// the server draws each listing's page with this, from the build's server-side module (FRAMES_MODULE)
export { renderBlogsFrame, renderListingFrame } from './frame';

export interface DescribedPage {
  entry: Omit<PageEntry, 'files'>;
  /** Loads the row's screen and gives the component (the build finds the module that exports it). */
  screen: () => Promise<unknown>;
}

/** A title that is the same for everyone: a string, or the app's own (`null`); not one by role. */
const staticTitle = ({ title }: AppRoute) =>
  typeof title === 'string' || title === null ? documentTitle(title ?? undefined) : undefined;

export function describePage(route: AppRoute): DescribedPage['entry'] {
  const { keys, pattern } = parse(route.path);
  const title = staticTitle(route);
  return {
    path: route.path,
    match: { source: pattern.source, flags: pattern.flags, keys: keys || [] },
    ...(title === undefined ? {} : { title }),
    ...(route.description === undefined ? {} : { description: route.description }),
    ...(route.dataHead === undefined ? {} : { dataHead: route.dataHead }),
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
