// The safe deal after the hold (issue 14): the seller captures with the buyer's handover code, or the deal ends
// (buyer cancels or finds it not as described, seller declines, the window passes) and the hold is voided.
// The database decides first (one conditional UPDATE, so racing calls end in one outcome), the processor is told
// second; when the processor call fails or the process dies in between, the payment row still says 'held' and
// `finishUndone` (the reconciliation job) captures or voids it.
import type { Logger } from 'pino';
import type { Booking } from '@recell/api';
import type { Database } from '../../db/database';
import {
  isSelf,
  requireOwnEmail,
  requireSelf,
  requireSellerOrAdmin,
  type CurrentUser,
} from '../../auth/policy';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { newId } from '../../ids';
import {
  HANDOVER_ATTEMPTS,
  toBooking,
  type BookingRow,
  type BookingsRepository,
  type Ending,
} from '../bookings/repository';
import type { ReportsRepository } from '../reports/repository';
import type { UsersRepository } from '../users/repository';
import type { Clock } from './clock';
import type { HandoverCodes } from './handover-code';
import type { IntentState, PaymentProvider } from './providers/provider';
import type { PaymentsRepository } from './repository';
import type { CatalogueRepository } from '../catalogue/repository';

const COMPLETE = 'This deal is complete';

export function dealService(deps: {
  db: Database;
  mobiles: CatalogueRepository;
  bookings: BookingsRepository;
  payments: PaymentsRepository;
  reports: ReportsRepository;
  users: UsersRepository;
  provider: PaymentProvider;
  clock: Clock;
  codes: HandoverCodes;
  holdWindowMs: number;
  demoMode: boolean;
  logger: Logger;
}) {
  const { db, mobiles, bookings, payments, provider, clock, codes, logger } = deps;
  const at = () => clock.now().toISOString();
  const find = async (id: string) => (await bookings.find(id)) ?? notFound();

  /** The booking as this caller may see it: the handover code only to its buyer, only while held. */
  function view(user: CurrentUser, row: BookingRow): Booking {
    const code =
      row.status === 'held' && row.transaction_id && isSelf(user, row.buyer_email)
        ? codes.codeFor(row.id, row.transaction_id)
        : undefined;
    return toBooking(row, code);
  }

  /** Refuses with the deal's real state: complete, or ended some other way. */
  function notHeld(row: BookingRow): never {
    if (row.status === 'completed') conflict(COMPLETE, 'already_paid');
    if (row.status === 'expired') conflict('The hold expired before the handover', 'expired');
    return conflict(`This deal is ${row.status}, not held`, 'not_held');
  }

  /** The processor's half of a decision; a failure is left to `finishUndone` (the row stays 'held'). */
  async function tellProcessor(transaction: string, money: 'captured' | 'voided') {
    try {
      await (money === 'captured' ? provider.capture(transaction) : provider.release(transaction));
      await payments.moneyIs(transaction, money);
    } catch (error) {
      logger.error({ err: error, transaction, money }, 'processor not told yet; reconciliation retries');
    }
  }

  /** Ends a held deal: the unit back in stock in the same transaction, then the hold voided. */
  async function endHeld(
    row: BookingRow,
    to: Ending,
    options: { notAsDescribed?: boolean; dueBy?: string } = {},
  ): Promise<boolean> {
    const ended = await db.transaction(async () => {
      const { changes } = await bookings.end(row.id, 'held', to, at(), options);
      if (changes === 1) await mobiles.restoreOne(row.mobile_id);
      return changes === 1;
    });
    if (ended && row.transaction_id) await tellProcessor(row.transaction_id, 'voided');
    return ended;
  }

  /** Ends an unpaid or held booking (walking away, declining). */
  async function endOpen(row: BookingRow, to: Ending) {
    if (row.status === 'held') await endHeld(row, to);
    else if (row.status === 'unpaid') await bookings.end(row.id, 'unpaid', to, at());
    // Read again: a payment may have turned an unpaid booking held meanwhile (then end that hold).
    const now = await find(row.id);
    if (now.status === 'held') await endHeld(now, to);
    return find(row.id);
  }

  async function expireOne(row: BookingRow) {
    return endHeld(row, 'expired', { dueBy: at() });
  }

  /** The expiry job: every hold past its window voided, its unit restored. Idempotent. */
  async function expireDue(): Promise<number> {
    let expired = 0;
    for (const { id } of await bookings.dueHolds(at())) {
      const row = await bookings.find(id);
      if (row && (await expireOne(row))) expired += 1;
    }
    return expired;
  }

  return {
    view,

    /** Placing a hold: when it ends if nobody completes it. */
    expiresAt: (from: Date) => new Date(from.getTime() + deps.holdWindowMs).toISOString(),

    async completeHandover(user: CurrentUser, id: string, code: string): Promise<Booking> {
      let row = await find(id);
      requireSellerOrAdmin(user, row.seller_id);
      if (row.status === 'held' && (row.hold_expires_at ?? '') <= at()) {
        await expireOne(row);
        row = await find(id);
      }
      if (row.status !== 'held' || !row.transaction_id) notHeld(row);
      if (row.handover_attempts >= HANDOVER_ATTEMPTS) {
        throw new HttpError(
          409,
          'Too many wrong codes: the handover is locked',
          'handover_locked',
          undefined,
          0,
        );
      }
      if (!codes.matches(row.id, row.transaction_id, code)) {
        // Counted and read back under the write lock, so racing wrong codes each get their own count.
        const { changes, now } = await db.transaction(async () => ({
          changes: (await bookings.wrongCode(row.id)).changes,
          now: await find(id),
        }));
        if (changes === 0) {
          if (now.status !== 'held') notHeld(now);
          throw new HttpError(
            409,
            'Too many wrong codes: the handover is locked',
            'handover_locked',
            undefined,
            0,
          );
        }
        const left = HANDOVER_ATTEMPTS - now.handover_attempts;
        const message =
          left === 0
            ? 'That code is not right: the handover is now locked'
            : `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`;
        throw new HttpError(422, message, 'wrong_code', undefined, left);
      }
      const { changes } = await bookings.complete(row.id, at());
      if (changes === 0) {
        // The window closed between the check above and this write (or another request ended the deal): a deal
        // still held past its window is expired now, so the answer says so rather than "held".
        let now = await find(id);
        if (now.status === 'held' && (now.hold_expires_at ?? '') <= at()) {
          await expireOne(now);
          now = await find(id);
        }
        notHeld(now);
      }
      await tellProcessor(row.transaction_id, 'captured');
      return view(user, await find(id));
    },

    /** The buyer calls off an unpaid booking or walks away from a held deal; twice is the same as once. */
    async cancelBooking(user: CurrentUser, id: string): Promise<Booking> {
      const row = await find(id);
      requireSelf(user, row.buyer_email);
      const now = await endOpen(row, 'cancelled');
      if (now.status === 'completed') conflict('A paid booking cannot be cancelled', 'already_paid');
      if (now.status !== 'cancelled') notHeld(now);
      return view(user, now);
    },

    async declineBooking(user: CurrentUser, id: string): Promise<Booking> {
      const row = await find(id);
      requireSellerOrAdmin(user, row.seller_id);
      const now = await endOpen(row, 'declined');
      if (now.status !== 'declined') notHeld(now);
      return view(user, now);
    },

    /** Walks away at the meetup: voided, the unit back, and a report for moderation (one open per listing). */
    async reportNotAsDescribed(user: CurrentUser, id: string, reason: string): Promise<Booking> {
      const row = await find(id);
      requireSelf(user, row.buyer_email);
      if (row.status === 'held' && (await endHeld(row, 'cancelled', { notAsDescribed: true }))) {
        await deps.reports.insert({
          id: newId('r'),
          mobile_id: row.mobile_id,
          mobile_name: row.mobile_name,
          reason: `Not as described: ${reason}`.slice(0, 500),
          reporter_email: row.buyer_email,
          created_at: at(),
          status: 'open',
        });
      }
      const now = await find(id);
      if (!(now.status === 'cancelled' && now.not_as_described)) notHeld(now);
      return view(user, now);
    },

    async getSellerEarnings(user: CurrentUser, email: string) {
      requireOwnEmail(user, email);
      const seller = await deps.users.findByEmail(email);
      if (!seller) return { completedCount: 0, completedCents: 0, heldCount: 0, heldCents: 0 };
      return bookings.earnings(seller.id);
    },

    expireDue,

    /** Demo mode only: the clock moves forward and the expiry job runs at once. */
    async advanceDemoClock(user: CurrentUser, hours: number) {
      if (!deps.demoMode) notFound();
      if (user.role !== 'admin') forbidden();
      clock.advance(hours * 60 * 60 * 1000);
      const expired = await expireDue();
      return { now: at(), offsetHours: Math.round(clock.offsetMs / 3_600_000), expired };
    },

    /** Decided deals whose money the processor was not told about: captured or voided now. */
    async finishUndone() {
      let finished = 0;
      for (const row of await payments.undone()) {
        await tellProcessor(row.transaction_id, row.booking_status === 'completed' ? 'captured' : 'voided');
        finished += 1;
      }
      return finished;
    },

    /**
     * The processor captured (a webhook, reconciliation): a held deal is complete; one that ended meanwhile gets
     * its money back. Returns false when there is no payment row for it (the caller holds first).
     */
    async captured(intent: IntentState): Promise<boolean> {
      const payment = await payments.byTransaction(intent.id);
      if (!payment) return false;
      const row = await find(payment.booking_id);
      if (row.status === 'held') await bookings.completeCaptured(row.id, at());
      const now = await find(payment.booking_id);
      if (now.status === 'completed') await payments.moneyIs(intent.id, 'captured');
      else await tellProcessor(intent.id, 'voided');
      return true;
    },

    /** The processor canceled the authorization (Stripe's own expiry, the dashboard): the deal ends with it. */
    async canceled(intent: IntentState) {
      const payment = await payments.byTransaction(intent.id);
      if (!payment) return;
      const row = await find(payment.booking_id);
      if (row.status === 'held') await endHeld(row, 'expired');
      else if (row.status === 'completed') {
        logger.error({ transaction: intent.id }, 'a completed deal whose hold the processor canceled');
        return;
      }
      await payments.moneyIs(intent.id, 'voided');
    },
  };
}

export type DealService = ReturnType<typeof dealService>;
