// The HTML shell the server sends for a page of the SPA, with that page's own head, so a crawler or a chat
// app's link preview sees the listing without running JavaScript. The React tree is not rendered here: the
// SPA takes over in the browser as before (issue 16 keeps the SPA shape). A public page the web build drew
// ahead (its static first frame, apps/web/src/app/frame.tsx) gets that frame inside #root, so it paints before
// the app's JavaScript has arrived (issue 12); the app's first render replaces it. What the build knows of each
// page (path, title, description, chunks, frame) is its pages.json (apps/web/build-tools/pages-manifest.ts).
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PAGES_FILE, type PageEntry } from '@recell/api/pages';
import type { Request, Response } from 'express';
import { renderHead } from './head';
import type { HeadFor } from './pages';

/** A row of the web build's pages.json, with its matcher built and its preloads written. */
interface Page {
  entry: PageEntry;
  match: RegExp;
  /** The screen's chunks, as modulepreload tags. */
  tags: string;
}

interface Template {
  mtimeMs: number;
  original: string;
  /** The file without its own <title> and description, cut where </head> starts; absent if it has none. */
  parts?: [before: string, after: string];
  /** The file as it is, cut where </head> starts. */
  originalParts?: [before: string, after: string];
  /** The app's routes, in the router's order (the web build's pages.json). */
  pages: Page[];
  /** Each drawn-ahead page's frame by its exact path. */
  frames: Map<string, string>;
}

const cut = (html: string): [string, string] | undefined => {
  const at = html.search(/<\/head>/i);
  return at < 0 ? undefined : [html.slice(0, at), html.slice(at)];
};

const ASSET = /^\/assets\/[\w.~-]+\.js$/;
const EMPTY_ROOT = '<div id="root"></div>';

function parse(html: string, mtimeMs: number, entries: PageEntry[]): Template {
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>[ \t]*\r?\n?/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?/i, '');
  const pages = entries.map((entry) => ({
    entry,
    // the app's router's own matcher (regexparam, as the build wrote it): the page the browser will show
    match: new RegExp(entry.match.source, entry.match.flags),
    // the build names them; only its own asset paths are written into the page
    tags: entry.files
      .filter((file) => ASSET.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}">\n  `)
      .join(''),
  }));
  const frames = entries.flatMap(({ path, frame }) => (frame === undefined ? [] : [[path, frame] as const]));
  const parts = cut(stripped);
  const originalParts = cut(html);
  return {
    mtimeMs,
    original: html,
    pages,
    frames: new Map(frames),
    ...(parts && originalParts ? { parts, originalParts } : {}),
  };
}

/**
 * The web build's pages.json beside index.html; none (an older build, a test's stand-in) is an empty list: no
 * page heads, no preloads, an empty #root.
 */
async function readPages(indexPath: string): Promise<PageEntry[]> {
  const text = await readFile(join(dirname(indexPath), PAGES_FILE), 'utf8').catch(() => undefined);
  return text ? (JSON.parse(text) as PageEntry[]) : [];
}

/** The route the app's router shows at `path` (the first that matches, as wouter's <Switch>) and its params. */
function pageAt(pages: Page[], path: string) {
  for (const page of pages) {
    const groups = page.match.exec(path);
    if (groups) {
      const params = Object.fromEntries(page.entry.match.keys.map((key, at) => [key, groups[at + 1] ?? '']));
      return { page, params };
    }
  }
  return undefined;
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
      cached = parse(await readFile(path, 'utf8'), mtimeMs, await readPages(path));
    return cached;
  };
}

/**
 * Sends index.html for `req`, filled with its page's head and status when it has one, with modulepreloads of
 * its route's screen chunks (they load with the entry, not in a second round after it has run) and, on a page
 * the build drew ahead, that frame in #root (issue 12); on a signed-in page, its session frame (issue 28).
 */
export type PageShell = (req: Request, res: Response, indexPath: string) => Promise<void>;

export function pageShell(headFor: HeadFor): PageShell {
  const templates = new Map<string, () => Promise<Template>>();
  return async (req, res, indexPath) => {
    let template = templates.get(indexPath);
    if (!template) templates.set(indexPath, (template = templateOf(indexPath)));
    const { original, parts, originalParts, pages, frames } = await template();
    const at = pageAt(pages, req.path);
    const head = at && (await headFor(at.page.entry, at.params, req.originalUrl.includes('?')));
    res.type('html');
    const preloads = at?.page.tags ?? '';
    // the exact path only: the frame draws that path (its navbar marks the page's link)
    const frame = frames.get(req.path);
    // a signed-in page: the shell while the session is checked, at any of its paths
    const sessionFrame = frame === undefined ? at?.page.entry.sessionFrame : undefined;
    // the frame paints with the HTML and the stylesheet: the app's scripts yield the connection to those
    const drawn = frame ?? sessionFrame;
    const framed = (html: string) =>
      drawn === undefined
        ? html
        : html
            .replace(EMPTY_ROOT, () => `<div id="root">${drawn}</div>`)
            .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    if (!parts || !originalParts) res.send(framed(original));
    else if (!head)
      res.send(framed(preloads ? `${originalParts[0]}  ${preloads}${originalParts[1]}` : original));
    else res.status(head.status).send(framed(`${parts[0]}  ${renderHead(head)}\n  ${preloads}${parts[1]}`));
  };
}
