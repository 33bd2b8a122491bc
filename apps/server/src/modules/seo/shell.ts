// The HTML shell the server sends for a page of the SPA, with that page's own head, so a crawler or a chat
// app's link preview sees the listing without running JavaScript. The React tree is not rendered here: the
// SPA takes over in the browser as before (issue 16 keeps the SPA shape). A public page the web build drew
// ahead (its static first frame, apps/web/src/app/frame.tsx) gets that frame inside #root, so it paints before
// the app's JavaScript has arrived (issue 12); the app's first render replaces it.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Request, Response } from 'express';
import { renderHead } from './head';
import type { HeadFor } from './pages';

interface Template {
  mtimeMs: number;
  original: string;
  /** The file without its own <title> and description, cut where </head> starts; absent if it has none. */
  parts?: [before: string, after: string];
  /** The file as it is, cut where </head> starts. */
  originalParts?: [before: string, after: string];
  /** Each route's screen chunks (the web build's route-chunks.json), as modulepreload tags. */
  routes: { pattern: RegExp; tags: string }[];
  /** Each drawn-ahead page's frame by its exact path (the web build's prerendered.json). */
  frames: Map<string, string>;
}

/** One row of the web build's route-chunks.json (apps/web/build-tools/route-chunks.ts). */
interface RouteChunks {
  path: string;
  files: string[];
}

const cut = (html: string): [string, string] | undefined => {
  const at = html.search(/<\/head>/i);
  return at < 0 ? undefined : [html.slice(0, at), html.slice(at)];
};

/** wouter's `/mobile/:id` as a pattern for a whole path. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`);

/** One row of the web build's prerendered.json (apps/web/build-tools/prerender.ts). */
interface Frame {
  path: string;
  html: string;
}

const ASSET = /^\/assets\/[\w.~-]+\.js$/;
const EMPTY_ROOT = '<div id="root"></div>';

function parse(html: string, mtimeMs: number, routeChunks: RouteChunks[], frames: Frame[]): Template {
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>[ \t]*\r?\n?/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?/i, '');
  const routes = routeChunks.map(({ path, files }) => ({
    pattern: patternOf(path),
    // the build names them; only its own asset paths are written into the page
    tags: files
      .filter((file) => ASSET.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}">\n  `)
      .join(''),
  }));
  const parts = cut(stripped);
  const originalParts = cut(html);
  return {
    mtimeMs,
    original: html,
    routes,
    frames: new Map(frames.map((frame) => [frame.path, frame.html])),
    ...(parts && originalParts ? { parts, originalParts } : {}),
  };
}

/**
 * A JSON file the web build writes beside index.html; none (an older build, a test's stand-in) is an empty
 * list: no preloads, an empty #root.
 */
async function readBuilt<Row>(indexPath: string, file: string): Promise<Row[]> {
  const text = await readFile(join(dirname(indexPath), file), 'utf8').catch(() => undefined);
  return text ? (JSON.parse(text) as Row[]) : [];
}

/**
 * index.html, parsed once and again only when the file changes (a rebuild while the server runs): one stat
 * per page instead of a read and a parse.
 */
function templateOf(path: string) {
  let cached: Template | undefined;
  return async () => {
    const { mtimeMs } = await stat(path);
    if (cached?.mtimeMs !== mtimeMs)
      cached = parse(
        await readFile(path, 'utf8'),
        mtimeMs,
        await readBuilt<RouteChunks>(path, 'route-chunks.json'),
        await readBuilt<Frame>(path, 'prerendered.json'),
      );
    return cached;
  };
}

/**
 * Sends index.html for `req`, filled with its page's head and status when it has one, with modulepreloads of
 * its route's screen chunks (they load with the entry, not in a second round after it has run) and, on a page
 * the build drew ahead, that frame in #root (issue 12).
 */
export type PageShell = (req: Request, res: Response, indexPath: string) => Promise<void>;

export function pageShell(headFor: HeadFor): PageShell {
  const templates = new Map<string, () => Promise<Template>>();
  return async (req, res, indexPath) => {
    let template = templates.get(indexPath);
    if (!template) templates.set(indexPath, (template = templateOf(indexPath)));
    const [{ original, parts, originalParts, routes, frames }, head] = await Promise.all([
      template(),
      headFor(req.path, req.originalUrl.includes('?')),
    ]);
    res.type('html');
    const preloads = routes.find((route) => route.pattern.test(req.path))?.tags ?? '';
    // the exact path only: the frame draws that path (its navbar marks the page's link)
    const frame = frames.get(req.path);
    // the frame paints with the HTML and the stylesheet: the app's scripts yield the connection to those
    const framed = (html: string) =>
      frame === undefined
        ? html
        : html
            .replace(EMPTY_ROOT, () => `<div id="root">${frame}</div>`)
            .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    if (!parts || !originalParts) res.send(framed(original));
    else if (!head)
      res.send(framed(preloads ? `${originalParts[0]}  ${preloads}${originalParts[1]}` : original));
    else res.status(head.status).send(framed(`${parts[0]}  ${renderHead(head)}\n  ${preloads}${parts[1]}`));
  };
}
