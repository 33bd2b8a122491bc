import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { OffersService } from './service';

export function offerRoutes(service: OffersService): Operations {
  return operations({
    async makeOffer(req, res) {
      const buyer = requireUser(res);
      res.status(201).json(await service.makeOffer(buyer, req.body));
    },

    async listOffers(req, res) {
      const user = requireUser(res);
      const { as, mobileId, open } = req.query;
      res.json(
        await service.listOffers(
          user,
          { as, ...(mobileId ? { mobileId } : {}), ...(open !== undefined ? { open } : {}) },
          pageRequest(req.query),
        ),
      );
    },

    async getOffer(req, res) {
      const user = requireUser(res);
      res.json(await service.getOffer(user, req.params.id));
    },

    async acceptOffer(req, res) {
      const seller = requireUser(res);
      res.json(await service.acceptOffer(seller, req.params.id));
    },

    async counterOffer(req, res) {
      const seller = requireUser(res);
      res.json(await service.counterOffer(seller, req.params.id, req.body));
    },

    async declineOffer(req, res) {
      const user = requireUser(res);
      res.json(await service.declineOffer(user, req.params.id));
    },

    async withdrawOffer(req, res) {
      const buyer = requireUser(res);
      res.json(await service.withdrawOffer(buyer, req.params.id));
    },

    async getOfferFloor(req, res) {
      const user = requireUser(res);
      res.json(await service.getOfferFloor(user, req.params.id));
    },

    async setOfferFloor(req, res) {
      const seller = requireUser(res);
      res.json(await service.setOfferFloor(seller, req.params.id, req.body.floor));
    },
  });
}
