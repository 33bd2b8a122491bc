import { Router, type Request, type Response } from 'express';
import type { CategoryId, components } from '@recell/api';
import { optionalUser, requireUser } from '../../http/authenticate';
import type { SendCachedJson } from '../../http/cached-json';
import { pageRequest } from '../../http/pagination';
import { numberParam, pathParam, query, requiredParam, stringParam } from '../../http/query';
import { publicMobile, type SearchFilters } from './repository';
import type { CatalogueService } from './service';

type Condition = components['schemas']['Condition'];

/** The filters of a search as the validator has checked them. */
function searchFilters(req: Request): SearchFilters {
  const filters: SearchFilters = {
    sort: (stringParam(req, 'sort') as SearchFilters['sort'] | undefined) ?? 'newest',
  };
  const q = stringParam(req, 'q');
  if (q) filters.q = q;
  for (const name of ['minPrice', 'maxPrice', 'minYear'] as const) {
    const value = numberParam(req, name);
    if (value !== undefined) filters[name] = value;
  }
  const condition = stringParam(req, 'condition');
  if (condition) filters.condition = condition as Condition;
  return filters;
}

export function catalogueRoutes(service: CatalogueService, sendCached: SendCachedJson): Router {
  const router = Router();

  router.get('/blogs', async (req, res) => {
    await sendCached(req, res, () => service.blogs(pageRequest(query(req))));
  });

  router.get('/categorymobiles', async (req, res) => {
    await sendCached(req, res, () => service.categories(pageRequest(query(req))));
  });

  router.get('/advertise', async (req, res) => {
    await sendCached(req, res, () => service.advertised(pageRequest(query(req))));
  });

  router.post('/advertise', async (req, res) => {
    const user = requireUser(res, ['seller', 'admin']);
    res.json(await service.advertise(user, (req.body as { mobileId: string }).mobileId));
  });

  // listCategoryMobiles and searchMobiles: one search, with or without a category.
  const search = async (req: Request, res: Response) => {
    requireUser(res);
    const filters = searchFilters(req);
    if (req.params.id !== undefined) filters.categoryId = pathParam(req, 'id') as CategoryId;
    await sendCached(req, res, () => service.search(filters, pageRequest(query(req))));
  };
  router.get('/mobiles/:id', search);
  router.get('/mobiles', search);

  router.post('/mobiles', async (req, res) => {
    const seller = requireUser(res, ['seller']);
    res.status(201).json(await service.create(seller, req.body as components['schemas']['NewMobile']));
  });

  router.get('/mobile/:id', async (req, res) => {
    const mobile = await service.get(pathParam(req, 'id'));
    res.json(optionalUser(res) ? mobile : publicMobile(mobile));
  });

  router.patch('/mobile/:id', async (req, res) => {
    const user = requireUser(res);
    res.json(
      await service.update(user, pathParam(req, 'id'), req.body as components['schemas']['MobileUpdate']),
    );
  });

  router.delete('/mobile/:id', async (req, res) => {
    const user = requireUser(res);
    res.json(await service.remove(user, pathParam(req, 'id')));
  });

  router.get('/addedbyseller', async (req, res) => {
    const user = requireUser(res, ['seller', 'admin']);
    res.json(await service.bySeller(user, requiredParam(req, 'email'), pageRequest(query(req))));
  });

  return router;
}
