import { unwrap, type components } from '@recell/api';
import type { Api } from '../../../lib/api';

export type NewPayment = components['schemas']['NewPayment'];

/** Records a payment the processor confirmed; the server marks the booking paid. */
export const recordPayment = (api: Api, payment: NewPayment) =>
  unwrap(api.POST('/payments', { body: payment }));
