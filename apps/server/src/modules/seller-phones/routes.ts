import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import type { SellerPhonesService } from './service';

export function sellerPhoneRoutes(service: SellerPhonesService): Operations {
  return operations({
    async getMyPhone(_req, res) {
      res.json(await service.getMyPhone(requireUser(res)));
    },
    async confirmPhone(req, res) {
      res.json(await service.confirmPhone(requireUser(res), req.body));
    },
  });
}
