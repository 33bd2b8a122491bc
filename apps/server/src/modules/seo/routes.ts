// Search engines and link previews: /robots.txt, the sitemap, and the page heads the web app's shell is
// filled with.
import type { BlogPage, SellerProfile } from '@recell/api';
import { Router } from 'express';
import type { Database } from '../../db/database';
import { catalogueRepository } from '../catalogue/repository';
import { pageHeads } from './pages';
import { seoRepository } from './repository';
import { robotsTxt } from './robots';
import { pageShell, type SignedInAnswers } from './shell';
import { sitemapRoutes } from './sitemap';

export function seoRoutes(deps: { db: Database; origin: string; perFile?: number }): Router {
  const router = Router();
  const robots = robotsTxt(deps.origin);
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain; charset=utf-8').setHeader('cache-control', 'public, max-age=3600');
    res.send(robots);
  });
  router.use(sitemapRoutes({ ...deps, repo: seoRepository(deps.db) }));
  return router;
}

export function seoShell(deps: {
  db: Database;
  origin: string;
  sellerProfile?: (id: string) => Promise<SellerProfile | undefined>;
  blogs?: () => Promise<BlogPage>;
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
    }),
    {
      ...(deps.answers ? { answers: deps.answers } : {}),
      ...(deps.authEmulator ? { authEmulator: deps.authEmulator } : {}),
    },
  );
}
