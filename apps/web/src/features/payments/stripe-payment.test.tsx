// The Stripe Elements path of the payment page. Stripe.js never loads: loadStripe answers with a fake Stripe
// whose confirmCardPayment plays the processor's part (and, on success, marks the mock store's intent authorized,
// as Stripe would, so POST /payments records it as the server would after asking Stripe).
import { bookings, demoAccounts } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findAlert, findStatusAndInline } from '../../testing/alerts';
import { heldPaymentIntent } from '../../testing/held-payment-intent';
import { renderApp } from '../../testing/render-app';

/** The card form's button names the amount it holds. */
const HOLD = /^Hold \$\d/;

type Confirm = (clientSecret: string, data: unknown) => Promise<unknown>;

const stripe = vi.hoisted(() => {
  const cardElement = { mount: () => {}, on: () => {}, off: () => {}, destroy: () => {}, update: () => {} };
  const confirmCardPayment = { current: (async () => ({})) as Confirm };
  const fake = {
    elements: () => ({ create: () => cardElement, getElement: () => cardElement, update: () => {} }),
    createToken: async () => ({}),
    createPaymentMethod: async () => ({}),
    confirmCardPayment: (clientSecret: string, data: unknown) =>
      confirmCardPayment.current(clientSecret, data),
  };
  return { cardElement, confirmCardPayment, fake };
});

const loadStripe = vi.hoisted(() => vi.fn(async () => stripe.fake));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));

const unpaid = bookings.find((booking) => !booking.paid)!;
const path = `/dashboard/payment/${unpaid._id}`;

/** Stripe as the processor: the card succeeds (the intent is marked authorized, requires_capture) or is declined. */
function processor(mockStore: MockStore, outcome: 'succeeds' | 'declined') {
  stripe.confirmCardPayment.current = vi.fn(async (clientSecret: string) => {
    const intent = [...mockStore.intents.values()].find((one) => one.clientSecret === clientSecret);
    if (!intent) return { error: { type: 'invalid_request_error', message: 'No such payment_intent' } };
    if (outcome === 'declined') {
      return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
    }
    intent.status = 'requires_capture';
    return { paymentIntent: { id: intent.id, status: 'requires_capture' } };
  });
  return stripe.confirmCardPayment.current;
}

describe('payment with Stripe Elements', () => {
  beforeEach(() => loadStripe.mockClear());
  afterEach(() => vi.unstubAllEnvs());

  it('uses the test-mode card form, and never loads Stripe, when no publishable key is configured', async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', '');
    renderApp(path, { as: demoAccounts.buyer });
    expect(await screen.findByLabelText(/Card number/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Card details' })).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('uses Stripe Elements with the configured key', async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_recell');
    renderApp(path, { as: demoAccounts.buyer });
    expect(await screen.findByRole('group', { name: 'Card details' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_recell');
    await waitFor(() => expect(screen.getByRole('button', { name: HOLD })).toBeEnabled());
  });

  it('keeps Pay disabled until the payment secret has arrived', async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_recell');
    const { handler, release } = heldPaymentIntent(unpaid, 'stripe');
    renderApp(path, { as: demoAccounts.buyer, handlers: [handler] });
    await screen.findByRole('group', { name: 'Card details' });
    // Stripe itself is ready: what Pay waits for is the secret
    await expect(loadStripe.mock.results[0]!.value).resolves.toBe(stripe.fake);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('button', { name: HOLD })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: HOLD })).toBeEnabled());
  });

  it("confirms the intent's secret with the card, records the payment and says 'Congrats, Payment Completed'", async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_recell');
    let confirm: Confirm | undefined;
    const { user, mockStore } = renderApp(path, {
      as: demoAccounts.buyer,
      before: (scene) => (confirm = processor(scene.mockStore, 'succeeds')),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: HOLD })).toBeEnabled());
    // "Name on card" starts with the account's name; the payer writes the card's own
    expect(screen.getByLabelText(/Name on card/)).toHaveValue(demoAccounts.buyer.name);
    await user.clear(screen.getByLabelText(/Name on card/));
    await user.type(screen.getByLabelText(/Name on card/), 'A. Khan');
    await user.click(screen.getByRole('button', { name: HOLD }));
    await findStatusAndInline('Congrats, Payment Completed');
    const intent = [...mockStore.intents.values()].find((one) => one.bookingId === unpaid._id)!;
    expect(confirm).toHaveBeenCalledWith(intent.clientSecret, {
      payment_method: {
        card: stripe.cardElement,
        billing_details: { name: 'A. Khan', email: demoAccounts.buyer.email },
      },
    });
    expect(screen.getByText(intent.id)).toBeInTheDocument();
    expect(mockStore.payments.find((payment) => payment.bookingId === unpaid._id)?.transaction).toBe(
      intent.id,
    );
    expect(mockStore.bookings.find((booking) => booking._id === unpaid._id)?.status).toBe('held');
  });

  it("shows Stripe's decline in red and records nothing", async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_recell');
    const { user, mockStore } = renderApp(path, {
      as: demoAccounts.buyer,
      before: (scene) => processor(scene.mockStore, 'declined'),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: HOLD })).toBeEnabled());
    await user.type(screen.getByLabelText(/Name on card/), 'Ayesha Khan');
    await user.click(screen.getByRole('button', { name: HOLD }));
    await findAlert('Your card was declined.');
    expect(mockStore.payments.some((payment) => payment.bookingId === unpaid._id)).toBe(false);
    expect(screen.queryByText('Congrats, Payment Completed')).not.toBeInTheDocument();
    // a change to the form clears the refusal, which was about the card as it was
    await user.type(screen.getByLabelText(/Name on card/), 'a');
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
  });
});
