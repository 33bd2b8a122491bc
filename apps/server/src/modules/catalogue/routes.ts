import { optionalUser, requireUser } from '../../http/authenticate';
import type { SendCachedJson } from '../../http/cached-json';
import { operations, type Operations, type OperationRequest } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import { phoneModels } from '@recell/api/phone-models';
import { publicMobile, type SearchQuery } from './repository';
import type { CatalogueService } from './service';

/** The filters of a search as the validator has checked them (both searches take the same query). */
function searchFilters({
  page: _page,
  pageSize: _pageSize,
  sort = 'newest',
  ...filters
}: OperationRequest<'searchMobiles'>['query']): SearchQuery {
  return { sort, ...filters };
}

export function catalogueRoutes(service: CatalogueService, sendCached: SendCachedJson): Operations {
  return operations({
    async listBlogs(req, res) {
      await sendCached(req, res, () => service.listBlogs(pageRequest(req.query)));
    },

    async listCategories(req, res) {
      await sendCached(req, res, () => service.listCategories(pageRequest(req.query)));
    },

    /** The shipped catalogue: the same for everyone until the next release, so caches may keep it an hour. */
    listPhoneModels(req, res) {
      res.set('Cache-Control', 'public, max-age=3600');
      res.json(phoneModels(req.query.brand));
    },

    async listAdvertised(req, res) {
      await sendCached(req, res, () => service.listAdvertised(pageRequest(req.query)));
    },

    async advertiseMobile(req, res) {
      const user = requireUser(res);
      res.json(await service.advertiseMobile(user, req.body.mobileId));
    },

    async listCategoryMobiles(req, res) {
      requireUser(res);
      // the filters only when the page is not kept already
      await sendCached(req, res, () =>
        service.listCategoryMobiles(req.params.id, searchFilters(req.query), pageRequest(req.query)),
      );
    },

    async searchMobiles(req, res) {
      requireUser(res);
      await sendCached(req, res, () =>
        service.searchMobiles(searchFilters(req.query), pageRequest(req.query)),
      );
    },

    async createMobile(req, res) {
      const seller = requireUser(res);
      res.status(201).json(await service.createMobile(seller, req.body));
    },

    async getMobile(req, res) {
      const caller = optionalUser(res);
      const mobile = await service.getMobile(req.params.id, caller);
      res.json(caller ? mobile : publicMobile(mobile));
    },

    async updateMobile(req, res) {
      const user = requireUser(res);
      res.json(await service.updateMobile(user, req.params.id, req.body));
    },

    async deleteMobile(req, res) {
      const user = requireUser(res);
      res.json(await service.deleteMobile(user, req.params.id));
    },

    async listSellerListings(req, res) {
      await sendCached(req, res, () => service.listSellerListings(req.params.id, pageRequest(req.query)));
    },

    async listSellerMobiles(req, res) {
      const user = requireUser(res);
      res.json(await service.listSellerMobiles(user, req.query.email, pageRequest(req.query)));
    },
  });
}
