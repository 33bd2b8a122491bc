// The safe deal after the hold: the seller captures with the buyer's handover code, or the deal ends
// (buyer cancels or finds it not as described, seller declines, the window passes) and the hold is voided.
// The database decides first (one conditional UPDATE, so racing calls end in one outcome), the processor is told
// second; when the processor call fails or the process dies in between, the payment row still says 'held' and
// `finishUndone` (the reconciliation job) captures or voids it. The rules and their words are `@recell/api`'s
// deal rulebook; what the processor says afterwards is settlement.ts.
import { luhnValid } from '@recell/api/test-cards';
import type { Logger } from 'pino';
import { timingSafeEqual } from 'node:crypto';
import {
  buyerCheckOf,
  buyerCheckRefusals,
  canMove,
  dealRefusals,
  HANDOVER_ATTEMPTS,
  IMEI_CHECK_ATTEMPTS,
  HOLD_EXPIRING_WARNING_HOURS,
  IMEI_CHECK_REPORTER,
  imeiRefusals,
  type Booking,
  type DealEnding,
} from '@recell/api';
import type { Database } from '../../db/database';
import { isSelf, requireSelf, requireSellerOrAdmin, type CurrentUser } from '../../auth/policy';
import { forbidden, HttpError, notFound, refuse } from '../../http/errors';
import type { Clock } from './clock';
import type { HandoverCodes } from './handover-code';
import type { BookingRow, DealNotice, Earned, PriceCaptured } from './record';
import { buyerCheckFacts, endingNotice, toBooking } from './record';
import type { DealsRepository } from './repository';
import { settlement, type DealProcessor } from './settlement';

/** 15 digits is the contract's; the check digit is the deal's to refuse (as phone truth does for listings). */
function requireLuhn(imei: string) {
  if (!luhnValid(imei)) {
    throw new HttpError(400, 'request/body/imei has a wrong check digit', {
      errors: [{ path: '/body/imei', message: 'has a wrong check digit' }],
    });
  }
}

/** The typed IMEI is the listing's (compared in constant time: nothing is learnt from how long a "no" takes). */
const sameDigits = (listed: string, typed: string) =>
  listed.length === typed.length && timingSafeEqual(Buffer.from(listed), Buffer.from(typed));

/** What a not-as-described walk-away files for moderation (the reports module's insert, wired in app.ts). */
export type FileReport = (report: {
  mobileId: string;
  mobileName: string;
  reason: string;
  reporterEmail: string;
  at: string;
}) => Promise<unknown>;

/**
 * Phone truth's re-check at the handover (wired in app.ts): true when the listing's IMEI is blocked now. A listing
 * without an IMEI, or a check that did not answer, is not blocked.
 */
export type DeviceBlocked = (mobileId: string) => Promise<boolean>;
/**
 * The buyer matched the phone's IMEI on their own screen at a completed handover (phone truth learns from it;
 * wired in app.ts). The buyer's word, never the seller's.
 */
export type ImeiWitnessed = (witness: {
  mobileId: string;
  buyerId: string;
  sellerId: string;
}) => Promise<void>;

export function dealService(deps: {
  db: Database;
  deals: DealsRepository;
  processor: DealProcessor;
  fileReport: FileReport;
  deviceBlocked: DeviceBlocked;
  imeiWitnessed: ImeiWitnessed;
  clock: Clock;
  codes: HandoverCodes;
  holdWindowMs: number;
  demoMode: boolean;
  logger: Logger;
  /** Told after a deal moved (the messages module shows the deal's state on its thread; wired in app.ts). */
  moved?: (bookingId: string) => Promise<void>;
  /** Its two sides told, in the transaction of each move (the notifications module, wired in app.ts). */
  notify?: DealNotice;
  /** The price guide keeps a completed deal's price, in the completing transaction (the prices module). */
  priceCaptured?: PriceCaptured;
  /** The seller's earning of a completed deal, in the completing transaction (the payouts module). */
  earned?: Earned;
}) {
  const { db, deals, clock, codes } = deps;
  const at = () => clock.now().toISOString();
  const find = async (id: string) => (await deals.find(id)) ?? notFound();
  const money = settlement(deps);

  /**
   * The booking as this caller may see it: their check and the handover code only to its buyer, only while held
   * (the code once their check is done or skipped).
   */
  function view(user: CurrentUser, row: BookingRow): Booking {
    const buyer =
      row.status === 'held' && row.transaction_id && isSelf(user, row.buyer_email)
        ? { handoverCode: codes.codeFor(row.id, row.transaction_id) }
        : undefined;
    return toBooking(row, buyer);
  }

  /** A held booking of this buyer (expired first if due), or the refusal that says why not. */
  async function buyersHeld(user: CurrentUser, id: string) {
    const found = await find(id);
    requireSelf(user, found.buyer_email);
    const row = await expiredIfDue(found);
    if (row.status !== 'held') notHeld(row);
    return row;
  }

  /** A write of the buyer's check changed nothing: told by what the booking is now. */
  function checkRefused(now: BookingRow): never {
    if (now.status !== 'held') notHeld(now);
    const { state } = buyerCheckOf(buyerCheckFacts(now));
    if (state === 'skipped') refuse(buyerCheckRefusals.skipped());
    if (state === 'locked') refuse(buyerCheckRefusals.locked());
    if (state === 'checked') refuse(buyerCheckRefusals.done());
    return refuse(buyerCheckRefusals.imeiFirst());
  }

  /** One write of the buyer's check under the write lock, and the row read back in the same transaction. */
  const checkWrite = (id: string, write: () => Promise<{ changes: number }>) =>
    db.transaction(async () => ({ changes: (await write()).changes, now: await find(id) }));

  /** Refuses with the deal's real state: complete, expired, or ended some other way. */
  function notHeld(row: BookingRow): never {
    return refuse(dealRefusals.notHeld(row.status));
  }

  /** Ends an unpaid or held booking (walking away, declining); `actor` is who did it (never told). */
  async function endOpen(row: BookingRow, to: DealEnding, actor: string) {
    // an open deal moves only as the rulebook's table says; one already ended is answered as it is (twice is
    // the same as once, as when two declines race)
    const open = row.status === 'held' || row.status === 'unpaid';
    if (open && !canMove(row.status, to)) refuse(dealRefusals.cannotMove(row.status, to));
    if (row.status === 'held') await money.endHeld(row, to, { actor });
    else if (row.status === 'unpaid') {
      await db.transaction(async () => {
        if ((await deals.end(row.id, 'unpaid', to, at())).changes === 1)
          await deps.notify?.(endingNotice[to], row, actor);
      });
    }
    // Read again: a payment may have turned an unpaid booking held meanwhile (then end that hold).
    const now = await find(row.id);
    if (now.status === 'held') await money.endHeld(now, to, { actor });
    return find(row.id);
  }

  /** The deal's thread (if any) learns its new state; after the move committed. */
  const moved = async (id: string) => {
    await deps.moved?.(id);
  };

  /** A held deal past its window is expired now, and read again, so an answer never says "held" after it. */
  async function expiredIfDue(row: BookingRow) {
    if (row.status !== 'held' || (row.hold_expires_at ?? '') > at()) return row;
    await money.expireOne(row);
    return find(row.id);
  }

  /**
   * The warning job: both sides of each held deal whose hold ends within HOLD_EXPIRING_WARNING_HOURS are told,
   * once per deal (the claim and the notices share a transaction, so a crash tells nobody and claims nothing).
   */
  async function warnExpiring(): Promise<number> {
    const now = clock.now();
    const until = new Date(now.getTime() + HOLD_EXPIRING_WARNING_HOURS * 3_600_000).toISOString();
    let warned = 0;
    for (const { id } of await deals.unwarnedHolds(now.toISOString(), until)) {
      const told = await db.transaction(async () => {
        const row = await deals.find(id);
        if (!row || (await deals.markHoldWarned(id, now.toISOString(), until)).changes !== 1) return false;
        await deps.notify?.('deal_expiring', row, null);
        return true;
      });
      if (told) warned += 1;
    }
    return warned;
  }

  return {
    view,

    /** Placing a hold: when it ends if nobody completes it. */
    expiresAt: (from: Date) => new Date(from.getTime() + deps.holdWindowMs).toISOString(),

    /**
     * The buyer types the IMEI the phone shows on *#06#: matched or not, and the tries left (the listing's IMEI is
     * never shown). Wrong ones are counted under the write lock, so racing calls never get more than 5.
     */
    async checkHandoverImei(user: CurrentUser, id: string, imei: string) {
      requireLuhn(imei);
      const row = await buyersHeld(user, id);
      const facts = buyerCheckFacts(row);
      if (facts.skipped) refuse(buyerCheckRefusals.skipped());
      const listed = facts.imeiListed ? await deals.imeiOf(row.mobile_id) : null;
      if (!listed) refuse(buyerCheckRefusals.noImei());
      if (!facts.imeiMatched && facts.wrongImeis >= IMEI_CHECK_ATTEMPTS) refuse(buyerCheckRefusals.locked());
      const matched = sameDigits(listed, imei);
      let now = row;
      if (!facts.imeiMatched) {
        const written = await checkWrite(id, () =>
          matched ? deals.imeiMatched(row.id) : deals.wrongImei(row.id),
        );
        if (written.changes === 0) checkRefused(written.now);
        now = written.now;
      }
      const buyerCheck = buyerCheckOf(buyerCheckFacts(now));
      return { matched, attemptsLeft: buyerCheck.imeiAttemptsLeft, buyerCheck };
    },

    /** The buyer ticks what they saw (after the IMEI matched): the check is done and the code is shown. */
    async recordHandoverChecks(user: CurrentUser, id: string): Promise<Booking> {
      const row = await buyersHeld(user, id);
      const { changes, now } = await checkWrite(id, () => deals.recordChecks(row.id));
      if (changes === 0) checkRefused(now);
      return view(user, now);
    },

    /** The buyer gives the code without the check: shown now, and the deal is not a verified handover. */
    async skipHandoverCheck(user: CurrentUser, id: string): Promise<Booking> {
      const row = await buyersHeld(user, id);
      if (row.buyer_check_skipped === 1) return view(user, row);
      const { changes, now } = await checkWrite(id, () => deals.skipCheck(row.id));
      if (changes === 0 && now.buyer_check_skipped !== 1) checkRefused(now);
      return view(user, now);
    },

    async completeHandover(user: CurrentUser, id: string, code: string): Promise<Booking> {
      const found = await find(id);
      requireSellerOrAdmin(user, found.seller_id);
      const row = await expiredIfDue(found);
      const transaction = row.status === 'held' ? row.transaction_id : null;
      if (!transaction) return notHeld(row);
      if (row.handover_attempts >= HANDOVER_ATTEMPTS) refuse(dealRefusals.handoverLocked());
      if (!codes.matches(row.id, transaction, code)) {
        // Counted and read back under the write lock, so racing wrong codes each get their own count.
        const { changes, now } = await db.transaction(async () => ({
          changes: (await deals.wrongCode(row.id)).changes,
          now: await find(id),
        }));
        if (changes === 0) {
          if (now.status !== 'held') notHeld(now);
          refuse(dealRefusals.handoverLocked());
        }
        refuse(dealRefusals.wrongCode(HANDOVER_ATTEMPTS - now.handover_attempts));
      }
      // The device is checked again as money is about to move: a blocked phone voids the hold (once: the
      // conditional end races expiry and every other ending), goes down for review, and both sides are told.
      if (await deps.deviceBlocked(row.mobile_id)) {
        if (await money.endHeld(row, 'cancelled', { deviceBlocked: true })) {
          await deps.fileReport({
            mobileId: row.mobile_id,
            mobileName: row.mobile_name,
            reason:
              'IMEI check at the handover: the device is reported stolen or blocked; the deal was voided',
            reporterEmail: IMEI_CHECK_REPORTER,
            at: at(),
          });
        }
        const now = await find(id);
        if (now.status === 'cancelled' && now.device_blocked) refuse(imeiRefusals.blockedAtHandover);
        notHeld(now);
      }
      // A price the seller lowered since the booking is what the buyer pays.
      await deals.lowerToListingPrice(row.id);
      // under way from before the decision until the capture is told: the reconciliation does not capture twice
      await money.underway(transaction, async () => {
        const { changes } = await db.transaction(async () => {
          const completed = await deals.complete(row.id, at());
          if (completed.changes === 1) {
            // The phone changed hands: its IMEI may be listed again by its new holder.
            await deals.releaseImei(row.mobile_id);
            // The buyer's own check is kept with the deal: the evidence of a "Verified handover" review.
            await deals.keepBuyerEvidence(row.id);
            // What the seller captured is the price guide's, counted once: this write happens once per deal.
            await deps.priceCaptured?.(row.id);
            // The seller's money, pending through the claim window: written once per deal, as the capture is.
            await deps.earned?.(row.id);
            await deps.notify?.('handover_completed', row, user.id);
          }
          return completed;
        });
        if (changes === 0) {
          // Between the check above and this write the window closed, another request ended the deal, or racing
          // wrong codes used up the last attempt: each is told as it is.
          const now = await expiredIfDue(await find(id));
          if (now.status === 'held' && now.handover_attempts >= HANDOVER_ATTEMPTS)
            refuse(dealRefusals.handoverLocked());
          notHeld(now);
        }
        const completed = await find(id);
        await money.tellProcessor(transaction, { captured: completed.price_cents });
      });
      // The buyer matched the IMEI on the phone in hand: phone truth may learn from it.
      const done = await find(id);
      if (done.buyer_imei_matched === 1 && done.seller_id) {
        const buyerId = await deals.buyerIdOf(done.buyer_email);
        if (buyerId) await deps.imeiWitnessed({ mobileId: row.mobile_id, buyerId, sellerId: done.seller_id });
      }
      await moved(id);
      return view(user, done);
    },

    /** The buyer calls off an unpaid booking or walks away from a held deal; twice is the same as once. */
    async cancelBooking(user: CurrentUser, id: string): Promise<Booking> {
      const row = await find(id);
      requireSelf(user, row.buyer_email);
      const now = await endOpen(row, 'cancelled', user.id);
      if (now.status === 'completed') refuse(dealRefusals.paidNotCancellable());
      if (now.status !== 'cancelled') notHeld(now);
      await moved(id);
      return view(user, now);
    },

    async declineBooking(user: CurrentUser, id: string): Promise<Booking> {
      const row = await find(id);
      requireSellerOrAdmin(user, row.seller_id);
      const now = await endOpen(row, 'declined', user.id);
      if (now.status !== 'declined') notHeld(now);
      await moved(id);
      return view(user, now);
    },

    /** Walks away at the meetup: voided, the unit back, and a report for moderation (one open per listing). */
    async reportNotAsDescribed(user: CurrentUser, id: string, reason: string): Promise<Booking> {
      const row = await find(id);
      requireSelf(user, row.buyer_email);
      if (
        row.status === 'held' &&
        (await money.endHeld(row, 'cancelled', { notAsDescribed: true, actor: user.id }))
      ) {
        await deps.fileReport({
          mobileId: row.mobile_id,
          mobileName: row.mobile_name,
          reason: `Not as described: ${reason}`.slice(0, 500),
          reporterEmail: row.buyer_email,
          at: at(),
        });
      }
      const now = await find(id);
      if (!(now.status === 'cancelled' && now.not_as_described)) notHeld(now);
      await moved(id);
      return view(user, now);
    },

    expireDue: money.expireDue,

    warnExpiring,

    /** Demo mode only: the clock moves forward and the expiry and hold-warning jobs run at once. */
    async advanceDemoClock(user: CurrentUser, hours: number) {
      if (!deps.demoMode) notFound();
      if (user.role !== 'admin') forbidden();
      clock.advance(hours * 60 * 60 * 1000);
      const expired = await money.expireDue();
      // the hold-expiring warnings too: QA moves the clock to see them
      await warnExpiring();
      return { now: at(), offsetHours: Math.round(clock.offsetMs / 3_600_000), expired };
    },

    /** Holds a committed decision ended elsewhere (a listing removed, an account deleted): voided now. */
    async voidEnded(transactions: readonly string[]) {
      for (const transaction of transactions) await money.tellProcessor(transaction, 'voided');
    },

    /** A payment placed the hold (payments module): the thread shows it. */
    moved,

    finishUndone: money.finishUndone,
    captured: money.captured,
    canceled: money.canceled,
  };
}

export type DealService = ReturnType<typeof dealService>;
