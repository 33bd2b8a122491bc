// The HTML shell the server sends for a page of the SPA, with that page's own head, so a crawler or a chat
// app's link preview sees the listing without running JavaScript. The SPA takes over in the browser as before
// (the app stays a single-page app): its first render replaces whatever #root holds. A public page the web build
// drew ahead (its static first frame, apps/web/src/app/frame.tsx) gets that frame inside #root, so it paints
// before the app's JavaScript has arrived. A listing's page gets a frame drawn for the request by
// the web build's own server-side module, from the listing served in the page. What the build
// knows of each page (path, title, description, chunks, frame) is its pages.json
// (apps/web/build-tools/pages-manifest.ts).
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BlogPage, PriceGuide, PublicMobile } from '@recell/api';
import {
  AUTH_EMULATOR_META,
  FRAMES_MODULE,
  PAGES_FILE,
  SERVED_BLOGS_ELEMENT,
  SERVED_LISTING_ELEMENT,
  SERVED_PRICE_GUIDE_ELEMENT,
  SIGNED_IN_FRAME_HEADER,
  type FrameSession,
  type FramesModule,
  type PageEntry,
} from '@recell/api/pages';
import type { Request, Response } from 'express';
import { scriptsAfterPaint } from './after-paint';
import { API_URL, firstAnswerTags } from './first-answer';
import { renderHead, type PageHead } from './head';
import { escapeMarkup } from './xml';
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

/** What the build's module draws from each kind of data a page serves. */
const DRAWN: Record<string, (module: FramesModule, path: string, data: object) => Promise<string>> = {
  [SERVED_LISTING_ELEMENT]: (module, path, data) => module.renderListingFrame(path, data as PublicMobile),
  [SERVED_BLOGS_ELEMENT]: (module, path, data) => module.renderBlogsFrame(path, data as BlogPage),
  [SERVED_PRICE_GUIDE_ELEMENT]: (module, path, data) =>
    module.renderPriceGuideFrame(path, data as PriceGuide),
};

const KEPT_FRAMES = 500;
const FRAME_KEPT_MS = 60_000;
/**
 * New drawings a second, at most, with a burst of as many: one is about 16 ms of CPU, so a crawl of every
 * listing, or somebody asking for thousands of them, costs at most a third of a core. A page over the budget is
 * sent without a drawn frame, as before there were any: the app draws it (and the next visitor may get it drawn).
 */
export const DRAWS_PER_SECOND = 20;

/** A token bucket: `take()` says whether one more drawing fits in the budget now. */
function drawBudget(perSecond: number, now: () => number) {
  let tokens = perSecond;
  let filledAt = now();
  return {
    take() {
      const at = now();
      tokens = Math.min(perSecond, tokens + ((at - filledAt) / 1000) * perSecond);
      filledAt = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

const ASSET = /^\/assets\/[\w.~-]+\.js$/;
const EMPTY_ROOT = '<div id="root"></div>';

/** Demo mode: the page names this server's Auth emulator (AUTH_EMULATOR_META), read by the app at run time. */
function withEmulator(html: string, authEmulator: string | undefined): string {
  if (!authEmulator) return html;
  const tag = `<meta name="${AUTH_EMULATOR_META}" content="${escapeMarkup(authEmulator)}" />\n  `;
  return html.replace(/<\/head>/i, (end) => `${tag}${end}`);
}

function parse(source: string, mtimeMs: number, entries: PageEntry[], authEmulator?: string): Template {
  const html = withEmulator(source, authEmulator);
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

/** The request's query string, without its `?`, as the browser's location has it. */
function searchOf(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at + 1);
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
function templateOf(path: string, authEmulator: string | undefined) {
  let cached: Template | undefined;
  return async () => {
    const { mtimeMs } = await stat(path);
    if (cached?.mtimeMs !== mtimeMs)
      cached = parse(await readFile(path, 'utf8'), mtimeMs, await readPages(path), authEmulator);
    return cached;
  };
}

/**
 * The web build's server-side module (FRAMES_MODULE), loaded with the first listing page; none (a build without
 * it, a test's stand-in) draws no listing frames. Node keeps a module for the life of the process, and its
 * chunks import it by its plain URL (one instance of React): after a rebuild while the server runs, the module
 * loaded before it no longer matches the page's stylesheet, so no frame is drawn until the server restarts.
 */
function framesOf(indexPath: string) {
  const path = join(dirname(indexPath), FRAMES_MODULE);
  let loaded: { mtimeMs: number; module: Promise<FramesModule | undefined> } | undefined;
  return async (): Promise<FramesModule | undefined> => {
    const mtimeMs = await stat(path).then(
      (found) => found.mtimeMs,
      () => undefined,
    );
    if (mtimeMs === undefined) return undefined;
    if (!loaded) {
      const module = import(pathToFileURL(path).href).catch((error: unknown) => {
        // the pages still work (the app draws them), but say why they have no frame
        process.emitWarning(`${path} did not load, listing pages go without their frame: ${String(error)}`);
        return undefined;
      }) as Promise<FramesModule | undefined>;
      loaded = { mtimeMs, module };
    }
    return loaded.mtimeMs === mtimeMs ? loaded.module : undefined;
  };
}

/**
 * Sends index.html for `req`, filled with its page's head and status when it has one, with modulepreloads of
 * its route's screen chunks (they load with the entry, not in a second round after it has run) and, on a page
 * the build drew ahead, that frame in #root; on a signed-in page, its session frame.
 */
export type PageShell = (req: Request, res: Response, indexPath: string) => Promise<void>;

/** What a signed-in page's frame is drawn from: the caller's session, and the answer the API gives them. */
export interface SignedInAnswers {
  /** Who holds this `Authorization` header's access token; undefined for no valid token. */
  who(authorization: string): Promise<FrameSession | undefined>;
  /** The API's answer to GET `url` with `req`'s `Authorization`, as it answers the person themselves. */
  ask(url: string, req: Request): Promise<{ status: number; body: string }>;
}

const SIGN_IN_AGAIN = JSON.stringify({ message: 'Please sign in again' });

export function pageShell(
  headFor: HeadFor,
  // the clock the drawings' budget and their minute are kept by (a test moves its own)
  {
    now = Date.now,
    answers,
    authEmulator,
  }: { now?: () => number; answers?: SignedInAnswers; authEmulator?: string } = {},
): PageShell {
  const budget = drawBudget(DRAWS_PER_SECOND, now);
  const templates = new Map<string, () => Promise<Template>>();
  const modules = new Map<string, () => Promise<FramesModule | undefined>>();
  // Drawing a listing's page is React rendering the whole app (milliseconds of CPU): each is kept for a minute,
  // keyed by everything it is drawn from, so a listing opened often or a burst of requests draws it once.
  const drawn = new Map<string, { frame: Promise<string | undefined>; until: number }>();
  const moduleOf = (indexPath: string) => {
    let frames = modules.get(indexPath);
    if (!frames) modules.set(indexPath, (frames = framesOf(indexPath)));
    return frames();
  };
  /** A page drawn from the data served in it (a listing, the blogs), as the browser's first render will draw it. */
  async function dataFrame(indexPath: string, path: string, head: PageHead | undefined) {
    const served = head?.status === 200 ? head.served : undefined;
    const draw = served && DRAWN[served.element];
    if (!served || !draw) return undefined;
    const module = await moduleOf(indexPath);
    if (!module) return undefined;
    const key = JSON.stringify([indexPath, path, served]);
    const at = now();
    const kept = drawn.get(key);
    if (kept && kept.until > at) return kept.frame;
    if (!budget.take()) return undefined;
    if (drawn.size >= KEPT_FRAMES) for (const [old, { until }] of drawn) if (until <= at) drawn.delete(old);
    if (drawn.size >= KEPT_FRAMES) drawn.delete(drawn.keys().next().value!);
    // a frame that cannot be drawn leaves the page as it was without one: the app draws it
    const frame = Promise.resolve()
      .then(() => draw(module, path, served.data))
      .catch(() => undefined);
    drawn.set(key, { frame, until: at + FRAME_KEPT_MS });
    return frame;
  }
  /** The API URL a signed-in page's first call asks, from the build's module (none when it cannot say). */
  async function firstAnswer(indexPath: string, req: Request): Promise<string | undefined> {
    const module = await moduleOf(indexPath);
    if (typeof module?.firstAnswerUrl !== 'function') return undefined;
    const search = searchOf(req);
    return Promise.resolve()
      .then(() => module.firstAnswerUrl(req.path, search))
      .catch(() => undefined);
  }
  /**
   * The page at `req` as its signed-in person's first render draws it (#root's contents only), once its first
   * call has answered: asked by the page head's script (first-answer.ts) with the session, never stored. The API
   * answers that call exactly as it answers the person (their token, their address), so nobody gets a frame of
   * what the API would not give them: no valid token is a 401 and a refusal is passed on. A page without a first
   * call is a 404; over the drawing budget, or a frame the module cannot draw, 204 (the app draws it).
   */
  async function signedInFrame(
    req: Request,
    res: Response,
    indexPath: string,
    at: ReturnType<typeof pageAt>,
  ) {
    res.setHeader('cache-control', 'no-store');
    const authorization = req.get('authorization') ?? '';
    const url = at?.page.entry.firstAnswer ? await firstAnswer(indexPath, req) : undefined;
    if (!answers || url === undefined || !API_URL.test(url)) {
      res
        .status(404)
        .type('json')
        .send(JSON.stringify({ message: 'Not found' }));
      return;
    }
    const session = await answers.who(authorization);
    if (!session) {
      res.status(401).type('json').send(SIGN_IN_AGAIN);
      return;
    }
    // a call that fails on the way (a timeout, the server's own trouble) leaves the page to the app, as a frame
    // that cannot be drawn does
    const answer = await answers.ask(url, req).catch(() => ({ status: 503, body: '' }));
    if (answer.status === 204 || answer.status >= 500) {
      res.status(204).end();
      return;
    }
    if (answer.status !== 200) {
      res.status(answer.status).type('json').send(answer.body);
      return;
    }
    const module = await moduleOf(indexPath);
    const search = searchOf(req);
    const frame =
      module && typeof module.renderSignedInFrame === 'function' && budget.take()
        ? await Promise.resolve()
            .then(() => module.renderSignedInFrame(req.path, search, session, JSON.parse(answer.body)))
            .catch(() => undefined)
        : undefined;
    if (frame === undefined) {
      res.status(204).end();
      return;
    }
    res.setHeader(SIGNED_IN_FRAME_HEADER, '1');
    res.type('html').send(frame);
  }
  return async (req, res, indexPath) => {
    let template = templates.get(indexPath);
    if (!template) templates.set(indexPath, (template = templateOf(indexPath, authEmulator)));
    const { original, parts, originalParts, pages, frames } = await template();
    const at = pageAt(pages, req.path);
    if (req.get(SIGNED_IN_FRAME_HEADER) !== undefined) return signedInFrame(req, res, indexPath, at);
    const head = at && (await headFor(at.page.entry, at.params, req.originalUrl.includes('?')));
    res.type('html');
    const first = at?.page.entry.firstAnswer ? firstAnswerTags(await firstAnswer(indexPath, req)) : '';
    const preloads = first + (at?.page.tags ?? '');
    // drawn from the data served in the page; else the build's, at the exact path only (its navbar marks the
    // page's link)
    const frame = (await dataFrame(indexPath, req.path, head)) ?? frames.get(req.path);
    // a signed-in page: the shell while the session is checked, at any of its paths
    const sessionFrame = frame === undefined ? at?.page.entry.sessionFrame : undefined;
    // the frame paints with the HTML and the stylesheet: the app's scripts are asked for once it has painted
    const drawn = frame ?? sessionFrame;
    const framed = (html: string) =>
      drawn === undefined
        ? html
        : scriptsAfterPaint(html.replace(EMPTY_ROOT, () => `<div id="root">${drawn}</div>`));
    if (!parts || !originalParts) res.send(framed(original));
    else if (!head)
      res.send(framed(preloads ? `${originalParts[0]}  ${preloads}${originalParts[1]}` : original));
    else res.status(head.status).send(framed(`${parts[0]}  ${renderHead(head)}\n  ${preloads}${parts[1]}`));
  };
}
