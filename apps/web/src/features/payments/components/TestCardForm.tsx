import type { Booking } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/Field';
import { FormAlert } from '../../../components/FormAlert';
import { formStack } from '../../../components/styles.css';
import { errorMessage } from '../../../lib/toast';
import { usePaymentIntent } from '../api/create-payment-intent';
import { usePayBooking } from '../api/pay-booking';

export interface Payer {
  name: string;
  email: string;
}

/** MM/YY or MM/YYYY into month and four-digit year, or null. */
export function parseExpiry(value: string): { exp_month: number; exp_year: number } | null {
  const match = value.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]!.length === 2 ? `20${match[2]}` : match[2]);
  return month >= 1 && month <= 12 ? { exp_month: month, exp_year: year } : null;
}

/**
 * The card form of the built-in test-mode processor: it takes Stripe's published test cards only.
 * Pay is disabled until the client secret has arrived and while a payment is processing (§4).
 */
export function TestCardForm({
  booking,
  payer,
  onPaid,
}: {
  booking: Booking;
  payer: Payer;
  onPaid: (transaction: string) => void;
}) {
  const intent = usePaymentIntent(booking._id);
  const pay = usePayBooking(onPaid);
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!intent.data) return;
    const form = new FormData(event.currentTarget);
    const expiry = parseExpiry(String(form.get('expiry') ?? ''));
    const number = String(form.get('number') ?? '').trim();
    const cvc = String(form.get('cvc') ?? '').trim();
    if (!/^[0-9 ]{12,23}$/.test(number)) return setProblem('Your card number is incomplete.');
    if (!expiry) return setProblem("Your card's expiration date is incomplete.");
    if (!/^[0-9]{3,4}$/.test(cvc)) return setProblem("Your card's security code is incomplete.");
    setProblem(null);
    pay.mutate({
      bookingId: booking._id,
      intentId: intent.data.id,
      confirmation: {
        clientSecret: intent.data.clientSecret,
        card: { number, cvc, ...expiry },
        billing_details: { name: payer.name, email: payer.email },
      },
    });
  }

  const failure =
    problem ?? (pay.isError ? errorMessage(pay.error) : intent.isError ? errorMessage(intent.error) : null);
  return (
    <form className={formStack} onSubmit={onSubmit} noValidate aria-label="Card details">
      <p>Test mode: use 4242 4242 4242 4242 with any future date and any CVC.</p>
      <TextField
        label="Card number"
        name="number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
      />
      <TextField label="Expiry (MM/YY)" name="expiry" autoComplete="cc-exp" placeholder="12/30" />
      <TextField label="CVC" name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
      <Button
        type="submit"
        isDisabled={!intent.data}
        isPending={pay.isPending}
        pendingLabel="Processing payment"
      >
        Pay
      </Button>
      <FormAlert message={failure} />
    </form>
  );
}
