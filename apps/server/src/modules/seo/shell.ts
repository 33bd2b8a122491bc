// The HTML shell the server sends for a page of the SPA, with that page's own head, so a crawler or a chat
// app's link preview sees the listing without running JavaScript. The React tree is not rendered here: the
// SPA takes over in the browser as before (issue 16 keeps the SPA shape).
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

const ASSET = /^\/assets\/[\w.~-]+\.js$/;

function parse(html: string, mtimeMs: number, routeChunks: RouteChunks[]): Template {
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
  return { mtimeMs, original: html, routes, ...(parts && originalParts ? { parts, originalParts } : {}) };
}

/** The build's route-chunks.json beside index.html; none (an older build, a test's stand-in) preloads nothing. */
async function readRouteChunks(indexPath: string): Promise<RouteChunks[]> {
  const text = await readFile(join(dirname(indexPath), 'route-chunks.json'), 'utf8').catch(() => undefined);
  return text ? (JSON.parse(text) as RouteChunks[]) : [];
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
      cached = parse(await readFile(path, 'utf8'), mtimeMs, await readRouteChunks(path));
    return cached;
  };
}

/**
 * Sends index.html for `req`, filled with its page's head and status when it has one, and with modulepreloads
 * of its route's screen chunks: they load with the entry, not in a second round after it has run (issue 12).
 */
export type PageShell = (req: Request, res: Response, indexPath: string) => Promise<void>;

export function pageShell(headFor: HeadFor): PageShell {
  const templates = new Map<string, () => Promise<Template>>();
  return async (req, res, indexPath) => {
    let template = templates.get(indexPath);
    if (!template) templates.set(indexPath, (template = templateOf(indexPath)));
    const [{ original, parts, originalParts, routes }, head] = await Promise.all([
      template(),
      headFor(req.path, req.originalUrl.includes('?')),
    ]);
    res.type('html');
    const preloads = routes.find((route) => route.pattern.test(req.path))?.tags ?? '';
    if (!parts || !originalParts) res.send(original);
    else if (!head) res.send(preloads ? `${originalParts[0]}  ${preloads}${originalParts[1]}` : original);
    else res.status(head.status).send(`${parts[0]}  ${renderHead(head)}\n  ${preloads}${parts[1]}`);
  };
}
