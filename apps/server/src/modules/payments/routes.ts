import express, { Router } from 'express';
import type { components } from '@recell/api';
import { requireUser } from '../../http/authenticate';
import { pathParam } from '../../http/query';
import type { PaymentsService } from './service';

/** The Stripe webhook needs the raw bytes the signature covers, so it is mounted before the JSON parser. */
export function webhookRoutes(service: PaymentsService): Router {
  const router = Router();
  router.post(
    '/webhooks/stripe',
    express.raw({ type: 'application/json', limit: '256kb' }),
    async (req, res) => {
      const signature = req.headers['stripe-signature'];
      const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
      res.json(await service.webhook(raw, typeof signature === 'string' ? signature : undefined));
    },
  );
  return router;
}

export function paymentRoutes(service: PaymentsService): Router {
  const router = Router();

  router.post('/create-payment-intent', async (req, res) => {
    const user = requireUser(res);
    res.json(await service.createIntent(user, (req.body as { bookingId: string }).bookingId));
  });

  router.post('/test-processor/payment-intents/:id/confirm', async (req, res) => {
    const user = requireUser(res);
    const body = req.body as components['schemas']['TestCardConfirmation'];
    res.json(await service.confirmTest(user, pathParam(req, 'id'), body));
  });

  router.post('/payments', async (req, res) => {
    const user = requireUser(res);
    const { bookingId, transaction } = req.body as components['schemas']['NewPayment'];
    res.status(201).json(await service.record(user, bookingId, transaction));
  });

  return router;
}
