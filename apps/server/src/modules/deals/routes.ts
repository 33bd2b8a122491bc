import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import type { DealService } from './service';

/**
 * `clockMoved`: the other jobs on the deal clock that the demo clock runs at once after the deal's own (the
 * reviews' publication: QA moves the clock 14 days to see a lone review published).
 */
export function dealRoutes(deal: DealService, clockMoved: () => Promise<unknown>): Operations {
  return operations({
    async cancelBooking(req, res) {
      const buyer = requireUser(res);
      res.json(await deal.cancelBooking(buyer, req.params.id));
    },

    async completeHandover(req, res) {
      const seller = requireUser(res);
      res.json(await deal.completeHandover(seller, req.params.id, req.body.code));
    },

    async checkHandoverImei(req, res) {
      const buyer = requireUser(res);
      res.json(await deal.checkHandoverImei(buyer, req.params.id, req.body.imei));
    },

    async recordHandoverChecks(req, res) {
      const buyer = requireUser(res);
      res.json(await deal.recordHandoverChecks(buyer, req.params.id));
    },

    async skipHandoverCheck(req, res) {
      const buyer = requireUser(res);
      res.json(await deal.skipHandoverCheck(buyer, req.params.id));
    },

    async declineBooking(req, res) {
      const seller = requireUser(res);
      res.json(await deal.declineBooking(seller, req.params.id));
    },

    async reportNotAsDescribed(req, res) {
      const buyer = requireUser(res);
      res.json(await deal.reportNotAsDescribed(buyer, req.params.id, req.body.reason));
    },

    async advanceDemoClock(req, res) {
      const user = requireUser(res);
      const moved = await deal.advanceDemoClock(user, req.body.hours);
      await clockMoved();
      res.json(moved);
    },
  });
}
