// Paying is two calls in a row: confirm the card at the processor (the built-in test-mode one, or Stripe),
// then record the payment on our server, which checks with the processor that the intent succeeded.
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';
import type { Paying } from './create-payment-intent';
import { recordPayment } from './record-payment';

export interface PayInput {
  paying: Paying;
  /** Confirms the card at the processor; resolves to the succeeded intent's id, rejects with its refusal. */
  confirm: () => Promise<string>;
}

export function usePayBooking(onPaid: (transaction: string) => void) {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ paying, confirm }: PayInput) => {
      const transaction = await confirm();
      return recordPayment(api, { ...paying, transaction });
    },
    onSuccess: (recorded) => onPaid(recorded.transaction),
  });
}
