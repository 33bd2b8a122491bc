import express, { Router, type RequestHandler } from 'express';
import { requireUser } from '../../http/authenticate';
import { operationRoute, operations, type Operations } from '../../http/operation';
import type { PaymentsService } from './service';

/** The Stripe webhook needs the raw bytes the signature covers, so it is mounted before the JSON parser. */
export function webhookRoutes(service: PaymentsService): Router {
  // Not typed from the contract: the body is the raw bytes, and the validator does not see this path.
  const receiveStripeWebhook: RequestHandler = async (req, res) => {
    const signature = req.headers['stripe-signature'];
    const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
    res.json(await service.receiveStripeWebhook(raw, typeof signature === 'string' ? signature : undefined));
  };
  const { method, path } = operationRoute('receiveStripeWebhook');
  const router = Router();
  router[method](path, express.raw({ type: 'application/json', limit: '256kb' }), receiveStripeWebhook);
  return router;
}

export function paymentRoutes(service: PaymentsService): Operations {
  return operations({
    async createPaymentIntent(req, res) {
      const user = requireUser(res);
      res.json(await service.createPaymentIntent(user, req.body.bookingId, req.body.offerId));
    },

    async confirmTestPayment(req, res) {
      const user = requireUser(res);
      res.json(await service.confirmTestPayment(user, req.params.id, req.body));
    },

    async recordPayment(req, res) {
      const user = requireUser(res);
      const { bookingId, offerId, transaction } = req.body;
      res.status(201).json(await service.recordPayment(user, bookingId, transaction, offerId));
    },
  });
}
