import { unwrap, type components } from '@recell/api';
import type { Api } from '../../../lib/api';

export type TestCardConfirmation = components['schemas']['TestCardConfirmation'];

/** The built-in test-mode processor (used when Stripe is not configured): 402 with the decline message. */
export const confirmTestPayment = (api: Api, intentId: string, confirmation: TestCardConfirmation) =>
  unwrap(
    api.POST('/test-processor/payment-intents/{id}/confirm', {
      params: { path: { id: intentId } },
      body: confirmation,
    }),
  );
