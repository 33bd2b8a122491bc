// The processor's half of the deal: a decision the database made (captured, voided) is told to the processor
// second, and what the processor says on its own (a webhook, reconciliation) is brought into the deal. A failed
// processor call leaves the payment row 'held' for `finishUndone` to retry.
import type { Logger } from 'pino';
import type { DealEnding } from '@recell/api';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import type { Clock } from './clock';
import { endingNotice, type BookingRow, type DealNotice, type Earned, type PriceCaptured } from './record';
import type { DealsRepository } from './repository';

/** What the deal needs of a card processor (the payments module's provider is one). */
export interface DealProcessor {
  /** Takes `amountCents` of the hold (all of it when that is the held amount), letting the rest go. */
  capture(transaction: string, amountCents: number): Promise<unknown>;
  release(transaction: string): Promise<unknown>;
}

export function settlement(deps: {
  db: Database;
  deals: DealsRepository;
  processor: DealProcessor;
  clock: Clock;
  logger: Logger;
  /** Told after a hold expired (the deal's thread shows it at once; the expiry job has no caller to answer). */
  moved?: (bookingId: string) => Promise<void>;
  /** Its two sides told, in the transaction of each move (the notifications module, wired in app.ts). */
  notify?: DealNotice;
  /** The price guide keeps a completed deal's price, in the completing transaction (wired in app.ts). */
  priceCaptured?: PriceCaptured;
  /** The seller's earning of a completed deal, in the completing transaction (the payouts module, app.ts). */
  earned?: Earned;
}) {
  const { db, deals, processor, clock, logger } = deps;
  const at = () => clock.now().toISOString();
  const find = async (id: string) => (await deals.find(id)) ?? notFound();

  /**
   * Transactions this process is deciding or telling the processor about right now. `finishUndone` leaves them
   * alone: a decision committed a moment ago whose processor call is still on its way is under way, not undone,
   * and a second call to the processor for it is what the reconciliation must not make (a void racing the expiry
   * job was sent twice). Counted, as a decision and its call overlap.
   */
  const inFlight = new Map<string, number>();
  async function underway<T>(transaction: string | null, work: () => Promise<T>): Promise<T> {
    if (!transaction) return work();
    inFlight.set(transaction, (inFlight.get(transaction) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = (inFlight.get(transaction) ?? 1) - 1;
      if (left > 0) inFlight.set(transaction, left);
      else inFlight.delete(transaction);
    }
  }

  /**
   * The processor's half of a decision (capture the deal's price, or void); a failure is left to `finishUndone`
   * (the row stays 'held').
   */
  async function tellProcessor(transaction: string, money: 'voided' | { captured: number }) {
    await underway(transaction, async () => {
      try {
        await (money === 'voided'
          ? processor.release(transaction)
          : processor.capture(transaction, money.captured));
        await deals.moneyIs(transaction, money === 'voided' ? money : 'captured');
      } catch (error) {
        logger.error({ err: error, transaction, money }, 'processor not told yet; reconciliation retries');
      }
    });
  }

  /** Ends a held deal: the unit back in stock in the same transaction, then the hold voided. */
  async function endHeld(
    row: BookingRow,
    to: DealEnding,
    options: { notAsDescribed?: boolean; deviceBlocked?: boolean; dueBy?: string; actor?: string } = {},
  ): Promise<boolean> {
    const { actor, ...ending } = options;
    // under way from before the decision commits until the processor has been told
    return underway(row.transaction_id, async () => {
      const ended = await db.transaction(async () => {
        const { changes } = await deals.end(row.id, 'held', to, at(), {
          ...ending,
          ...(options.deviceBlocked ? { by: 'listing' as const } : {}),
        });
        // A blocked device's unit is not offered again: the listing goes down for review instead.
        if (changes === 1) {
          await (options.deviceBlocked
            ? deals.withdrawUnits(row.mobile_id)
            : deals.restoreUnit(row.mobile_id));
          await deps.notify?.(endingNotice[to], row, actor ?? null);
        }
        return changes === 1;
      });
      if (ended && row.transaction_id) await tellProcessor(row.transaction_id, 'voided');
      return ended;
    });
  }

  async function expireOne(row: BookingRow): Promise<boolean> {
    const expired = await endHeld(row, 'expired', { dueBy: at() });
    if (expired) await deps.moved?.(row.id);
    return expired;
  }

  return {
    underway,
    tellProcessor,
    endHeld,
    expireOne,

    /** The expiry job: every hold past its window voided, its unit restored. Idempotent. */
    async expireDue(): Promise<number> {
      let expired = 0;
      for (const { id } of await deals.dueHolds(at())) {
        const row = await deals.find(id);
        if (row && (await expireOne(row))) expired += 1;
      }
      return expired;
    },

    /** Decided deals whose money the processor was not told about: captured or voided now. */
    async finishUndone() {
      let finished = 0;
      for (const row of await deals.undone()) {
        // in flight here, or told since the list was read (a call of this process ended meanwhile): not undone
        if (inFlight.has(row.transaction_id) || !(await deals.stillHeld(row.transaction_id))) continue;
        await tellProcessor(
          row.transaction_id,
          row.booking_status === 'completed' ? { captured: row.price_cents } : 'voided',
        );
        finished += 1;
      }
      return finished;
    },

    /**
     * The processor captured (a webhook, reconciliation): a held deal is complete; one that ended meanwhile gets
     * its money back. Returns false when there is no payment row for it (the caller holds first).
     */
    async captured(transaction: string): Promise<boolean> {
      const payment = await deals.paymentOf(transaction);
      if (!payment) return false;
      const row = await find(payment.booking_id);
      if (row.status === 'held') {
        await db.transaction(async () => {
          if ((await deals.completeCaptured(row.id, at())).changes === 1) {
            await deals.releaseImei(row.mobile_id);
            await deps.priceCaptured?.(row.id);
            await deps.earned?.(row.id);
            await deps.notify?.('handover_completed', row, null);
          }
        });
      }
      const now = await find(payment.booking_id);
      if (now.status === 'completed') await deals.moneyIs(transaction, 'captured');
      else await tellProcessor(transaction, 'voided');
      return true;
    },

    /** The processor canceled the authorization (Stripe's own expiry, the dashboard): the deal ends with it. */
    async canceled(transaction: string) {
      const payment = await deals.paymentOf(transaction);
      if (!payment) return;
      const row = await find(payment.booking_id);
      if (row.status === 'held') await endHeld(row, 'expired');
      else if (row.status === 'completed') {
        logger.error({ transaction }, 'a completed deal whose hold the processor canceled');
        return;
      }
      await deals.moneyIs(transaction, 'voided');
    },
  };
}
