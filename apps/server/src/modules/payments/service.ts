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

/**
 * Paying for an offer (the offers module's side, a port wired in app.ts): an offer is paid as a booking is, the
 * card authorized for what is due, and recorded by `settle` (which refuses, and lets the card go, when the offer
 * can no longer take it).
 */
export interface OfferPayments {
  /** What is due now (the offer's amount, or the counter's); refused when the caller may not pay it. */
  due(
    user: CurrentUser,
    offerId: string,
  ): Promise<{ offerId: string; mobileId: string; buyerEmail: string; amount: number }>;
  /** Whether this transaction is recorded for this offer already (409 when it is another offer's). */
  recorded(offerId: string, transaction: string): Promise<boolean>;
  settle(offerId: string, transaction: string, cents: number): Promise<void>;
  /** In the payment's transaction: a unit went; returns what to do after the commit (the offers it ended). */
  unitTaken(mobileId: string): Promise<() => Promise<void>>;
  /** Lets go of a recorded authorization the offer no longer needs (exactly once; false when it still does). */
  releaseOne(transaction: string): Promise<boolean>;
}

type Settled =
  { paymentId: string; after?: () => Promise<void> } | { refused: 'sold_out' | 'already_paid' | 'cancelled' };

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
  /** Offers paid the same way (the offers module, wired in app.ts). */
  offers?: OfferPayments;
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
      // the last unit going ends the listing's open offers, in this transaction
      const after = await deps.offers?.unitTaken(booking.mobile_id);
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
      return { paymentId, ...(after ? { after } : {}) };
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
      await settled.after?.();
      await deal.moved(bookingId);
      return settled.paymentId;
    }
    await provider.release(transaction);
    if (settled.refused === 'sold_out') conflict(`${SOLD_OUT}; your payment was refunded`, 'sold_out');
    if (settled.refused === 'cancelled') conflict(`${CANCELLED}; your payment was refunded`, 'cancelled');
    return conflict(`${ALREADY_PAID}; this payment was refunded`, 'already_paid');
  }

  /** Intents for offers being confirmed by this process: reconciliation leaves them to the confirmation. */
  const confirming = new Set<string>();

  const offersOn = () => deps.offers ?? notFound();

  async function offerIntent(user: CurrentUser, offerId: string) {
    const due = await offersOn().due(user, offerId);
    const intent = await provider.createIntent({
      offerId: due.offerId,
      mobileId: due.mobileId,
      buyerEmail: due.buyerEmail,
      amount: due.amount,
      currency: 'usd',
    });
    return {
      id: intent.id,
      clientSecret: intent.clientSecret,
      amount: due.amount,
      currency: 'usd' as const,
      provider: provider.name,
    };
  }

  /** Records an offer's authorization; a write that fails lets the card go at once (as settleOrRefund does). */
  async function settleOffer(offerId: string, transaction: string, cents: number) {
    try {
      await offersOn().settle(offerId, transaction, cents);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      await provider.release(transaction);
      logger.error({ err: error, transaction, offerId }, 'offer payment not recorded; released');
      throw new HttpError(503, NOT_RECORDED, { code: 'refunded' });
    }
  }

  return {
    async createPaymentIntent(user: CurrentUser, bookingId: string | undefined, offerId?: string) {
      if (offerId !== undefined) return offerIntent(user, offerId);
      if (bookingId === undefined) return notFound();
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
      const paysFor = (await provider.retrieveIntent(intentId)) ?? notFound();
      if (paysFor.offerId && !paysFor.bookingId) {
        const due = await offersOn().due(user, paysFor.offerId);
        if (due.amount !== paysFor.amount)
          conflict('The amount due changed; please start again', 'offer_ended');
        confirming.add(intentId);
        try {
          const confirmed = await provider.confirmTestCard(intentId, body);
          await settleOffer(due.offerId, intentId, confirmed.amount);
          return confirmed;
        } finally {
          confirming.delete(intentId);
        }
      }
      const bookingId = paysFor.bookingId ?? notFound();
      chargeable(await ownBooking(user, bookingId));
      const confirmed = await provider.confirmTestCard(intentId, body);
      await settleOrRefund(bookingId, intentId);
      return confirmed;
    },

    async recordPayment(
      user: CurrentUser,
      bookingId: string | undefined,
      transaction: string,
      offerId?: string,
    ) {
      if (offerId !== undefined) return recordOfferPayment(user, offerId, transaction);
      if (bookingId === undefined) return notFound();
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

  /** The processor must say the card is authorized for exactly what the offer has due, for this offer. */
  async function recordOfferPayment(user: CurrentUser, offerId: string, transaction: string) {
    const offers = offersOn();
    if (await offers.recorded(offerId, transaction)) return { insertedId: offerId, transaction };
    const due = await offers.due(user, offerId);
    const intent = await provider.retrieveIntent(transaction);
    const confirmed =
      intent?.status === AUTHORIZED &&
      !intent.refunded &&
      intent.offerId === offerId &&
      !intent.bookingId &&
      intent.amount === due.amount &&
      intent.currency === 'usd';
    if (!confirmed) throw new HttpError(402, 'The payment has not succeeded', { code: 'payment_incomplete' });
    await settleOffer(offerId, transaction, intent.amount);
    return { insertedId: offerId, transaction };
  }

  /**
   * An offer's intent the processor holds money for: a recorded one that became a deal is the deal's (captured
   * there); a recorded one its offer no longer needs is let go (exactly once, the offers' claim); one never
   * recorded (a crash between the card and the write) is let go, unless this process is recording it now.
   */
  async function reconcileOffer(intent: IntentState): Promise<'deal' | 'released' | 'kept'> {
    if (await deals.paymentOf(intent.id)) {
      if (intent.status === 'succeeded') await deal.captured(intent.id);
      return 'deal';
    }
    if (!deps.offers || confirming.has(intent.id)) return 'kept';
    if (await deps.offers.recorded(intent.offerId ?? '', intent.id).catch(() => true)) {
      return (await deps.offers.releaseOne(intent.id)) ? 'released' : 'kept';
    }
    // Authorized but never recorded (a crash after the card, or a browser that has not posted /payments yet):
    // recorded now when the offer can still take it, as a booking's is; settling lets it go when it cannot.
    if (intent.status !== AUTHORIZED || intent.refunded || !intent.offerId) {
      await provider.release(intent.id);
      return 'released';
    }
    try {
      await settleOffer(intent.offerId, intent.id, intent.amount);
      return (await deals.paymentOf(intent.id)) ? 'deal' : 'kept';
    } catch (error) {
      if (!(error instanceof HttpError && (error.status < 500 || error.code === 'refunded'))) throw error;
      return 'released';
    }
  }

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
      if (!intent.bookingId && intent.offerId) {
        if ((await reconcileOffer(intent)) === 'released') result.refunded += 1;
        continue;
      }
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
    if (intent?.offerId && !intent.bookingId) await syncOffer(intent);
    else if (intent) await sync(intent);
  }

  /**
   * An offer's intent, as Stripe tells of it: authorized -> recorded (the offer moves on, or the card is let go
   * when it cannot); once it is a deal's, captured or canceled as a booking's is.
   */
  async function syncOffer(intent: IntentState) {
    if (await deals.paymentOf(intent.id)) {
      if (intent.status === 'succeeded') await deal.captured(intent.id);
      else if (intent.status === 'canceled') await deal.canceled(intent.id);
      return;
    }
    if (intent.status !== AUTHORIZED || intent.refunded || !intent.offerId || !deps.offers) return;
    try {
      await settleOffer(intent.offerId, intent.id, intent.amount);
    } catch (error) {
      // refused (and let go) by the offer, or an offer that is gone (reconciliation lets that card go)
      if (!(error instanceof HttpError && (error.status < 500 || error.code === 'refunded'))) throw error;
    }
  }
}

export type PaymentsService = ReturnType<typeof paymentsService>;
