// Paying for a booking places a hold. It is recorded only after the processor says the card is
// authorized for exactly this booking's amount; recording is one transaction (payment row 'held', booking held
// with its window, stock minus one) and idempotent on the transaction id. A buyer who loses the race for the
// last unit has the authorization voided and is told it sold. The rest of the deal is in modules/deals.
import type { Logger } from 'pino';
import { canMove, type components } from '@recell/api';
import type { Database } from '../../db/database';
import { requireSelf, type CurrentUser } from '../../auth/policy';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { newId, now } from '../../ids';
import type { Clock } from '../deals/clock';
import type { BookingRow, DealNotice } from '../deals/record';
import type { DealsRepository } from '../deals/repository';
import type { DealService } from '../deals/service';
import type { IntentState, PaymentProvider, WebhookEvent } from './providers/provider';
import type { PaymentsRepository } from './repository';

type TestCardConfirmation = components['schemas']['TestCardConfirmation'];

type Settled = { paymentId: string } | { refused: 'sold_out' | 'already_paid' | 'cancelled' };

const SOLD_OUT = 'This phone is sold out';
const ALREADY_PAID = 'This booking is already paid';
const CANCELLED = 'This booking was cancelled: the phone is no longer listed';
const NOT_RECORDED = 'Your payment could not be recorded, so it was refunded. Please try again.';
/** The processor's state of an intent that holds money for a booking. */
const AUTHORIZED = 'requires_capture';
/** How far back reconciliation looks: longer than any hold or retry, short enough to stay one page or two. */
const RECONCILE_WINDOW_MS = 8 * 24 * 60 * 60 * 1000;

export function paymentsService(deps: {
  db: Database;
  deals: DealsRepository;
  payments: PaymentsRepository;
  provider: PaymentProvider;
  deal: DealService;
  clock: Clock;
  logger: Logger;
  /** Both sides told of the hold, in its transaction (the notifications module, wired in app.ts). */
  notify?: DealNotice;
}) {
  const { db, deals, payments, provider, deal, clock, logger } = deps;

  async function ownBooking(user: CurrentUser, bookingId: string): Promise<BookingRow> {
    if (user.role !== 'buyer' && user.role !== 'admin') forbidden();
    const booking = (await deals.find(bookingId)) ?? notFound();
    requireSelf(user, booking.buyer_email);
    return booking;
  }

  function chargeable(booking: BookingRow) {
    if (booking.status === 'held' || booking.status === 'completed') conflict(ALREADY_PAID, 'already_paid');
    if (booking.cancelled) {
      conflict(booking.cancelled_by === 'buyer' ? 'You cancelled this booking' : CANCELLED, 'cancelled');
    }
    // the booking was read with its listing's stock (stock_left): no second query
    if ((booking.stock_left ?? 0) === 0) conflict(SOLD_OUT, 'sold_out');
  }

  /** The one write of a payment. Runs under the write lock, so racing calls see each other's result. */
  function settle(bookingId: string, transaction: string): Promise<Settled> {
    return db.transaction(async () => {
      const recorded = await deals.paymentOf(transaction);
      if (recorded) return { paymentId: recorded.id };
      const booking = (await deals.find(bookingId)) ?? notFound();
      if (booking.cancelled) return { refused: 'cancelled' };
      // only a move the deal's rulebook has (unpaid -> held); anything else was paid already
      if (!canMove(booking.status, 'held')) return { refused: 'already_paid' };
      if ((await deals.takeUnit(booking.mobile_id)).changes === 0) return { refused: 'sold_out' };
      const heldAt = clock.now();
      await deals.hold(booking.id, transaction, heldAt.toISOString(), deal.expiresAt(heldAt));
      // Both sides hear of the hold: the processor placed it, so nobody is the actor here.
      await deps.notify?.('card_held', booking, null);
      const paymentId = newId('p');
      await deals.insertPayment({
        id: paymentId,
        booking_id: booking.id,
        transaction_id: transaction,
        price_cents: booking.price_cents,
        email: booking.buyer_email,
        provider: provider.name,
        created_at: now(),
      });
      return { paymentId };
    });
  }

  /**
   * Holds, and lets the money go when the phone went to someone else first. Money is never kept without a
   * record: when the write itself fails (a constraint, a full disk), the authorization is voided at once; a crash
   * before either is found by `reconcile`.
   */
  async function settleOrRefund(bookingId: string, transaction: string): Promise<string> {
    let settled: Settled;
    try {
      settled = await settle(bookingId, transaction);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      await provider.release(transaction);
      logger.error({ err: error, transaction, bookingId }, 'payment not recorded; refunded');
      throw new HttpError(503, NOT_RECORDED, { code: 'refunded' });
    }
    if ('paymentId' in settled) {
      await deal.moved(bookingId);
      return settled.paymentId;
    }
    await provider.release(transaction);
    if (settled.refused === 'sold_out') conflict(`${SOLD_OUT}; your payment was refunded`, 'sold_out');
    if (settled.refused === 'cancelled') conflict(`${CANCELLED}; your payment was refunded`, 'cancelled');
    return conflict(`${ALREADY_PAID}; this payment was refunded`, 'already_paid');
  }

  return {
    async createPaymentIntent(user: CurrentUser, bookingId: string) {
      let booking = await ownBooking(user, bookingId);
      chargeable(booking);
      // The buyer pays the lower of the booked and the current price; read again only when it went down.
      if ((await deals.lowerToListingPrice(bookingId)).changes === 1)
        booking = await ownBooking(user, bookingId);
      const intent = await provider.createIntent({
        bookingId: booking.id,
        mobileId: booking.mobile_id,
        buyerEmail: booking.buyer_email,
        amount: booking.price_cents,
        currency: 'usd',
      });
      return {
        id: intent.id,
        clientSecret: intent.clientSecret,
        amount: booking.price_cents,
        currency: 'usd' as const,
        provider: provider.name,
      };
    },

    /**
     * The card is authorized here, so the hold is recorded here too, as Stripe's webhook does: no window in which
     * money is held for a booking the server has not marked held. POST /payments afterwards answers the same.
     */
    async confirmTestPayment(user: CurrentUser, intentId: string, body: TestCardConfirmation) {
      if (!provider.confirmTestCard)
        throw new HttpError(404, 'The test processor is not enabled (Stripe is configured)');
      // Who pays, and whether the booking can still be paid, are checked here; the card, by the processor.
      const bookingId = (await provider.retrieveIntent(intentId))?.bookingId ?? notFound();
      chargeable(await ownBooking(user, bookingId));
      const confirmed = await provider.confirmTestCard(intentId, body);
      await settleOrRefund(bookingId, intentId);
      return confirmed;
    },

    async recordPayment(user: CurrentUser, bookingId: string, transaction: string) {
      const booking = await ownBooking(user, bookingId);
      const recorded = await deals.paymentOf(transaction);
      if (recorded) {
        if (recorded.booking_id !== booking.id) conflict('This transaction belongs to another booking');
        return { insertedId: recorded.id, transaction };
      }
      const intent = await provider.retrieveIntent(transaction);
      const confirmed =
        intent?.status === AUTHORIZED &&
        !intent.refunded &&
        intent.bookingId === booking.id &&
        intent.amount === booking.price_cents &&
        intent.currency === 'usd';
      if (!confirmed)
        throw new HttpError(402, 'The payment has not succeeded', { code: 'payment_incomplete' });
      return { insertedId: await settleOrRefund(booking.id, transaction), transaction };
    },

    reconcile,

    /** Stripe's events: a hold is recorded (and a capture or cancel followed) even if the browser never calls back. */
    async receiveStripeWebhook(rawBody: Buffer | undefined, signature: string | undefined) {
      if (!provider.parseWebhook) throw new HttpError(404, 'Stripe is not configured');
      if (!signature || signature.length > 2000) {
        throw new HttpError(400, 'request/headers/stripe-signature is required');
      }
      if (!rawBody) throw new HttpError(400, 'The request body must be a Stripe event (JSON)');
      let event;
      try {
        event = provider.parseWebhook(rawBody, signature);
      } catch {
        throw new HttpError(400, 'The Stripe signature does not match');
      }
      if (await payments.eventSeen(event.id)) return { received: true };
      // Kept as seen only once handled: a failure (say the refund call) answers non-2xx and Stripe redelivers.
      // Two deliveries at once both handle it, which is safe: settling is idempotent on the intent, and so is
      // the refund (its idempotency key).
      await handle(event);
      await payments.recordEvent(event.id, event.type, now());
      return { received: true };
    },
  };

  /**
   * Keeps the money and the deals in step, idempotently: holds past their window are voided; decided deals whose
   * processor call never happened (a crash, the processor down) are captured or voided; and money the processor
   * holds or took with no payment row (a crash between the authorization and the write) is held now, or let go
   * when its booking can no longer be held.
   */
  // The processor dates its intents by the real clock (the deal clock may run ahead in tests and the demo).
  async function reconcile(at = new Date()) {
    const result = { checked: 0, settled: 0, refunded: 0, expired: 0, finished: 0 };
    result.expired = await deal.expireDue();
    result.finished = await deal.finishUndone();
    for await (const intent of provider.moneySince(new Date(at.getTime() - RECONCILE_WINDOW_MS))) {
      if (!intent.bookingId) continue;
      if (await deals.paymentOf(intent.id)) {
        // Captured at the processor (say, a crash after the capture) while the deal still says held.
        if (intent.status === 'succeeded') await deal.captured(intent.id);
        continue;
      }
      result.checked += 1;
      if (await sync(intent)) result.settled += 1;
      else result.refunded += 1;
    }
    return result;
  }

  /**
   * Brings one intent's booking in line with what the processor says now (never with what an event said, so a
   * replayed or late event changes nothing): authorized -> held; captured -> completed (or the money back when
   * the deal ended); canceled -> the deal ends. Returns whether the money is (still) the booking's.
   */
  async function sync(intent: IntentState): Promise<boolean> {
    if (intent.status === 'canceled') {
      await deal.canceled(intent.id);
      return false;
    }
    if (
      (intent.status !== AUTHORIZED && intent.status !== 'succeeded') ||
      intent.refunded ||
      !intent.bookingId
    ) {
      return false;
    }
    const booking = await deals.find(intent.bookingId);
    if (!booking || intent.amount !== booking.price_cents || intent.currency !== 'usd') {
      // Money for a booking that is gone, or for another amount: give it back.
      await provider.release(intent.id);
      return false;
    }
    try {
      await settleOrRefund(booking.id, intent.id);
    } catch (error) {
      // 409: refused and released by settleOrRefund; 503: the write failed and the money was released. Anything
      // else (the processor down) is thrown: the next run or Stripe's redelivery tries again.
      if (!(error instanceof HttpError && (error.status === 409 || error.code === 'refunded'))) throw error;
      return false;
    }
    if (intent.status === 'succeeded') await deal.captured(intent.id);
    return true;
  }

  async function handle(event: WebhookEvent) {
    const watched = [
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
      'payment_intent.canceled',
    ];
    if (!watched.includes(event.type)) return;
    const id = (event.data.object as { id?: unknown }).id;
    if (typeof id !== 'string') return;
    const intent = await provider.retrieveIntent(id);
    if (intent) await sync(intent);
  }
}

export type PaymentsService = ReturnType<typeof paymentsService>;
