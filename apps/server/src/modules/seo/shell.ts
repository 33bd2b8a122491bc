// The HTML shell the server sends for a page of the SPA, with that page's own head, so a crawler or a chat
// app's link preview sees the listing without running JavaScript. The React tree is not rendered here: the
// SPA takes over in the browser as before (issue 16 keeps the SPA shape).
import { readFile, stat } from 'node:fs/promises';
import type { Request, Response } from 'express';
import { renderHead } from './head';
import type { HeadFor } from './pages';

interface Template {
  mtimeMs: number;
  original: string;
  /** The file without its own <title> and description, cut where </head> starts; absent if it has none. */
  parts?: [before: string, after: string];
}

function parse(html: string, mtimeMs: number): Template {
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>[ \t]*\r?\n?/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?/i, '');
  const at = stripped.search(/<\/head>/i);
  if (at < 0) return { mtimeMs, original: html };
  return { mtimeMs, original: html, parts: [stripped.slice(0, at), stripped.slice(at)] };
}

/**
 * index.html, parsed once and again only when the file changes (a rebuild while the server runs): one stat
 * per page instead of a read and a parse.
 */
function templateOf(path: string) {
  let cached: Template | undefined;
  return async () => {
    const { mtimeMs } = await stat(path);
    if (cached?.mtimeMs !== mtimeMs) cached = parse(await readFile(path, 'utf8'), mtimeMs);
    return cached;
  };
}

/** Sends index.html for `req`, filled with its page's head and status when it has one. */
export type PageShell = (req: Request, res: Response, indexPath: string) => Promise<void>;

export function pageShell(headFor: HeadFor): PageShell {
  const templates = new Map<string, () => Promise<Template>>();
  return async (req, res, indexPath) => {
    let template = templates.get(indexPath);
    if (!template) templates.set(indexPath, (template = templateOf(indexPath)));
    const [{ original, parts }, head] = await Promise.all([template(), headFor(req.path)]);
    res.type('html');
    if (!head || !parts) {
      res.send(original);
      return;
    }
    res.status(head.status).send(`${parts[0]}  ${renderHead(head)}\n  ${parts[1]}`);
  };
}
