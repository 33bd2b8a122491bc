import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { BookingsService } from './service';

export function bookingRoutes(service: BookingsService): Operations {
  return operations({
    async createBooking(req, res) {
      const buyer = requireUser(res);
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

    async listSellerBuyers(req, res) {
      const user = requireUser(res);
      res.json(await service.listSellerBuyers(user, req.query.email, pageRequest(req.query)));
    },
  });
}
