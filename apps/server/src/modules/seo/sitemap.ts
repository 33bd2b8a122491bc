// /sitemap.xml and its pages (sitemaps.org protocol): the public pages, the price pages of models with enough
// deals, and every listing for sale. Up to 50,000 URLs it is one <urlset>; past that it is a <sitemapindex> of
// /sitemaps/pages.xml (the public and price pages) and
// /sitemaps/listings-N.xml, where page N holds the listings with rowid in ((N-1)*50,000, N*50,000], so it
// never exceeds the protocol's 50,000 URLs and is found by a seek, not by counting or skipping. Rows are read
// in batches and written as they come, so memory stays flat whatever the page size.
import { webLinks } from '@recell/api';
import { Router, type Response } from 'express';
import { HttpError } from '../../http/errors';
import type { SeoRepository } from './repository';
import { escapeMarkup } from './xml';

/** The sitemaps protocol's limit of URLs per file. */
export const URLS_PER_FILE = 50_000;
/** The pages anyone can read and a search engine should list (category pages need sign-in: apps/web/src/app/routes.ts). */
export const PUBLIC_PAGES = [webLinks.home(), webLinks.blogs(), webLinks.about()] as const;

const BATCH = 2_000;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const url = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${escapeMarkup(lastmod)}</lastmod>` : ''}</url>\n`;

/** Writes, then waits for the socket to take it (or the client to leave): a slow reader holds no backlog. */
async function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(chunk)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done).off('close', done);
        resolve();
      };
      res.on('drain', done).on('close', done);
    });
  }
  return !res.destroyed;
}

function startXml(res: Response) {
  res.status(200);
  res.type('application/xml; charset=utf-8');
  // Crawlers come back on their own schedule; an hour old is fresh enough and spares the database.
  res.setHeader('cache-control', 'public, max-age=3600');
}

/** A model's price page in the sitemap: its key, and when a deal last counted under it. */
export interface PricedModel {
  key: string;
  lastmod: string;
}

export function sitemapRoutes(deps: {
  repo: SeoRepository;
  origin: string;
  perFile?: number;
  /**
   * The models whose price page is worth a search engine's visit: at least the guide's minimum of
   * counted deals in its 12 months (seo/repository.ts). None: no price pages listed.
   */
  pricedModels?: () => Promise<PricedModel[]>;
}): Router {
  const { repo, origin } = deps;
  const perFile = deps.perFile ?? URLS_PER_FILE;
  const router = Router();

  /** Streams the listings for sale with from < rowid <= to. */
  async function listings(res: Response, from: number, to: number) {
    let after = from;
    for (;;) {
      const rows = await repo.forSale(after, to, BATCH);
      const chunk = rows.map((row) => url(`${origin}${webLinks.listing(row.id)}`, row.lastmod)).join('');
      if (!(await write(res, chunk))) return;
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1]!.rowid;
    }
  }

  /** The price pages, after the public pages; never more than a file holds beside them. */
  async function pricePages(): Promise<string[]> {
    const models = (await deps.pricedModels?.()) ?? [];
    return models
      .slice(0, perFile - PUBLIC_PAGES.length)
      .map((model) => url(`${origin}${webLinks.priceGuide(model.key)}`, model.lastmod));
  }

  async function urlset(
    res: Response,
    pages: readonly string[],
    range?: [number, number],
    priced: string[] = [],
  ) {
    startXml(res);
    await write(
      res,
      `${XML_HEAD}<urlset ${NS}>\n${pages.map((page) => url(`${origin}${page}`)).join('')}${priced.join('')}`,
    );
    if (range) await listings(res, range[0], range[1]);
    res.end('</urlset>\n');
  }

  router.get('/sitemap.xml', async (_req, res) => {
    const last = await repo.lastRowid();
    const priced = await pricePages();
    if (last + PUBLIC_PAGES.length + priced.length <= perFile)
      return urlset(res, PUBLIC_PAGES, [0, last], priced);
    const files = ['/sitemaps/pages.xml'];
    for (let page = 1; (page - 1) * perFile < last; page += 1) files.push(`/sitemaps/listings-${page}.xml`);
    startXml(res);
    res.end(
      `${XML_HEAD}<sitemapindex ${NS}>\n${files
        .map((file) => `<sitemap><loc>${escapeMarkup(`${origin}${file}`)}</loc></sitemap>\n`)
        .join('')}</sitemapindex>\n`,
    );
  });

  router.get('/sitemaps/pages.xml', async (_req, res) =>
    urlset(res, PUBLIC_PAGES, undefined, await pricePages()),
  );

  router.get(/^\/sitemaps\/listings-([1-9][0-9]{0,8})\.xml$/, async (req, res) => {
    const page = Number((req.params as Record<string, string>)[0]);
    const last = await repo.lastRowid();
    if ((page - 1) * perFile >= last) throw new HttpError(404, 'Not found');
    await urlset(res, [], [(page - 1) * perFile, page * perFile]);
  });

  return router;
}
