import { toCents } from '../../money';
import { testCardOutcome } from '../../test-cards';
import { hold, lowerToListingPrice } from '../deal';
import type { MockStore } from '../store';
import { CANCELLED, fail, http, type OperationHandlers, requireSelf, requireUser } from '../support';

export function paymentHandlers(store: MockStore) {
  const ownBooking = (request: Request, bookingId: string) => {
    const user = requireUser(store, request, ['buyer', 'admin']);
    const booking = store.bookings.find((candidate) => candidate._id === bookingId) ?? fail(404, 'Not found');
    requireSelf(user, booking.email);
    return booking;
  };
  /** What the server checks before it charges and again before it records (chargeable in its service). */
  const chargeable = (booking: ReturnType<typeof ownBooking>) => {
    if (booking.status !== 'unpaid' && !booking.cancelled) {
      fail(409, 'This booking is already paid', 'already_paid');
    }
    if (booking.cancelled) {
      fail(409, booking.cancelledBy === 'buyer' ? 'You cancelled this booking' : CANCELLED, 'cancelled');
    }
    const mobile = store.mobiles.find((candidate) => candidate._id === booking.mobileId);
    if (!mobile || mobile.stock === 0) fail(409, 'This phone is sold out', 'sold_out');
    return mobile;
  };

  return {
    createPaymentIntent: http.post('/create-payment-intent', async ({ request, response }) => {
      const { bookingId } = await request.json();
      const booking = ownBooking(request, bookingId);
      chargeable(booking);
      lowerToListingPrice(store, booking);
      const id = `pi_${store.nextId('mock').replaceAll('-', '')}`;
      const intent = {
        id,
        clientSecret: `${id}_secret_mock`,
        bookingId,
        amount: toCents(booking.price),
        status: 'requires_payment_method' as const,
      };
      store.intents.set(id, intent);
      return response(200).json({
        id,
        clientSecret: intent.clientSecret,
        amount: intent.amount,
        currency: 'usd',
        provider: 'test',
      });
    }),

    confirmTestPayment: http.post(
      '/test-processor/payment-intents/{id}/confirm',
      async ({ request, params, response }) => {
        const intent = store.intents.get(params.id) ?? fail(404, 'Not found');
        // As on the server: who pays and whether the booking can be paid first, then the processor's checks.
        const booking = ownBooking(request, intent.bookingId);
        chargeable(booking);
        const { clientSecret, card } = await request.json();
        if (clientSecret !== intent.clientSecret) fail(403, 'Forbidden');
        if (intent.status === 'requires_capture') fail(409, 'This payment has already succeeded');
        const outcome = testCardOutcome(card);
        if (!outcome.ok) fail(402, outcome.message, outcome.declineCode ?? outcome.code);
        // Authorized, not captured: the booking is held (as the server records it at once).
        intent.status = 'requires_capture';
        hold(store, booking, intent.id);
        return response(200).json({
          id: intent.id,
          status: 'requires_capture',
          amount: intent.amount,
          currency: 'usd',
        });
      },
    ),

    recordPayment: http.post('/payments', async ({ request, response }) => {
      const { bookingId, transaction } = await request.json();
      const booking = ownBooking(request, bookingId);
      const recorded = store.payments.find((payment) => payment.transaction === transaction);
      if (recorded) {
        if (recorded.bookingId !== bookingId) fail(409, 'This transaction belongs to another booking');
        return response(201).json({ insertedId: recorded._id, transaction });
      }
      const intent = store.intents.get(transaction);
      if (!intent || intent.bookingId !== bookingId || intent.status !== 'requires_capture') {
        fail(402, 'The payment has not succeeded', 'payment_incomplete');
      }
      chargeable(booking);
      hold(store, booking, transaction);
      const held = store.payments.find((payment) => payment.transaction === transaction);
      return response(201).json({ insertedId: held?._id ?? fail(409, 'Please try again'), transaction });
    }),

    // Stripe is never configured in the mocks.
    receiveStripeWebhook: http.post('/webhooks/stripe', ({ response }) =>
      response(404).json({ message: 'Stripe is not configured' }),
    ),
  } satisfies OperationHandlers;
}
