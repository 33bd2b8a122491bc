import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { PayoutsService } from './service';

export function payoutRoutes(service: PayoutsService): Operations {
  return operations({
    async getSellerEarnings(req, res) {
      const user = requireUser(res);
      res.json(await service.getSellerEarnings(user, req.query.email));
    },

    async getPayoutAccount(req, res) {
      const user = requireUser(res);
      res.json(await service.getPayoutAccount(user, req.query.email));
    },

    async startPayoutOnboarding(_req, res) {
      const seller = requireUser(res);
      res.json(await service.startPayoutOnboarding(seller));
    },

    async submitLocalPayoutDetails(req, res) {
      const seller = requireUser(res);
      res.json(await service.submitLocalPayoutDetails(seller, req.body));
    },

    async listPayouts(req, res) {
      const user = requireUser(res);
      const { email, status } = req.query;
      res.json(await service.listPayouts(user, { email, status }, pageRequest(req.query)));
    },

    async requestPayout(_req, res) {
      const seller = requireUser(res);
      res.status(201).json(await service.requestPayout(seller));
    },
  });
}
