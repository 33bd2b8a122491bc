// The Stripe Elements card form, used when a publishable key is configured. This module is loaded on demand
// (PaymentForm lazy-imports it), so neither Stripe.js nor react-stripe-js is in any page's initial JS.
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Button } from '@recell/ui/Button';
import { fieldStyles } from '@recell/ui/Field';
import { Form } from '@recell/ui/Form';
import { TextField } from '@recell/ui/TextField';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { errorMessage } from '../../../lib/toast';
import { usePaymentIntent } from '../api/create-payment-intent';
import { usePayBooking } from '../api/pay-booking';
import { holdLabel, type PaymentFormProps } from './payment-form-props';
import * as styles from './StripeCardForm.css';

/**
 * Stripe draws the card fields in its own frame, which our CSS cannot reach: hand it the text colours the
 * theme gives `ref`'s box, again whenever the theme class on <html> changes (dark mode).
 */
function useFrameColors(ref: RefObject<HTMLElement | null>) {
  const [colors, setColors] = useState<{ color: string; placeholder: string } | null>(null);
  useEffect(() => {
    const read = () => {
      if (!ref.current) return;
      const color = getComputedStyle(ref.current).color;
      // Stripe takes plain colours: the placeholder is the text colour at 60 % (computed colours are rgb(...))
      const placeholder = color.startsWith('rgb(')
        ? color.replace('rgb(', 'rgba(').replace(')', ', 0.6)')
        : color;
      setColors((current) => (current?.color === color ? current : { color, placeholder }));
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [ref]);
  return colors;
}

function StripeCard({ paying, amount, payer, onPaid }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const intent = usePaymentIntent(paying);
  const pay = usePayBooking(onPaid);
  const [name, setName] = useState(payer.cardName ?? '');
  // the refusal was about the card as it was: a change clears it
  const edited = () => {
    if (pay.isError) pay.reset();
  };
  const labelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const colors = useFrameColors(box);
  const failure = pay.isError ? errorMessage(pay.error) : intent.isError ? errorMessage(intent.error) : null;
  const ready = Boolean(intent.data && stripe && elements);
  return (
    <Form
      aria-label="Card payment"
      formError={failure}
      onSubmit={(event) => {
        event.preventDefault();
        const card = elements?.getElement(CardElement);
        if (!intent.data || !stripe || !card || pay.isPending) return;
        const { clientSecret } = intent.data;
        pay.mutate({
          paying,
          confirm: async () => {
            const result = await stripe.confirmCardPayment(clientSecret, {
              payment_method: {
                card,
                billing_details: { name: name.trim() || payer.name, email: payer.email },
              },
            });
            // Stripe's refusal (a decline, an incomplete card) is thrown, so the form shows its words in red
            if (result.error) throw new Error(result.error.message ?? 'Your card was declined.');
            // A safe deal authorizes the card (capture_method manual): held, captured at the handover
            if (result.paymentIntent.status !== 'requires_capture') {
              throw new Error('The payment did not complete. Please try again.');
            }
            return result.paymentIntent.id;
          },
        });
      }}
    >
      <TextField
        label="Name on card"
        name="cc-name"
        autoComplete="cc-name"
        isRequired
        isDisabled={!ready}
        value={name}
        onChange={(value) => {
          setName(value);
          edited();
        }}
        errorMessage="Enter the name on the card"
      />
      <div className={fieldStyles.field} role="group" aria-labelledby={labelId}>
        <span id={labelId} className={fieldStyles.label}>
          Card details
        </span>
        {/* Stripe draws the card fields in its own frame, which carries their labels */}
        <div className={fieldStyles.control} ref={box}>
          <CardElement
            className={styles.card}
            onChange={edited}
            options={{
              hidePostalCode: true,
              style: {
                base: {
                  fontSize: '16px',
                  ...(colors ? { color: colors.color, '::placeholder': { color: colors.placeholder } } : {}),
                },
              },
            }}
          />
        </div>
      </div>
      <Button type="submit" isPending={pay.isPending} isDisabled={!ready} pendingLabel="Paying">
        {holdLabel(amount)}
      </Button>
    </Form>
  );
}

export function StripeCardForm({ publishableKey, ...props }: PaymentFormProps & { publishableKey: string }) {
  // once per mount (Elements must keep the same promise); Stripe.js itself fetches its script only once
  const [stripe] = useState<Promise<Stripe | null>>(() => loadStripe(publishableKey));
  return (
    <Elements stripe={stripe}>
      <StripeCard {...props} />
    </Elements>
  );
}
