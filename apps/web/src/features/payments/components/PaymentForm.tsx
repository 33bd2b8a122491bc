import { Spinner } from '@recell/ui/Spinner';
import { lazy, Suspense } from 'react';
import { stripePublishableKey } from '../stripe-config';
import type { PaymentFormProps } from './payment-form-props';
import { TestCardForm } from './TestCardForm';

const StripeCardForm = lazy(() => import('./StripeCardForm').then((m) => ({ default: m.StripeCardForm })));

/** Stripe Elements when a publishable key is configured, else the built-in test-mode processor's card form. */
export function PaymentForm(props: PaymentFormProps) {
  const publishableKey = stripePublishableKey();
  if (!publishableKey) return <TestCardForm {...props} />;
  return (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      <StripeCardForm publishableKey={publishableKey} {...props} />
    </Suspense>
  );
}
