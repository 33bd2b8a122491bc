import { Router } from 'express';
import type { components } from '@recell/api';
import { NON_SELLERS, requireUser } from '../../http/authenticate';
import { pageRequest } from '../../http/pagination';
import { pathParam, query, requiredParam } from '../../http/query';
import type { DealService } from '../payments/deal';
import type { BookingsService } from './service';

export function bookingRoutes(service: BookingsService, deal: DealService): Router {
  const router = Router();

  router.post('/bookings', async (req, res) => {
    const buyer = requireUser(res, NON_SELLERS);
    const { created, body } = await service.create(buyer, req.body as components['schemas']['NewBooking']);
    res.status(created ? 201 : 200).json(body);
  });

  router.get('/bookings', async (req, res) => {
    const user = requireUser(res);
    res.json(await service.mine(user, requiredParam(req, 'email'), pageRequest(query(req))));
  });

  router.get('/bookings/:id', async (req, res) => {
    const user = requireUser(res);
    res.json(await service.get(user, pathParam(req, 'id')));
  });

  router.post('/bookings/:id/cancel', async (req, res) => {
    const buyer = requireUser(res, NON_SELLERS);
    res.json(await service.cancel(buyer, pathParam(req, 'id')));
  });

  router.post('/bookings/:id/handover', async (req, res) => {
    const seller = requireUser(res, ['seller', 'admin']);
    const { code } = req.body as components['schemas']['HandoverCode'];
    res.json(await deal.completeHandover(seller, pathParam(req, 'id'), code));
  });

  router.post('/bookings/:id/decline', async (req, res) => {
    const seller = requireUser(res, ['seller', 'admin']);
    res.json(await deal.decline(seller, pathParam(req, 'id')));
  });

  router.post('/bookings/:id/not-as-described', async (req, res) => {
    const buyer = requireUser(res, NON_SELLERS);
    const { reason } = req.body as components['schemas']['NotAsDescribed'];
    res.json(await deal.notAsDescribed(buyer, pathParam(req, 'id'), reason));
  });

  router.get('/earnings', async (req, res) => {
    const user = requireUser(res, ['seller', 'admin']);
    res.json(await deal.earnings(user, requiredParam(req, 'email')));
  });

  router.post('/demo/clock', async (req, res) => {
    const user = requireUser(res);
    const { hours } = req.body as components['schemas']['ClockAdvance'];
    res.json(await deal.advanceDemoClock(user, hours));
  });

  router.get('/mybuyers', async (req, res) => {
    const user = requireUser(res, ['seller', 'admin']);
    res.json(await service.sellerBuyers(user, requiredParam(req, 'email'), pageRequest(query(req))));
  });

  return router;
}
