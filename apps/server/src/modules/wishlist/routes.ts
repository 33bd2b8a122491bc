import { Router } from 'express';
import { NON_SELLERS, requireUser } from '../../http/authenticate';
import { pageRequest } from '../../http/pagination';
import { query, requiredParam } from '../../http/query';
import type { WishlistService } from './service';

export function wishlistRoutes(service: WishlistService): Router {
  const router = Router();

  router.post('/wishlist', async (req, res) => {
    const buyer = requireUser(res, NON_SELLERS);
    res.status(201).json(await service.add(buyer, (req.body as { wishlistedID: string }).wishlistedID));
  });

  router.get('/wishlist', async (req, res) => {
    const user = requireUser(res);
    res.json(await service.mine(user, requiredParam(req, 'email'), pageRequest(query(req))));
  });

  return router;
}
