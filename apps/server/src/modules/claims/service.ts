// The buyer's claims for hidden failures (issue 48). Within CLAIM_RULES.windowHours of the handover the buyer of a
// completed deal reports what the meetup could not show (a lock that came back, a blocked IMEI...), or the
// automatic re-check of the IMEI at CLAIM_RULES.recheckAtHours finds it blocked: the claim holds the seller's
// earning (the payouts module's, through the `earnings` port) until an admin refunds the buyer or releases it.
// A decision is one transaction (the claim, the earning, the audit row, both sides told); a refund is then given
// at the processor with the claim id as its idempotency key, and retried by the job until the processor answers,
// so the buyer is refunded once however often it is tried.
import {
  CLAIM_RULES,
  claimRefusals,
  claimWindowEnds,
  type Booking,
  type Claim,
  type components,
  type EarningStatus,
  type PayoutRefusal,
} from '@recell/api';
import type { Logger } from 'pino';
import { isSelf, type CurrentUser } from '../../auth/policy';
import type { Database } from '../../db/database';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId } from '../../ids';
import type { AuditRepository } from '../audit/repository';
import type { Clock } from '../deals/clock';
import type { BookingRow } from '../deals/record';
import type { DealsRepository } from '../deals/repository';
import type { ClaimRow, ClaimsRepository } from './repository';

type NewClaim = components['schemas']['NewClaim'];
type ClaimDecision = components['schemas']['ClaimDecision'];
type DeviceStatus = components['schemas']['DeviceStatus'];

/** The earning a claim holds, as the payouts module keeps it. */
export interface ClaimEarning {
  id: string;
  status: EarningStatus;
  amount_cents: number;
  transaction_id: string;
  seller_name: string | null;
}

/**
 * A port (the payouts module's, wired in app.ts). Each move runs in the caller's transaction and is conditional:
 * false when the earning was not in a state it may leave that way (the claim's transaction rolls back then).
 */
export interface ClaimEarnings {
  earningOf(bookingId: string): Promise<ClaimEarning | undefined>;
  /** pending -> on_hold, for this claim. */
  hold(bookingId: string, claimId: string): Promise<boolean>;
  /** on_hold -> pending inside the window, available after. */
  release(bookingId: string): Promise<boolean>;
  /** on_hold -> refunded. */
  refund(bookingId: string): Promise<boolean>;
}

export type ClaimNoticeKind = 'claim_opened' | 'claim_refunded' | 'claim_released';

/** A port (the notifications module's, wired in app.ts): both sides told, in the caller's transaction. */
export type ClaimNotice = (kind: ClaimNoticeKind, claim: ClaimRow, actor: string | null) => Promise<void>;

/** What the claims need of the card processor: a refund of the captured payment, idempotent on its key. */
export interface ClaimProcessor {
  refund(transaction: string, amountCents: number, idempotencyKey: string): Promise<unknown>;
}

/** A port (the pictures module's): which of these paths were uploaded by this person, as a set of the paths. */
export type PicturesOwned = (ownerId: string, paths: readonly string[]) => Promise<Set<string>>;

/** What a booking's view shows of its claim window and its claim. */
export type BookingClaimFacts = Pick<Booking, 'claimUntil' | 'claim'>;

const NOT_YOUR_PICTURE = 'must be a picture you uploaded with POST /images';

function refuseClaim(refusal: PayoutRefusal): never {
  throw new HttpError(refusal.status, refusal.message, { code: refusal.code });
}

/** Thrown inside a transaction to roll it back when the earning moved under it. */
class EarningMoved extends Error {}

export function claimsService(deps: {
  db: Database;
  claims: ClaimsRepository;
  deals: Pick<DealsRepository, 'find'>;
  audit: AuditRepository;
  clock: Clock;
  logger: Logger;
  processor: ClaimProcessor;
  earnings: ClaimEarnings;
  /** The device status of an IMEI now (phone truth's source: the registry, then the provider). */
  deviceStatus: (imei: string) => Promise<DeviceStatus>;
  picturesOwned: PicturesOwned;
  /** The seller's name when the earning does not keep it. */
  sellerName: (sellerId: string) => Promise<string | undefined>;
  notify?: ClaimNotice;
}) {
  const { db, claims, clock, logger } = deps;
  const at = () => clock.now().toISOString();
  const find = async (id: string) => (await claims.find(id)) ?? notFound();
  const tell: ClaimNotice = async (...args) => {
    await deps.notify?.(...args);
  };

  function toClaim(row: ClaimRow): Claim {
    return {
      _id: row.id,
      bookingId: row.booking_id,
      MobileName: row.mobile_name,
      kind: row.kind,
      text: row.text,
      pictures: JSON.parse(row.pictures) as string[],
      status: row.status,
      openedBy: row.opened_by,
      amountCents: row.amount_cents,
      buyer: row.buyer_name,
      seller: row.seller_name,
      createdAt: row.created_at,
      ...(row.decided_at ? { decidedAt: row.decided_at } : {}),
      ...(row.decision_reason ? { decisionReason: row.decision_reason } : {}),
    };
  }

  /** Its buyer, the deal's seller and admins; to anyone else a claim does not exist. */
  function readable(user: CurrentUser, row: ClaimRow): ClaimRow {
    if (user.role === 'admin' || isSelf(user, row.buyer_email)) return row;
    if (row.seller_id !== null && user.id === row.seller_id) return row;
    return notFound();
  }

  /**
   * In the caller's transaction: the claim written, the earning held, both sides told. Null when the booking has
   * a claim already (a racing open, the re-check beside the buyer).
   */
  async function open(
    booking: BookingRow,
    claim: Pick<ClaimRow, 'kind' | 'text' | 'pictures' | 'opened_by'>,
  ): Promise<string | null> {
    if (await claims.ofBooking(booking.id)) return null;
    const earning = await deps.earnings.earningOf(booking.id);
    // a claim freezes the earning while the window is open; one already available or paid out is past it
    if (earning && earning.status !== 'pending') throw new EarningMoved();
    const transaction = earning?.transaction_id ?? booking.transaction_id;
    if (!transaction) throw new Error(`the completed booking ${booking.id} has no payment`);
    const id = newId('cl');
    const row: ClaimRow = {
      id,
      booking_id: booking.id,
      earning_id: earning?.id ?? null,
      buyer_email: booking.buyer_email,
      buyer_name: booking.buyer_name,
      seller_id: booking.seller_id,
      seller_name:
        earning?.seller_name ??
        (booking.seller_id ? await deps.sellerName(booking.seller_id) : undefined) ??
        'The seller',
      mobile_id: booking.mobile_id,
      mobile_name: booking.mobile_name,
      amount_cents: earning?.amount_cents ?? booking.price_cents,
      transaction_id: transaction,
      created_at: at(),
      status: 'open',
      decided_at: null,
      decided_by: null,
      decision_reason: null,
      refund_state: 'none',
      ...claim,
    };
    if ((await claims.insert(row)).changes !== 1) return null;
    if (earning && !(await deps.earnings.hold(booking.id, id))) throw new EarningMoved();
    await tell('claim_opened', row, null);
    return id;
  }

  /** Tells the processor of one decided refund; a failure leaves it pending for the job. */
  async function refundOne(row: Pick<ClaimRow, 'id' | 'transaction_id' | 'amount_cents'>): Promise<boolean> {
    try {
      await deps.processor.refund(row.transaction_id, row.amount_cents, row.id);
    } catch (error) {
      logger.error({ err: error, claim: row.id }, 'a claim refund was not given yet; the job retries');
      return false;
    }
    await claims.refunded(row.id);
    return true;
  }

  /** Pictures of the claim that the buyer did not upload: the 400 names the first of them. */
  async function requireOwnPictures(user: CurrentUser, pictures: readonly string[]) {
    const owned = await deps.picturesOwned(user.id, pictures);
    const index = pictures.findIndex((path) => !owned.has(path));
    if (index === -1) return;
    const path = `/body/pictures/${index}`;
    throw new HttpError(400, `request${path} ${NOT_YOUR_PICTURE}`, {
      errors: [{ path, message: NOT_YOUR_PICTURE }],
    });
  }

  return {
    async openClaim(user: CurrentUser, bookingId: string, body: NewClaim): Promise<Claim> {
      const booking = (await deps.deals.find(bookingId)) ?? notFound();
      if (!isSelf(user, booking.buyer_email)) forbidden();
      if (booking.status !== 'completed' || !booking.completed_at) refuseClaim(claimRefusals.notCompleted());
      if (await claims.ofBooking(bookingId)) refuseClaim(claimRefusals.open());
      if (clock.now() >= claimWindowEnds(booking.completed_at)) refuseClaim(claimRefusals.windowClosed());
      const pictures = body.pictures ?? [];
      await requireOwnPictures(user, pictures);
      const id = await db
        .transaction(() =>
          open(booking, {
            kind: body.kind,
            text: body.text,
            pictures: JSON.stringify(pictures),
            opened_by: 'buyer',
          }),
        )
        .catch((error: unknown) => {
          if (error instanceof EarningMoved) refuseClaim(claimRefusals.windowClosed());
          throw error;
        });
      if (id === null) refuseClaim(claimRefusals.open());
      return toClaim(await find(id));
    },

    async listClaims(user: CurrentUser, status: 'open' | 'decided', page: PageRequest) {
      if (user.role !== 'admin') forbidden();
      const { rows, total } = await claims.page(status, page);
      return pageOf(rows.map(toClaim), total, page);
    },

    async getClaim(user: CurrentUser, id: string): Promise<Claim> {
      return toClaim(readable(user, await find(id)));
    },

    /**
     * An admin refunds or releases an open claim. Of two decisions at once one counts (a conditional UPDATE from
     * open); the same decision again answers the claim as it is, the other way is refused.
     */
    async decideClaim(admin: CurrentUser, id: string, body: ClaimDecision): Promise<Claim> {
      if (admin.role !== 'admin') forbidden();
      const row = await find(id);
      const to = body.outcome === 'refund' ? 'refunded' : 'released';
      const decided = await db.transaction(async () => {
        if ((await claims.decide(id, to, admin.email, body.reason, at())).changes !== 1) return null;
        const moved =
          row.earning_id === null ||
          (to === 'refunded'
            ? await deps.earnings.refund(row.booking_id)
            : await deps.earnings.release(row.booking_id));
        if (!moved) throw new Error(`the earning of claim ${id} was not on hold`);
        await deps.audit.record(admin.email, `claim.${body.outcome}` as const, id, row.mobile_name);
        const now = await find(id);
        await tell(to === 'refunded' ? 'claim_refunded' : 'claim_released', now, admin.id);
        return now;
      });
      const now = decided ?? (await find(id));
      if (now.status !== to) {
        if (now.status === 'open') throw new Error(`claim ${id} was neither decided nor open`);
        refuseClaim(claimRefusals.decided(now.status));
      }
      // the refund of this decision, or of an earlier one the processor has not answered yet
      if (now.refund_state === 'pending') await refundOne(now);
      return toClaim(await find(id));
    },

    /** The job: refunds decided but not yet given at the processor, retried with the claim id as the key. */
    async retryRefunds() {
      let refunded = 0;
      let left = 0;
      for (const row of await claims.refundsPending()) {
        if (await refundOne(row)) refunded += 1;
        else left += 1;
      }
      return { refunded, left };
    },

    /**
     * The job (and the demo clock): each earning still in its claim window whose re-check is due has its IMEI
     * checked again; 'blocked' opens a claim by itself (unless the deal has one) and tells both sides. The count of
     * re-checks done is a conditional UPDATE in the same transaction, so two processes do each once. A clock moved
     * past several re-checks at once checks once, for the latest.
     */
    async recheckDue() {
      const now = clock.now().getTime();
      const hours = CLAIM_RULES.recheckAtHours;
      const cutoffs = hours.map((h) => new Date(now - h * 3_600_000).toISOString());
      let checked = 0;
      let opened = 0;
      for (const due of await claims.rechecksDue(cutoffs)) {
        const done = hours.filter((h) => Date.parse(due.completed_at) + h * 3_600_000 <= now).length;
        if (done <= due.rechecks) continue;
        // outside the transaction: a provider's answer may take seconds
        const verdict = due.imei ? await deps.deviceStatus(due.imei) : undefined;
        const outcome = await db
          .transaction(async () => {
            if ((await claims.recheckDone(due.id, due.rechecks, done)).changes !== 1) return 'skipped';
            if (verdict?.status !== 'blocked' || (await claims.ofBooking(due.booking_id))) return 'checked';
            const booking = await deps.deals.find(due.booking_id);
            if (!booking || booking.status !== 'completed') return 'checked';
            const text = `The device status check reported this IMEI blocked ${hours[done - 1]} hours after the handover.`;
            const id = await open(booking, {
              kind: 'imei_blocked',
              text,
              pictures: '[]',
              opened_by: 'device_check',
            });
            return id ? 'opened' : 'checked';
          })
          .catch((error: unknown) => {
            // the earning left its window meanwhile: nothing counted, nothing opened
            if (error instanceof EarningMoved) return 'skipped';
            throw error;
          });
        if (outcome !== 'skipped') checked += 1;
        if (outcome === 'opened') opened += 1;
      }
      return { checked, opened };
    },

    /**
     * The bookings module's port: for each booking of the page, what its view shows of the claim window (to the
     * buyer of a completed deal without a claim, while the window is open) and of its claim (to buyer and seller).
     */
    async forBookings(user: CurrentUser, rows: readonly BookingRow[]) {
      const facts = new Map<string, BookingClaimFacts>();
      const completed = rows.filter((row) => row.status === 'completed' && row.completed_at);
      if (completed.length === 0) return facts;
      const found = new Map(
        (await claims.ofBookings(completed.map((row) => row.id))).map((claim) => [claim.booking_id, claim]),
      );
      const now = clock.now();
      for (const row of completed) {
        const buyer = isSelf(user, row.buyer_email);
        const seller = row.seller_id !== null && user.id === row.seller_id;
        const claim = found.get(row.id);
        if (claim && (buyer || seller)) {
          facts.set(row.id, { claim: { _id: claim.id, kind: claim.kind, status: claim.status } });
        } else if (!claim && buyer && row.completed_at) {
          const ends = claimWindowEnds(row.completed_at);
          if (now < ends) facts.set(row.id, { claimUntil: ends.toISOString() });
        }
      }
      return facts;
    },
  };
}

export type ClaimsService = ReturnType<typeof claimsService>;
