import { toCents } from '../../money';
import { testCardOutcome } from '../../test-cards';
import { hold, lowerToListingPrice } from '../deal';
import { amountDue, expireOffers, type MockOffer, requireUnit, settleOffer } from '../offers';
import type { MockIntent, MockStore } from '../store';
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

  /** The offer's own buyer only (the design's money flow, 2), its clock run first. */
  const ownOffer = (request: Request, offerId: string): MockOffer => {
    const user = requireUser(store, request, ['buyer', 'admin']);
    expireOffers(store);
    const offer = store.offers.find((candidate) => candidate._id === offerId) ?? fail(404, 'Not found');
    requireSelf(user, offer.buyerEmail);
    return offer;
  };
  /** What an offer's card is asked for now (the offer's amount, or the counter's), while a unit is left. */
  const offerDue = (offer: MockOffer) => {
    const amount = amountDue(store, offer);
    requireUnit(store, offer);
    return amount;
  };
  /** The intent's booking (checked chargeable), or its offer (checked still asking for a card). */
  const payable = (request: Request, intent: MockIntent) => {
    if (intent.offerId) {
      const offer = ownOffer(request, intent.offerId);
      offerDue(offer);
      return { offer };
    }
    const booking = ownBooking(request, intent.bookingId ?? '');
    chargeable(booking);
    return { booking };
  };

  return {
    createPaymentIntent: http.post('/create-payment-intent', async ({ request, response }) => {
      const body = await request.json();
      const id = `pi_${store.nextId('mock').replaceAll('-', '')}`;
      let paying: Pick<MockIntent, 'bookingId' | 'offerId' | 'amount'>;
      if (body.offerId !== undefined) {
        const offer = ownOffer(request, body.offerId);
        paying = { offerId: offer._id, amount: toCents(offerDue(offer)) };
      } else {
        const booking = ownBooking(request, body.bookingId ?? '');
        chargeable(booking);
        lowerToListingPrice(store, booking);
        paying = { bookingId: booking._id, amount: toCents(booking.price) };
      }
      const intent: MockIntent = {
        id,
        clientSecret: `${id}_secret_mock`,
        ...paying,
        status: 'requires_payment_method',
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
        // As on the server: who pays and whether the booking (or offer) can be paid first, then the processor's checks.
        const paying = payable(request, intent);
        const { clientSecret, card } = await request.json();
        if (clientSecret !== intent.clientSecret) fail(403, 'Forbidden');
        if (intent.status === 'requires_capture') fail(409, 'This payment has already succeeded');
        const outcome = testCardOutcome(card);
        if (!outcome.ok) fail(402, outcome.message, outcome.declineCode ?? outcome.code);
        // Authorized, not captured: the booking is held, or the offer settled (as the server records it at once).
        intent.status = 'requires_capture';
        if (paying.offer) settleOffer(store, paying.offer, intent.id, intent.amount / 100);
        else hold(store, paying.booking, intent.id);
        return response(200).json({
          id: intent.id,
          status: 'requires_capture',
          amount: intent.amount,
          currency: 'usd',
        });
      },
    ),

    recordPayment: http.post('/payments', async ({ request, response }) => {
      const body = await request.json();
      const { transaction } = body;
      if (body.offerId !== undefined) {
        const offer = ownOffer(request, body.offerId);
        const intent = store.intents.get(transaction);
        if (!intent || intent.offerId !== offer._id || intent.status !== 'requires_capture') {
          fail(402, 'The payment has not succeeded', 'payment_incomplete');
        }
        // idempotent on the transaction: recorded already (the confirm settled it), the same answer
        const recorded = store.offerAuthorizations.find(
          (authorization) => authorization.transaction === transaction,
        );
        if (!recorded) {
          if (intent.amount !== toCents(offerDue(offer))) fail(409, 'The amount held is not the amount due');
          settleOffer(store, offer, transaction, intent.amount / 100);
        }
        return response(201).json({ insertedId: offer._id, transaction });
      }
      const bookingId = body.bookingId ?? '';
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
