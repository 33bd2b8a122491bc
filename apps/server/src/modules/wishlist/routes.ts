import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { WishlistService } from './service';

export function wishlistRoutes(service: WishlistService): Operations {
  return operations({
    async addToWishlist(req, res) {
      const buyer = requireUser(res);
      res.status(201).json(await service.addToWishlist(buyer, req.body.wishlistedID));
    },

    async listWishlist(req, res) {
      const user = requireUser(res);
      res.json(await service.listWishlist(user, req.query.email, pageRequest(req.query)));
    },
  });
}
