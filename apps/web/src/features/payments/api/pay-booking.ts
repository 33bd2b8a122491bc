// Paying is two calls in a row: confirm the card at the processor, then record the payment on our server.
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';
import { confirmTestPayment, type TestCardConfirmation } from './confirm-test-payment';
import { recordPayment } from './record-payment';

export interface PayInput {
  bookingId: string;
  intentId: string;
  confirmation: TestCardConfirmation;
}

export function usePayBooking(onPaid: (transaction: string) => void) {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ bookingId, intentId, confirmation }: PayInput) => {
      const intent = await confirmTestPayment(api, intentId, confirmation);
      return recordPayment(api, { bookingId, transaction: intent.id });
    },
    onSuccess: (recorded) => onPaid(recorded.transaction),
  });
}
