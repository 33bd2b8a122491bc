import { CardPaymentForm } from '@recell/ui/CardPaymentForm';
import { useApi } from '../../../lib/api';
import { errorMessage } from '../../../lib/toast';
import { confirmTestPayment } from '../api/confirm-test-payment';
import { usePaymentIntent } from '../api/create-payment-intent';
import { usePayBooking } from '../api/pay-booking';
import { holdLabel, type PaymentFormProps } from './payment-form-props';

/**
 * The card form of the built-in test-mode processor (used when Stripe is not configured): it takes Stripe's
 * published test cards only. Its button (Hold $N) is disabled until the client secret has arrived and while a payment is
 * processing (§4); the processor's refusal shows in red under the form (§8).
 */
export function TestCardForm({ paying, amount, payer, onPaid }: PaymentFormProps) {
  const api = useApi();
  const intent = usePaymentIntent(paying);
  const pay = usePayBooking(onPaid);
  const failure = pay.isError ? errorMessage(pay.error) : intent.isError ? errorMessage(intent.error) : null;
  // CardPaymentForm writes the test-card hint under its button
  return (
    <CardPaymentForm
      amountLabel={holdLabel(amount)}
      disabled={!intent.data}
      pending={pay.isPending}
      error={failure}
      defaultName={payer.cardName ?? ''}
      // the refusal was about the card as it was: a change clears it
      onEdit={() => {
        if (pay.isError) pay.reset();
      }}
      onSubmit={(card) => {
        if (!intent.data) return;
        const { id, clientSecret } = intent.data;
        pay.mutate({
          paying,
          confirm: async () =>
            (
              await confirmTestPayment(api, id, {
                clientSecret,
                card: {
                  number: card.number,
                  exp_month: card.expMonth,
                  exp_year: card.expYear,
                  cvc: card.cvc,
                },
                billing_details: { name: card.name || payer.name, email: payer.email },
              })
            ).id,
        });
      }}
    />
  );
}
