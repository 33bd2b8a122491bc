import type { Booking } from '@recell/api';
import { http, HttpResponse } from 'msw';

/** POST /create-payment-intent that answers only when released: for "Pay waits for the secret". */
export function heldPaymentIntent(booking: Pick<Booking, 'price'>, provider: 'test' | 'stripe') {
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const handler = http.post('*/api/create-payment-intent', async () => {
    await arrived;
    return HttpResponse.json({
      id: `pi_${provider}intent01`,
      clientSecret: `pi_${provider}intent01_secret_x`,
      amount: booking.price * 100,
      currency: 'usd',
      provider,
    });
  });
  return { handler, release: () => release() };
}
