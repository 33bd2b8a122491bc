// Search engines and link previews: /robots.txt, the sitemap, and the page heads the web app's shell is
// filled with.
import {
  historyMonths,
  PRICE_GUIDE_MIN_DEALS,
  type BlogPage,
  type PriceGuide,
  type SellerProfile,
} from '@recell/api';
import { Router } from 'express';
import type { Database } from '../../db/database';
import { catalogueRepository } from '../catalogue/repository';
import { pageHeads } from './pages';
import { seoRepository } from './repository';
import { robotsTxt } from './robots';
import { pageShell, type SignedInAnswers } from './shell';
import { sitemapRoutes } from './sitemap';

export function seoRoutes(deps: {
  db: Database;
  origin: string;
  perFile?: number;
  /** The price guide's clock (the deal's: demo mode moves it), for the months the sitemap's price pages read. */
  now?: () => Date;
}): Router {
  const router = Router();
  const robots = robotsTxt(deps.origin);
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain; charset=utf-8').setHeader('cache-control', 'public, max-age=3600');
    res.send(robots);
  });
  const repo = seoRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  // a model's price page is listed once the guide's 12 months hold its minimum of counted deals
  const pricedModels = () =>
    repo.pricedModels(`${historyMonths(now())[0]}-01T00:00:00.000Z`, PRICE_GUIDE_MIN_DEALS);
  router.use(sitemapRoutes({ ...deps, repo, pricedModels }));
  return router;
}

export function seoShell(deps: {
  db: Database;
  origin: string;
  sellerProfile?: (id: string) => Promise<SellerProfile | undefined>;
  blogs?: () => Promise<BlogPage>;
  /** A model's price guide (the prices module's), undefined for a key it does not know. */
  priceGuide?: (modelKey: string) => Promise<PriceGuide | undefined>;
  answers?: SignedInAnswers;
  authEmulator?: string;
}) {
  return pageShell(
    pageHeads({
      mobiles: catalogueRepository(deps.db),
      repo: seoRepository(deps.db),
      origin: deps.origin,
      ...(deps.sellerProfile ? { sellerProfile: deps.sellerProfile } : {}),
      ...(deps.blogs ? { blogs: deps.blogs } : {}),
      ...(deps.priceGuide ? { priceGuide: deps.priceGuide } : {}),
    }),
    {
      ...(deps.answers ? { answers: deps.answers } : {}),
      ...(deps.authEmulator ? { authEmulator: deps.authEmulator } : {}),
    },
  );
}
