// The deal's writes. Each transition is one conditional UPDATE: when two race (a code entered as the hold
// expires, a decline as the buyer walks away), the database lets exactly one through and the other changes
// nothing. A hold reserves one unit of the listing, so the unit's stock moves here too, in the same transaction.
import {
  HANDOVER_ATTEMPTS,
  IMEI_CHECK_ATTEMPTS,
  movesFrom,
  type DealEnding,
  type DealStatus,
} from '@recell/api';
import type { Database } from '../../db/database';
import { BOOKING_COLUMNS, type BookingRow } from './record';

export interface PaymentRow {
  id: string;
  booking_id: string;
  transaction_id: string;
}

/**
 * The states a deal may move to `to` from, as SQL: DEAL_TRANSITIONS (@recell/api) is the rule, and every
 * transition's WHERE clause reads it. Only the rulebook's own state names go into the text, never input.
 */
const leadingTo = (to: DealStatus) =>
  movesFrom(to)
    .map((state) => `'${state}'`)
    .join(', ') || 'NULL';

export function dealsRepository(db: Database) {
  /** Whether a booking of the listing is open (unpaid or held): its IMEI is what that buyer will check. */
  const openDealOf = async (mobileId: string) =>
    (await db.get(
      `SELECT 1 AS open FROM bookings WHERE mobile_id = ? AND status IN ('unpaid', 'held') LIMIT 1`,
      [mobileId],
    )) !== undefined;
  const heldTransactions = async (where: string, params: string[]) =>
    (
      await db.all<{ transaction_id: string }>(
        `SELECT transaction_id FROM bookings WHERE ${where} AND status = 'held' AND transaction_id IS NOT NULL`,
        params,
      )
    ).map((row) => row.transaction_id);

  return {
    openDealOf,
    find: (id: string) =>
      db.get<BookingRow>(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.id = ?`, [id]),
    hold: (id: string, transaction: string, at: string, expiresAt: string) =>
      db.run(
        `UPDATE bookings SET status = 'held', transaction_id = ?, held_at = ?, hold_expires_at = ?
         WHERE id = ? AND status IN (${leadingTo('held')}) AND cancelled = 0`,
        [transaction, at, expiresAt, id],
      ),
    /**
     * The listing's price went below the booking's since it was booked: the buyer pays the lower (before paying,
     * or at the handover of a held deal). A raise never reaches a booking.
     */
    lowerToListingPrice: (id: string) =>
      db.run(
        `UPDATE bookings SET booked_cents = COALESCE(booked_cents, price_cents),
           price_cents = (SELECT resale_cents FROM mobiles WHERE id = bookings.mobile_id)
         WHERE id = ? AND status IN ('unpaid', 'held')
           AND price_cents > (SELECT resale_cents FROM mobiles WHERE id = bookings.mobile_id)`,
        [id],
      ),
    /** The right code, before the window closed and while not locked. */
    complete: (id: string, at: string) =>
      db.run(
        `UPDATE bookings SET status = 'completed', paid = 1, completed_at = ?
         WHERE id = ? AND status IN (${leadingTo('completed')}) AND handover_attempts < ? AND hold_expires_at > ?`,
        [at, id, HANDOVER_ATTEMPTS, at],
      ),
    /**
     * The buyer's own check, kept with the deal as it completes (reviews show it as "Verified handover"): only a
     * check the buyer finished (the IMEI matched, or the listing has none, and both boxes ticked), never skipped.
     */
    keepBuyerEvidence: (id: string) =>
      db.run(
        `UPDATE bookings SET handover_imei_matched = buyer_imei_matched, handover_condition_matched = 1,
           handover_signed_out = 1
         WHERE id = ? AND buyer_condition_matched = 1 AND buyer_signed_out = 1 AND buyer_check_skipped = 0`,
        [id],
      ),
    /** The listing's IMEI, to compare with what the buyer typed (never shown to them). */
    imeiOf: async (mobileId: string) =>
      (await db.get<{ imei: string | null }>('SELECT imei FROM mobiles WHERE id = ?', [mobileId]))?.imei ??
      null,
    buyerIdOf: async (email: string) =>
      (await db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]))?.id ?? null,
    /** A wrong IMEI typed by the buyer: counted only while held, unlocked, unmatched and not skipped. */
    wrongImei: (id: string) =>
      db.run(
        `UPDATE bookings SET buyer_imei_attempts = buyer_imei_attempts + 1
         WHERE id = ? AND status = 'held' AND buyer_imei_attempts < ? AND buyer_imei_matched = 0
           AND buyer_check_skipped = 0`,
        [id, IMEI_CHECK_ATTEMPTS],
      ),
    /** The buyer's IMEI matched, before the check locked. */
    imeiMatched: (id: string) =>
      db.run(
        `UPDATE bookings SET buyer_imei_matched = 1
         WHERE id = ? AND status = 'held' AND buyer_imei_attempts < ? AND buyer_check_skipped = 0`,
        [id, IMEI_CHECK_ATTEMPTS],
      ),
    /** The buyer ticks what they saw: after the IMEI matched, or on a listing without one. */
    recordChecks: (id: string) =>
      db.run(
        `UPDATE bookings SET buyer_condition_matched = 1, buyer_signed_out = 1
         WHERE id = ? AND status = 'held' AND buyer_check_skipped = 0
           AND (buyer_imei_matched = 1 OR (SELECT imei FROM mobiles WHERE id = bookings.mobile_id) IS NULL)`,
        [id],
      ),
    /** The buyer gives the code without the check: not after it locked, nor once it is done. */
    skipCheck: (id: string) =>
      db.run(
        `UPDATE bookings SET buyer_check_skipped = 1
         WHERE id = ? AND status = 'held' AND buyer_imei_attempts < ? AND buyer_condition_matched = 0`,
        [id, IMEI_CHECK_ATTEMPTS],
      ),
    /** The processor says the money was captured (a webhook, reconciliation): no code or window to check. */
    completeCaptured: (id: string, at: string) =>
      db.run(
        `UPDATE bookings SET status = 'completed', paid = 1, completed_at = ?
         WHERE id = ? AND status IN (${leadingTo('completed')})`,
        [at, id],
      ),
    wrongCode: (id: string) =>
      db.run(
        `UPDATE bookings SET handover_attempts = handover_attempts + 1
         WHERE id = ? AND status = 'held' AND handover_attempts < ?`,
        [id, HANDOVER_ATTEMPTS],
      ),
    /** Ends a deal that is in `from` (held, or unpaid); expiry passes the moment, so a live hold is never ended. */
    end: (
      id: string,
      from: 'held' | 'unpaid',
      to: DealEnding,
      at: string,
      options: {
        by?: 'buyer' | 'listing';
        notAsDescribed?: boolean;
        deviceBlocked?: boolean;
        dueBy?: string;
      } = {},
    ) =>
      // a move the rulebook does not have changes no row, as a deal already moved on changes none
      db.run(
        `UPDATE bookings SET status = ?, cancelled = 1, cancelled_by = ?, ended_at = ?, not_as_described = ?,
           device_blocked = ?
         WHERE id = ? AND status = ? AND status IN (${leadingTo(to)}) ${options.dueBy ? 'AND hold_expires_at <= ?' : ''}`,
        [
          to,
          to === 'cancelled' ? (options.by ?? 'buyer') : null,
          at,
          options.notAsDescribed ? 1 : 0,
          options.deviceBlocked ? 1 : 0,
          id,
          from,
          ...(options.dueBy ? [options.dueBy] : []),
        ],
      ),
    /** Holds that end after `at` and by `until` whose two sides were not warned yet (the warning job's work). */
    unwarnedHolds: (at: string, until: string) =>
      db.all<{ id: string }>(
        `SELECT id FROM bookings WHERE status = 'held' AND hold_warned_at IS NULL AND hold_expires_at > ?
           AND hold_expires_at <= ? ORDER BY hold_expires_at LIMIT 500`,
        [at, until],
      ),
    /** Claims a held deal's warning: 1 change for the one call that warns, 0 for any other (a second process). */
    markHoldWarned: (id: string, at: string, until: string) =>
      db.run(
        `UPDATE bookings SET hold_warned_at = ?
         WHERE id = ? AND status = 'held' AND hold_warned_at IS NULL AND hold_expires_at > ? AND hold_expires_at <= ?`,
        [at, id, at, until],
      ),
    /** Holds whose window has passed (the expiry job's work). */
    dueHolds: (at: string) =>
      db.all<{ id: string }>(
        "SELECT id FROM bookings WHERE status = 'held' AND hold_expires_at <= ? ORDER BY hold_expires_at LIMIT 500",
        [at],
      ),
    /**
     * A listing taken down: its unpaid and held bookings are kept as cancelled. Returns the holds it ended, for
     * the caller to void once its transaction has committed.
     */
    async endForListing(mobileId: string, at: string): Promise<string[]> {
      const held = await heldTransactions('mobile_id = ?', [mobileId]);
      await db.run(
        `UPDATE bookings SET cancelled = 1, cancelled_by = 'listing', status = 'cancelled', ended_at = ?
         WHERE mobile_id = ? AND paid = 0 AND cancelled = 0 AND status IN (${leadingTo('cancelled')})`,
        [at, mobileId],
      );
      return held;
    },
    /** A deleted buyer's held deals end as if they walked away, their units back in stock; returns the holds. */
    async endHeldOf(buyerEmail: string, at: string): Promise<string[]> {
      const held = await heldTransactions('buyer_email = ?', [buyerEmail]);
      await db.run(
        "UPDATE mobiles SET stock = stock + 1 WHERE id IN (SELECT mobile_id FROM bookings WHERE buyer_email = ? AND status = 'held')",
        [buyerEmail],
      );
      await db.run(
        `UPDATE bookings SET status = 'cancelled', cancelled = 1, cancelled_by = 'buyer', ended_at = ?
         WHERE buyer_email = ? AND status = 'held' AND status IN (${leadingTo('cancelled')})`,
        [at, buyerEmail],
      );
      return held;
    },
    /** Takes one from stock only while some is left: the guard against selling the last unit twice. */
    takeUnit: (mobileId: string) =>
      db.run('UPDATE mobiles SET stock = stock - 1 WHERE id = ? AND stock > 0', [mobileId]),
    /** A blocked device: the listing is taken down for review (no unit of it is offered again). */
    withdrawUnits: (mobileId: string) => db.run('UPDATE mobiles SET stock = 0 WHERE id = ?', [mobileId]),
    /** The phone changed hands through ReCell: the listing lets its IMEI go (one IMEI, one active listing). */
    releaseImei: (mobileId: string) =>
      db.run('UPDATE mobiles SET imei_released = 1 WHERE id = ? AND imei IS NOT NULL', [mobileId]),
    /** A unit back in stock (a held deal that ended). */
    restoreUnit: (mobileId: string) =>
      db.run('UPDATE mobiles SET stock = stock + 1 WHERE id = ?', [mobileId]),
    // The deal's money: one payment row per hold, 'held' until the processor has captured or voided it.
    paymentOf: (transaction: string) =>
      db.get<PaymentRow>('SELECT id, booking_id, transaction_id FROM payments WHERE transaction_id = ?', [
        transaction,
      ]),
    /** Whether the processor still has to be told of this payment (its row still says held). */
    async stillHeld(transaction: string) {
      const row = await db.get<{ status: string }>('SELECT status FROM payments WHERE transaction_id = ?', [
        transaction,
      ]);
      return row?.status === 'held';
    },
    /** A hold: the money is authorized at the processor, not captured. */
    insertPayment: (
      row: PaymentRow & { price_cents: number; email: string; provider: string; created_at: string },
    ) =>
      db.run(
        `INSERT INTO payments (id, booking_id, transaction_id, price_cents, email, provider, created_at, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'held')`,
        [
          row.id,
          row.booking_id,
          row.transaction_id,
          row.price_cents,
          row.email,
          row.provider,
          row.created_at,
        ],
      ),
    /** What the processor now holds for this payment; written after the processor answered. */
    moneyIs: (transaction: string, status: 'captured' | 'voided') =>
      db.run("UPDATE payments SET status = ? WHERE transaction_id = ? AND status = 'held'", [
        status,
        transaction,
      ]),
    /**
     * Holds the processor still has although the deal is decided: completed but not captured, or ended but not
     * voided (a crash or a processor error between the database's decision and the processor's call).
     */
    undone: () =>
      db.all<{ transaction_id: string; booking_status: string; price_cents: number }>(
        `SELECT p.transaction_id, b.status AS booking_status, b.price_cents
         FROM payments p JOIN bookings b ON b.id = p.booking_id
         WHERE p.status = 'held' AND b.status != 'held' LIMIT 500`,
      ),
  };
}

export type DealsRepository = ReturnType<typeof dealsRepository>;
