// Offers that hold the card (issue 47). An offer is paid as a booking is: the payments module authorizes the
// card for its amount and calls `settle` (a port, wired in app.ts), which records the authorization and moves the
// offer on. Accepting turns that authorization into a held deal: the booking is written already held, with its
// payment row, in the transaction that takes the unit, so from there it is an ordinary deal (deals module).
// Every authorization that does not become a deal is let go exactly once: claimed by a conditional UPDATE, then
// released at the processor (inline after a decision commits, and by the job for whatever that missed).
import {
  acceptedHoldExpiresAt,
  belowFloor,
  counterRefusal,
  isOpenOffer,
  offerExpiresAt,
  offerRefusal,
  offerRefusals,
  offersLeft,
  toCents,
  toDollars,
  type components,
  type Offer,
  type OfferRefusal,
} from '@recell/api';
import { detectSafety, type SafetyFinding } from '@recell/api/safety';
import type { Logger } from 'pino';
import type { CurrentUser } from '../../auth/policy';
import { isSelf } from '../../auth/policy';
import { isConstraintViolation, type Database } from '../../db/database';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId } from '../../ids';
import type { Signals } from '../../live/signals';
import type { Clock } from '../deals/clock';
import type { NewBookingRow } from '../deals/record';
import type { DealsRepository } from '../deals/repository';
import type { OfferRow, OffersRepository } from './repository';

type OfferStatus = components['schemas']['OfferStatus'];
type OfferEndedReason = components['schemas']['OfferEndedReason'];
type NewOffer = components['schemas']['NewOffer'];
type OfferCounter = components['schemas']['OfferCounter'];

export type OfferNoticeKind =
  | 'offer_received'
  | 'offer_countered'
  | 'offer_accepted'
  | 'offer_declined'
  | 'offer_withdrawn'
  | 'offer_expired'
  | 'offer_voided';

/**
 * A port (the notifications module's, wired in app.ts): the offer's sides in `to` are told, never `actor`; called
 * inside the move's transaction.
 */
export type OfferNotice = (
  kind: OfferNoticeKind,
  offer: OfferRow,
  to: readonly ('buyer' | 'seller')[],
  actor: string | null,
) => Promise<void>;

/** A port (the bookings module's insert, wired in app.ts): the accepted offer's booking, written unpaid first. */
export type InsertBooking = (row: NewBookingRow) => Promise<unknown>;

/** What the offers need of the card processor. */
export interface OfferProcessor {
  readonly name: string;
  release(transaction: string): Promise<unknown>;
}

/** A claim older than this was left by a process that stopped: another may take it over. */
const STALE_CLAIM_MS = 5 * 60 * 1000;
const SOLD_OUT = 'This phone is sold out';
const MOVED = 'This offer moved meanwhile; please look again';
/** Rounds of the settling transaction (each retried by PostgreSQL itself) before the card is let go. */
const SETTLE_ROUNDS = 4;

function refuseOffer(refusal: OfferRefusal): never {
  throw new HttpError(refusal.status, refusal.message, refusal.code ? { code: refusal.code } : {});
}

/** Work to do once the transaction that decided it has committed (releases, live signals). */
interface Decided {
  release: string[];
  moved: OfferRow[];
}

export function offersService(deps: {
  db: Database;
  offers: OffersRepository;
  deals: DealsRepository;
  processor: OfferProcessor;
  clock: Clock;
  holdWindowHours: number;
  logger: Logger;
  insertBooking: InsertBooking;
  notify?: OfferNotice;
  signals?: Signals;
  /** A held deal began (the deal's thread shows it; the deals module's `moved`). */
  dealMoved?: (bookingId: string) => Promise<void>;
}) {
  const { db, offers, deals, clock, logger } = deps;
  const at = () => clock.now().toISOString();
  const find = async (id: string) => (await offers.find(id)) ?? notFound();
  const tell: OfferNotice = async (...args) => {
    await deps.notify?.(...args);
  };

  const isBuyer = (user: CurrentUser, row: OfferRow) => isSelf(user, row.buyer_email);
  const isSeller = (user: CurrentUser, row: OfferRow) => row.seller_id !== null && user.id === row.seller_id;

  function toOffer(row: OfferRow): Offer {
    const safety = JSON.parse(row.safety) as SafetyFinding[];
    const open = isOpenOffer(row.status);
    const held =
      row.held_cents !== null && (open || row.status === 'accepted') && row.status !== 'awaiting_card';
    return {
      _id: row.id,
      mobileId: row.mobile_id,
      MobileName: row.mobile_name,
      picture: row.picture,
      askingPrice: toDollars(row.asking_cents),
      amount: toDollars(row.amount_cents),
      ...(row.counter_cents !== null ? { counterAmount: toDollars(row.counter_cents) } : {}),
      ...(held && row.held_cents !== null ? { heldAmount: toDollars(row.held_cents) } : {}),
      status: row.status,
      ...(row.ended_reason ? { endedReason: row.ended_reason } : {}),
      buyer: row.buyer_name,
      seller: row.seller_name,
      ...(row.text ? { text: row.text } : {}),
      ...(row.counter_text ? { counterText: row.counter_text } : {}),
      ...(safety.length > 0 ? { safety } : {}),
      createdAt: row.created_at,
      ...(open ? { expiresAt: row.expires_at } : {}),
      ...(row.ended_at ? { endedAt: row.ended_at } : {}),
      ...(row.booking_id ? { bookingId: row.booking_id } : {}),
      ...(row.conversation_id ? { conversationId: row.conversation_id } : {}),
      offersLeft: offersLeft(row.made),
    };
  }

  /** Who may read an offer: its buyer, the listing's seller once the card is authorized, admins. */
  function readable(user: CurrentUser, row: OfferRow) {
    if (isBuyer(user, row) || user.role === 'admin') return row;
    if (isSeller(user, row)) return row.authorized_at === null ? notFound() : row;
    return forbidden();
  }

  /** Both sides' streams learn the offer moved (after the commit; a missed one is fixed by the next fetch). */
  async function signal(rows: readonly OfferRow[]) {
    if (!deps.signals || rows.length === 0) return;
    const out: { user: string; type: 'offer'; offerId: string }[] = [];
    for (const row of rows) {
      const buyerId = await deals.buyerIdOf(row.buyer_email);
      if (buyerId) out.push({ user: buyerId, type: 'offer', offerId: row.id });
      if (row.seller_id && row.status !== 'awaiting_card')
        out.push({ user: row.seller_id, type: 'offer', offerId: row.id });
    }
    await deps.signals.send(out).catch(() => undefined);
  }

  /**
   * Lets go of one authorization, exactly once: the claim is a conditional UPDATE (live and no longer the
   * offer's, or a stale claim), the processor's release is idempotent, then it is marked released. A failure
   * leaves the claim for the job to take over when it is stale.
   */
  async function releaseOne(transaction: string): Promise<boolean> {
    const now = clock.now();
    const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
    if ((await offers.claim(transaction, now.toISOString(), staleBefore)).changes !== 1) return false;
    try {
      await deps.processor.release(transaction);
    } catch (error) {
      logger.error(
        { err: error, transaction },
        'an offer authorization was not released yet; the job retries',
      );
      return false;
    }
    await offers.released(transaction, clock.now().toISOString());
    return true;
  }

  /** After a decision committed: its authorizations let go (best effort), both sides' streams told. */
  async function afterCommit(decided: Decided) {
    for (const transaction of decided.release) await releaseOne(transaction);
    const moved: OfferRow[] = [];
    for (const row of decided.moved) moved.push((await offers.row(row.id)) ?? row);
    await signal(moved);
  }

  /**
   * In the caller's transaction: when the listing has no unit left, every open offer on it ends voided (its buyer
   * told). Returns what to do after the commit.
   */
  async function voidIfSoldOut(mobileId: string, except?: string): Promise<Decided> {
    if ((await offers.stockOf(mobileId)) > 0) return { release: [], moved: [] };
    return endAllOpen(mobileId, 'sold_elsewhere', except);
  }

  async function endAllOpen(mobileId: string, reason: OfferEndedReason, except?: string): Promise<Decided> {
    const decided: Decided = { release: [], moved: [] };
    for (const { id } of await offers.openOn(mobileId)) {
      if (id === except) continue;
      const row = await offers.row(id);
      if (!row || (await offers.end(id, 'voided', reason, at())).changes !== 1) continue;
      // an offer the seller never saw (no card) ends quietly
      if (row.status !== 'awaiting_card') await tell('offer_voided', row, ['buyer'], null);
      if (row.transaction_id) decided.release.push(row.transaction_id);
      decided.moved.push(row);
    }
    return decided;
  }

  /**
   * In the caller's transaction: the offer becomes a held deal on `transaction` at `cents`. Null when no unit is
   * left (the offer is voided then). Throws when the offer moved meanwhile (the transaction rolls back).
   */
  async function acceptOn(row: OfferRow, transaction: string, cents: number): Promise<Decided | null> {
    const from = row.status === 'countered' ? 'countered' : 'pending';
    // first the offer's row: of two racing acceptances (or an acceptance and a withdrawal), one goes on
    if ((await offers.lock(row.id, from)).changes !== 1) conflict(MOVED, 'offer_ended');
    const authorization = (await offers.authorization(transaction)) ?? notFound();
    if ((await deals.takeUnit(row.mobile_id)).changes === 0) {
      await offers.end(row.id, 'voided', 'sold_elsewhere', at());
      await tell('offer_voided', row, ['buyer'], null);
      return null;
    }
    const listing = await offers.listing(row.mobile_id);
    if (!listing) return null;
    // One open booking per buyer and listing: their own unpaid booking is called off by the accepted offer.
    const open = await offers.openBookingOf(row.buyer_email, row.mobile_id);
    if (open?.status === 'held') conflict('The buyer already holds a deal on this phone', 'already_paid');
    if (open) await deals.end(open.id, 'unpaid', 'cancelled', at(), { by: 'buyer' });
    const acceptedAt = clock.now();
    const bookingId = newId('b');
    await deps.insertBooking({
      id: bookingId,
      mobile_id: row.mobile_id,
      buyer_email: row.buyer_email,
      buyer_name: row.buyer_name,
      mobile_name: row.mobile_name,
      price_cents: cents,
      picture: row.picture,
      booking_ref: listing.booking_ref,
      phone: '',
      location: listing.location,
      booked_at: acceptedAt.toISOString(),
      paid: 0,
      seller_id: row.seller_id,
    });
    const expiresAt = acceptedHoldExpiresAt(
      new Date(authorization.authorized_at),
      acceptedAt,
      deps.holdWindowHours,
    ).toISOString();
    if ((await deals.hold(bookingId, transaction, acceptedAt.toISOString(), expiresAt)).changes !== 1)
      throw new Error('the accepted offer booking was not held');
    await deals.insertPayment({
      id: newId('p'),
      booking_id: bookingId,
      transaction_id: transaction,
      price_cents: cents,
      email: row.buyer_email,
      provider: deps.processor.name,
      created_at: acceptedAt.toISOString(),
    });
    if ((await offers.markUsed(transaction)).changes !== 1) throw new Error('the authorization is not live');
    if ((await offers.accept(row.id, from, transaction, bookingId, acceptedAt.toISOString())).changes !== 1)
      conflict(MOVED, 'offer_ended');
    await tell('offer_accepted', { ...row, amount_cents: cents }, ['buyer', 'seller'], null);
    const others = await voidIfSoldOut(row.mobile_id, row.id);
    // the authorization the counter replaced is let go
    const superseded = row.transaction_id && row.transaction_id !== transaction ? [row.transaction_id] : [];
    return { release: [...superseded, ...others.release], moved: [row, ...others.moved] };
  }

  /** An open offer past its time is expired now (its card let go), so no answer says it is still open. */
  async function expiredIfDue(row: OfferRow): Promise<OfferRow> {
    if (!isOpenOffer(row.status) || row.expires_at > at()) return row;
    await expireOne(row.id);
    return find(row.id);
  }

  async function expireOne(id: string): Promise<boolean> {
    const decided = await db.transaction(async () => {
      const row = await offers.row(id);
      if (!row) return null;
      const now = at();
      if ((await offers.end(id, 'expired', 'expired', now, undefined, now)).changes !== 1) return null;
      // an offer the seller never saw expires quietly; otherwise both sides are told
      if (row.status !== 'awaiting_card') await tell('offer_expired', row, ['buyer', 'seller'], null);
      return { release: row.transaction_id ? [row.transaction_id] : [], moved: [row] };
    });
    if (!decided) return false;
    await afterCommit(decided);
    return true;
  }

  /** The job: offers past their time expired, and every authorization no offer needs let go. */
  async function tick() {
    let expired = 0;
    for (const { id } of await offers.due(at())) if (await expireOne(id)) expired += 1;
    const staleBefore = new Date(clock.now().getTime() - STALE_CLAIM_MS).toISOString();
    let released = 0;
    for (const { transaction_id } of await offers.releasable(staleBefore))
      if (await releaseOne(transaction_id)) released += 1;
    return { expired, released };
  }

  /** An answer that moved nothing: the same final state answers 200, anything else says what the offer is. */
  function endedAs(row: OfferRow, status: OfferStatus): OfferRow {
    if (row.status === status) return row;
    return refuseOffer(offerRefusals.ended(row.status));
  }

  const notes = (...texts: (string | null | undefined)[]) =>
    JSON.stringify(texts.flatMap((text) => detectSafety(text ?? undefined)));

  type Settled = { decided: Decided; refused?: 'ended' | 'sold_out'; status?: OfferStatus };

  /**
   * The settling transaction. Nothing is recorded when it throws (the offer moved under it, a held deal of the
   * buyer's on the listing): the card is let go then, as when the offer cannot take it.
   */
  async function settling(offerId: string, transaction: string, cents: number): Promise<Settled> {
    try {
      return await db.transaction(async (): Promise<Settled> => {
        const known = await offers.authorization(transaction);
        if (known) return { decided: { release: [], moved: [] } };
        const row = (await offers.row(offerId)) ?? notFound();
        // the counter's payment accepts: the listing first, as every taker of its unit locks it
        if (row.status === 'countered') await offers.lockListing(row.mobile_id);
        const now = clock.now();
        // a racing call recorded it first (the confirmation and POST /payments): it moved the offer
        if ((await offers.recordAuthorization(transaction, offerId, cents, now.toISOString())).changes !== 1)
          return { decided: { release: [], moved: [] } };
        const live = row.expires_at > now.toISOString();
        if (live && row.status === 'awaiting_card' && cents === row.amount_cents) {
          const { changes } = await offers.authorize(
            offerId,
            transaction,
            now.toISOString(),
            offerExpiresAt(now).toISOString(),
          );
          if (changes === 1) {
            await tell('offer_received', row, ['seller'], null);
            return { decided: { release: [], moved: [row] } };
          }
        }
        if (live && row.status === 'countered' && cents === row.counter_cents) {
          const decided = await acceptOn(row, transaction, cents);
          if (decided) return { decided };
          const both = row.transaction_id ? [transaction, row.transaction_id] : [transaction];
          return { decided: { release: both, moved: [row] }, refused: 'sold_out' };
        }
        return { decided: { release: [transaction], moved: [] }, refused: 'ended', status: row.status };
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await deps.processor.release(transaction);
      const now = await offers.find(offerId);
      if (error.message === MOVED && now)
        return { decided: { release: [], moved: [now] }, refused: 'ended', status: now.status };
      throw error;
    }
  }

  /**
   * PostgreSQL runs the settling SERIALIZABLE and retries it itself; under a crowd on one listing (many cards
   * authorized at once) it may still give up. The card is authorized already, so the write is worth a few more
   * rounds, further apart, before the payments module lets the card go.
   */
  async function settlingAgain(offerId: string, transaction: string, cents: number): Promise<Settled> {
    for (let round = 1; ; round += 1) {
      try {
        return await settling(offerId, transaction, cents);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (round >= SETTLE_ROUNDS || (code !== '40001' && code !== '40P01')) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * round));
      }
    }
  }

  return {
    view: toOffer,
    tick,
    releaseOne,

    async makeOffer(user: CurrentUser, body: NewOffer): Promise<Offer> {
      if (user.role !== 'buyer') forbidden();
      const listing = (await offers.listing(body.mobileId)) ?? notFound();
      if (listing.seller_id === user.id) refuseOffer(offerRefusals.ownListing());
      const asking = toDollars(listing.resale_cents);
      // the rules judge the amount as kept: rounded to the cent (the contract's Price)
      const cents = toCents(body.amount);
      const amount = toDollars(cents);
      const text = body.text ? body.text : null;
      const id = await db
        .transaction(async () => {
          if (listing.stock === 0 || (await offers.stockOf(listing.id)) === 0) conflict(SOLD_OUT, 'sold_out');
          if ((await offers.openBookingOf(user.email, listing.id))?.status === 'held')
            refuseOffer(offerRefusals.dealHeld());
          const made = await offers.made(user.email, listing.id);
          const refusal = offerRefusal(amount, asking, made);
          if (refusal) refuseOffer(refusal);
          // A previous offer still waiting for the card is replaced quietly (no card was ever held on it).
          const open = await offers.openOf(user.email, listing.id);
          if (open?.status === 'awaiting_card')
            await offers.end(open.id, 'withdrawn', 'withdrawn', at(), ['awaiting_card']);
          else if (open) refuseOffer(offerRefusals.open());
          const floor = await offers.floor(listing.id);
          const declined = belowFloor(cents, floor);
          const createdAt = clock.now();
          const id = newId('of');
          await offers.insert({
            id,
            mobile_id: listing.id,
            seller_id: listing.seller_id,
            seller_name: listing.seller_name,
            buyer_email: user.email,
            buyer_name: user.name,
            mobile_name: listing.title,
            picture: listing.picture,
            asking_cents: listing.resale_cents,
            amount_cents: cents,
            counter_cents: null,
            status: declined ? 'declined' : 'awaiting_card',
            ended_reason: declined ? 'below_floor' : null,
            text,
            counter_text: null,
            safety: notes(text),
            created_at: createdAt.toISOString(),
            expires_at: offerExpiresAt(createdAt).toISOString(),
            ended_at: declined ? createdAt.toISOString() : null,
            booking_id: null,
          });
          return id;
        })
        .catch((error: unknown) => {
          // another offer of this buyer's on the listing opened meanwhile (offers_one_open let one through)
          if (error instanceof HttpError) throw error;
          if (isConstraintViolation(error)) refuseOffer(offerRefusals.open());
          throw error;
        });
      return toOffer(await find(id));
    },

    async listOffers(
      user: CurrentUser,
      query: { as: 'buyer' | 'seller'; mobileId?: string; open?: boolean },
      page: PageRequest,
    ) {
      const admin = user.role === 'admin';
      const asSeller = query.as === 'seller';
      const { rows, total } = await offers.page(
        {
          ...(admin ? {} : asSeller ? { sellerId: user.id } : { buyerEmail: user.email }),
          ...(query.mobileId ? { mobileId: query.mobileId } : {}),
          ...(query.open ? { open: true } : {}),
          asSeller: asSeller && !admin,
        },
        page,
      );
      const items = rows.map(toOffer);
      const left =
        query.mobileId && !asSeller ? offersLeft(await offers.made(user.email, query.mobileId)) : undefined;
      return { ...pageOf(items, total, page), ...(left !== undefined ? { offersLeft: left } : {}) };
    },

    async getOffer(user: CurrentUser, id: string): Promise<Offer> {
      const row = readable(user, await find(id));
      return toOffer(await expiredIfDue(row));
    },

    /** The seller accepts a pending offer: one transaction takes the unit and writes the held deal. */
    async acceptOffer(user: CurrentUser, id: string): Promise<Offer> {
      const found = await find(id);
      if (!isSeller(user, found)) refuseOffer(offerRefusals.notYours());
      const row = await expiredIfDue(found);
      if (row.status === 'accepted') return toOffer(row);
      if (row.status !== 'pending' || !row.transaction_id) refuseOffer(offerRefusals.ended(row.status));
      const transaction = row.transaction_id;
      const decided = await db
        .transaction(async () => {
          await offers.lockListing(row.mobile_id);
          const now = (await offers.row(id)) ?? notFound();
          if (now.status !== 'pending' || now.transaction_id !== transaction) return undefined;
          return acceptOn(now, transaction, now.amount_cents);
        })
        .catch((error: unknown) => {
          // moved by a racing call: answered below by what it is now
          if (error instanceof HttpError && error.message === MOVED) return undefined;
          throw error;
        });
      if (decided === null) {
        await afterCommit({ release: [transaction], moved: [row] });
        conflict(`${SOLD_OUT}: the offer ended and the buyer's card was released`, 'sold_out');
      }
      if (decided) {
        await afterCommit(decided);
        const done = await find(id);
        if (done.booking_id) await deps.dealMoved?.(done.booking_id);
        return toOffer(done);
      }
      // moved meanwhile: accepted by a racing call answers the same; anything else says what it is
      return toOffer(endedAs(await find(id), 'accepted'));
    },

    async counterOffer(user: CurrentUser, id: string, body: OfferCounter): Promise<Offer> {
      const found = await find(id);
      if (!isSeller(user, found)) refuseOffer(offerRefusals.notYours());
      const row = await expiredIfDue(found);
      if (row.status !== 'pending') refuseOffer(offerRefusals.ended(row.status));
      const asking = toDollars((await offers.listing(row.mobile_id))?.resale_cents ?? row.asking_cents);
      const counterCents = toCents(body.amount);
      const refusal = counterRefusal(toDollars(counterCents), toDollars(row.amount_cents), asking);
      if (refusal) refuseOffer(refusal);
      const text = body.text ? body.text : null;
      const countered = await db.transaction(async () => {
        const now = clock.now();
        const { changes } = await offers.counter(
          id,
          counterCents,
          text,
          notes(row.text, text),
          now.toISOString(),
          offerExpiresAt(now).toISOString(),
        );
        if (changes === 1) {
          await tell('offer_countered', { ...row, amount_cents: counterCents }, ['buyer'], user.id);
        }
        return changes === 1;
      });
      if (!countered) refuseOffer(offerRefusals.ended((await find(id)).status));
      await afterCommit({ release: [], moved: [row] });
      return toOffer(await find(id));
    },

    /** The seller declines a pending offer, or the buyer declines a counter; twice answers the same. */
    async declineOffer(user: CurrentUser, id: string): Promise<Offer> {
      const found = await find(id);
      const seller = isSeller(user, found);
      const buyer = isBuyer(user, found);
      if (!seller && !buyer) forbidden();
      const row = await expiredIfDue(found);
      // which decline: the seller's of a pending offer, the buyer's of a counter
      const from: OfferStatus = seller && row.status === 'pending' ? 'pending' : 'countered';
      if (buyer && !seller && row.status === 'pending') refuseOffer(offerRefusals.ended(row.status));
      if (seller && !buyer && row.status === 'countered') refuseOffer(offerRefusals.ended(row.status));
      const reason: OfferEndedReason = from === 'pending' ? 'declined' : 'counter_declined';
      const decided = await db.transaction(async () => {
        if ((await offers.end(id, 'declined', reason, at(), [from])).changes !== 1) return null;
        await tell('offer_declined', row, [from === 'pending' ? 'buyer' : 'seller'], user.id);
        return { release: row.transaction_id ? [row.transaction_id] : [], moved: [row] };
      });
      if (!decided) return toOffer(endedAs(await find(id), 'declined'));
      await afterCommit(decided);
      return toOffer(await find(id));
    },

    async withdrawOffer(user: CurrentUser, id: string): Promise<Offer> {
      const found = await find(id);
      if (!isBuyer(user, found)) refuseOffer(offerRefusals.notYourOffer());
      const row = await expiredIfDue(found);
      const decided = await db.transaction(async () => {
        if ((await offers.end(id, 'withdrawn', 'withdrawn', at())).changes !== 1) return null;
        if (row.status !== 'awaiting_card') await tell('offer_withdrawn', row, ['seller'], user.id);
        return { release: row.transaction_id ? [row.transaction_id] : [], moved: [row] };
      });
      if (!decided) return toOffer(endedAs(await find(id), 'withdrawn'));
      await afterCommit(decided);
      return toOffer(await find(id));
    },

    async getOfferFloor(user: CurrentUser, mobileId: string) {
      const listing = (await offers.listing(mobileId)) ?? notFound();
      if (user.role !== 'admin' && listing.seller_id !== user.id) forbidden();
      const floor = listing.offer_floor_cents;
      return { floor: floor === null ? null : toDollars(floor) };
    },

    async setOfferFloor(user: CurrentUser, mobileId: string, floor: number | null) {
      const listing = (await offers.listing(mobileId)) ?? notFound();
      if (listing.seller_id !== user.id) forbidden();
      const cents = floor === null ? null : toCents(floor);
      if (cents !== null && cents >= listing.resale_cents)
        refuseOffer(offerRefusals.floorNotBelowPrice(toDollars(listing.resale_cents)));
      await offers.setFloor(mobileId, cents);
      return { floor: cents === null ? null : toDollars(cents) };
    },

    // The payments module's port (wired in app.ts): an offer is paid as a booking is.

    /** What the buyer's card is authorized for: the offer's amount, or the counter's. Refused when not payable. */
    async due(user: CurrentUser, offerId: string) {
      if (user.role !== 'buyer' && user.role !== 'admin') forbidden();
      const found = await find(offerId);
      if (!isBuyer(user, found)) forbidden();
      const row = await expiredIfDue(found);
      const cents =
        row.status === 'awaiting_card'
          ? row.amount_cents
          : row.status === 'countered' && row.counter_cents !== null
            ? row.counter_cents
            : refuseOffer(offerRefusals.ended(row.status));
      if ((await offers.stockOf(row.mobile_id)) === 0) conflict(SOLD_OUT, 'sold_out');
      if ((await offers.openBookingOf(row.buyer_email, row.mobile_id))?.status === 'held')
        refuseOffer(offerRefusals.dealHeld());
      return { offerId: row.id, mobileId: row.mobile_id, buyerEmail: row.buyer_email, amount: cents };
    },

    /** Whether this transaction is already recorded for this offer (a retried payment answers the same). */
    recorded: async (offerId: string, transaction: string) => {
      const authorization = await offers.authorization(transaction);
      if (!authorization) return false;
      if (authorization.offer_id !== offerId) conflict('This transaction belongs to another offer');
      return true;
    },

    /**
     * The card is authorized for `cents` on `transaction` (the processor said so): recorded, and the offer moves
     * on in the same transaction: awaiting_card -> pending; countered -> accepted at the counter on this
     * authorization. Idempotent on the transaction. Anything else: the authorization is let go and 409.
     */
    async settle(offerId: string, transaction: string, cents: number): Promise<void> {
      const outcome = await settlingAgain(offerId, transaction, cents);
      await afterCommit(outcome.decided);
      if (outcome.refused === 'sold_out') conflict(`${SOLD_OUT}; your card was released`, 'sold_out');
      if (outcome.refused === 'ended') {
        const refusal = offerRefusals.ended(outcome.status ?? 'expired');
        conflict(`${refusal.message}; your card was released`, 'offer_ended');
      }
      const done = await find(offerId);
      if (done.booking_id) await deps.dealMoved?.(done.booking_id);
    },

    /**
     * In the caller's transaction (a booking paid took a unit): when none is left, the open offers end voided.
     * Returns the work to do once that transaction has committed.
     */
    async unitTaken(mobileId: string): Promise<() => Promise<void>> {
      const decided = await voidIfSoldOut(mobileId);
      return () => afterCommit(decided);
    },

    /** In the caller's transaction (a listing removed): its open offers end voided; the job lets their cards go. */
    async listingRemoved(mobileId: string): Promise<void> {
      await endAllOpen(mobileId, 'listing_removed');
    },

    /** In the caller's transaction (the buyer's account deleted): their open offers withdrawn; the job lets go. */
    async buyerLeaving(buyerEmail: string): Promise<void> {
      for (const { id } of await offers.openOfBuyer(buyerEmail)) {
        const row = await offers.row(id);
        if (!row || (await offers.end(id, 'withdrawn', 'withdrawn', at())).changes !== 1) continue;
        if (row.status !== 'awaiting_card') await tell('offer_withdrawn', row, ['seller'], null);
      }
    },

    /** Live authorizations (or claims) of offers that are not open: 0 once the job has run. */
    liveOfEnded: offers.liveOfEnded,
  };
}

export type OffersService = ReturnType<typeof offersService>;
