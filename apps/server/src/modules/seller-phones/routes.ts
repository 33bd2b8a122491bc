import type { Router } from 'express';
import { requireUser } from '../../http/authenticate';
import { operationRouter } from '../../http/operation';
import type { SellerPhonesService } from './service';

export function sellerPhoneRoutes(service: SellerPhonesService): Router {
  return operationRouter({
    async getMyPhone(_req, res) {
      res.json(await service.getMyPhone(requireUser(res)));
    },
    async confirmPhone(req, res) {
      res.json(await service.confirmPhone(requireUser(res), req.body));
    },
  });
}
