import type { Router } from 'express';
import { NON_SELLERS, requireUser } from '../../http/authenticate';
import { operationRouter } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { DealService } from '../payments/deal';
import type { BookingsService } from './service';

export function bookingRoutes(service: BookingsService, deal: DealService): Router {
  return operationRouter({
    async createBooking(req, res) {
      const buyer = requireUser(res, NON_SELLERS);
      const { created, body } = await service.createBooking(buyer, req.body);
      res.status(created ? 201 : 200).json(body);
    },

    async listBookings(req, res) {
      const user = requireUser(res);
      res.json(await service.listBookings(user, req.query.email, pageRequest(req.query)));
    },

    async getBooking(req, res) {
      const user = requireUser(res);
      res.json(await service.getBooking(user, req.params.id));
    },

    async cancelBooking(req, res) {
      const buyer = requireUser(res, NON_SELLERS);
      res.json(await service.cancelBooking(buyer, req.params.id));
    },

    async completeHandover(req, res) {
      const seller = requireUser(res, ['seller', 'admin']);
      res.json(await deal.completeHandover(seller, req.params.id, req.body.code));
    },

    async declineBooking(req, res) {
      const seller = requireUser(res, ['seller', 'admin']);
      res.json(await deal.declineBooking(seller, req.params.id));
    },

    async reportNotAsDescribed(req, res) {
      const buyer = requireUser(res, NON_SELLERS);
      res.json(await deal.reportNotAsDescribed(buyer, req.params.id, req.body.reason));
    },

    async getSellerEarnings(req, res) {
      const user = requireUser(res, ['seller', 'admin']);
      res.json(await deal.getSellerEarnings(user, req.query.email));
    },

    async advanceDemoClock(req, res) {
      const user = requireUser(res);
      res.json(await deal.advanceDemoClock(user, req.body.hours));
    },

    async listSellerBuyers(req, res) {
      const user = requireUser(res, ['seller', 'admin']);
      res.json(await service.listSellerBuyers(user, req.query.email, pageRequest(req.query)));
    },
  });
}
