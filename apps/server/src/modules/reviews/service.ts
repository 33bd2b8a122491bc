// Reviews from completed deals: the buyer reviews the seller and the seller the buyer, once each,
// within REVIEW_WINDOW_DAYS of the handover on the deal clock (the one tests and the demo move). Double-blind:
// a review shows to nobody but its author until the other party has written theirs (both are published in the
// same transaction as the second) or the window has closed (the publication job, publishDue, then marks it
// published and tells both). The reviewed person replies once; either party may report; an admin hides, with a
// reason, in the audit log. Each publication and hide moves the seller's stored rating in its own transaction.
import {
  reviewRefusals,
  reviewWindowClosesAt,
  type BuyerRecord,
  type DealReviews,
  type ReportedReview,
  type Review,
  type SellerProfile,
} from '@recell/api';
import { isSelf, type CurrentUser } from '../../auth/policy';
import type { Database } from '../../db/database';
import { forbidden, notFound, refuse } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId } from '../../ids';
import type { Clock } from '../deals/clock';
import type { BookingRow, DealParties } from '../deals/record';
import type { DealsRepository } from '../deals/repository';
import type { AuditRepository } from '../audit/repository';
import {
  isPublished,
  type Published,
  type ReportedStatus,
  type ReviewAbout,
  type ReviewRow,
  type ReviewsRepository,
} from './repository';
import type { SellerRatings } from './seller-ratings';

const flag = (value: 0 | 1 | null) => value === 1;

function toReview(row: ReviewRow, at: string, options: { hiddenShown?: boolean } = {}): Review {
  // The checklist is the buyer's word about the seller's phone: it shows on the buyer's review of the seller.
  const evidence =
    row.about === 'seller' && row.handover_imei_matched !== null
      ? {
          verifiedHandover: {
            imeiMatched: flag(row.handover_imei_matched),
            conditionMatched: flag(row.handover_condition_matched),
            signedOut: flag(row.handover_signed_out),
          },
        }
      : {};
  return {
    _id: row.id,
    bookingId: row.booking_id,
    about: row.about,
    author: { name: row.author_name },
    stars: row.stars,
    ...(row.text ? { text: row.text } : {}),
    createdAt: row.created_at,
    published: isPublished(row, at),
    ...evidence,
    ...(row.reply_text && row.replied_at
      ? { reply: { text: row.reply_text, repliedAt: row.replied_at } }
      : {}),
    ...(options.hiddenShown && row.hidden_at
      ? { hidden: { reason: row.hidden_reason ?? '', hiddenAt: row.hidden_at } }
      : {}),
  };
}

/** How the audit log names a review ("Ayesha Khan's review of Rahim Uddin"), kept once either account is gone. */
const reviewName = (authorName: string, subjectName: string | undefined) =>
  `${authorName}'s review of ${subjectName ?? 'a former member'}`;

const median = (values: number[]) => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

/**
 * A port (the notifications module's, wired in app.ts): one side of a reviewed deal is told, never `actor` (who
 * wrote or hid; null for the clock). `quote`: an admin's reason for hiding. `lone`: a review the clock published
 * alone, told to its author and to the person it is about. Called inside the change's transaction.
 */
export type ReviewNotice = (
  kind: 'review_received' | 'review_published' | 'review_hidden',
  deal: DealParties,
  side: 'buyer' | 'seller',
  actor: string | null,
  detail?: { who?: string; quote?: string; lone?: 'author' | 'subject' },
) => Promise<void>;

/** Lone reviews published per job run at most; the next run takes the rest. */
const PUBLISH_BATCH = 500;

const otherSide = (side: 'buyer' | 'seller') => (side === 'buyer' ? 'seller' : 'buyer');

export function reviewsService(deps: {
  db: Database;
  reviews: ReviewsRepository;
  deals: DealsRepository;
  audit: AuditRepository;
  clock: Clock;
  notify: ReviewNotice;
  ratings: SellerRatings;
}) {
  const { db, reviews, deals, audit, clock, notify, ratings } = deps;
  const at = () => clock.now().toISOString();

  /** The caller's side of a deal: 403 to anyone but its buyer and its seller (admins included). */
  async function partyOf(user: CurrentUser, bookingId: string) {
    const booking = (await deals.find(bookingId)) ?? notFound();
    const side: ReviewAbout | undefined = isSelf(user, booking.buyer_email)
      ? 'buyer'
      : booking.seller_id === user.id
        ? 'seller'
        : undefined;
    if (!side) return forbidden();
    return { booking, side };
  }

  const closesAt = (booking: BookingRow) =>
    booking.completed_at ? reviewWindowClosesAt(booking.completed_at) : null;

  const findReview = async (id: string) => (await reviews.find(id)) ?? notFound();

  /** Rows just published: those not hidden count in their seller's stored rating from now on. */
  const counted = async (published: readonly Published[]) => {
    for (const row of published) if (!row.hidden_at) await ratings.published(row);
  };

  /**
   * The job on the deal clock (jobs.ts): each lone review whose window closed is published as of its closing,
   * counted, and told to its author ("your review is published") and to the person it is about, in one
   * transaction per review. The conditional UPDATE claims it, so two processes publish and tell it once.
   */
  async function publishDue(): Promise<number> {
    const now = at();
    let published = 0;
    for (const { id } of await reviews.due(now, PUBLISH_BATCH)) {
      const done = await db.transaction(async () => {
        const row = await reviews.publishClosed(id, now);
        if (!row) return false;
        await counted([row]);
        const booking = row.hidden_at ? undefined : await deals.find(row.booking_id);
        if (booking) {
          // The buyer wrote about the seller and the seller about the buyer.
          const author = row.about === 'seller' ? 'buyer' : 'seller';
          await notify('review_published', booking, author, null, { lone: 'author' });
          await notify('review_published', booking, otherSide(author), null, { lone: 'subject' });
        }
        return true;
      });
      if (done) published += 1;
    }
    return published;
  }

  return {
    publishDue,

    async getDealReviews(user: CurrentUser, bookingId: string): Promise<DealReviews> {
      const { booking } = await partyOf(user, bookingId);
      const now = at();
      const rows = await reviews.ofBooking(booking.id);
      const mine = rows.find((row) => row.author_id === user.id);
      const theirs = rows.find((row) => row.author_id !== user.id);
      const closes = closesAt(booking);
      return {
        canReview: booking.status === 'completed' && !mine && !!closes && now < closes,
        windowClosesAt: closes ?? reviewWindowClosesAt(booking.booked_at),
        ...(mine ? { mine: toReview(mine, now, { hiddenShown: true }) } : {}),
        // Double-blind, and a hidden review is hidden from the person it is about too.
        ...(theirs && isPublished(theirs, now) && !theirs.hidden_at ? { theirs: toReview(theirs, now) } : {}),
      };
    },

    async createReview(
      user: CurrentUser,
      bookingId: string,
      input: { stars: number; text?: string },
    ): Promise<Review> {
      const { booking, side } = await partyOf(user, bookingId);
      if (booking.status !== 'completed' || !booking.completed_at)
        refuse(reviewRefusals.notCompleted(booking.status));
      const closes = reviewWindowClosesAt(booking.completed_at!);
      const now = at();
      if (now >= closes) refuse(reviewRefusals.closed());
      // The buyer writes about the seller and the seller about the buyer.
      const subject =
        side === 'buyer' ? booking.seller_id : (await reviews.personByEmail(booking.buyer_email))?.id;
      if (!subject) return notFound();
      const id = newId('rv');
      const text = input.text?.trim() || null;
      const added = await db.transaction(async () => {
        const inserted = await reviews.insert({
          id,
          booking_id: booking.id,
          author_id: user.id,
          subject_id: subject,
          about: side === 'buyer' ? 'seller' : 'buyer',
          stars: input.stars,
          text,
          created_at: now,
          window_closes_at: closes,
        });
        if (!inserted) return false;
        // The other party learns that they were reviewed (not what was said: double-blind), or, when theirs was
        // already written, that both are public now.
        const published = await reviews.publishBoth(booking.id, now);
        await counted(published);
        await notify(
          published.length > 0 ? 'review_published' : 'review_received',
          booking,
          otherSide(side),
          user.id,
          {
            who: side === 'buyer' ? 'The buyer' : 'The seller',
          },
        );
        return true;
      });
      if (!added) refuse(reviewRefusals.alreadyReviewed());
      return toReview(await findReview(id), now, { hiddenShown: true });
    },

    async listSellerReviews(sellerId: string, page: PageRequest) {
      const person = await reviews.person(sellerId);
      if (person?.role !== 'seller') return notFound();
      const now = at();
      const { rows, total } = await reviews.published(sellerId, 'seller', now, page);
      return pageOf(
        rows.map((row) => toReview(row, now)),
        total,
        page,
      );
    },

    async getSellerProfile(sellerId: string): Promise<SellerProfile> {
      const person = await reviews.person(sellerId);
      if (person?.role !== 'seller') return notFound();
      const [rating, completedDeals, replies] = await Promise.all([
        reviews.rating(sellerId, 'seller', at()),
        reviews.completedDeals(sellerId, 'seller'),
        reviews.firstReplyMinutes(sellerId),
      ]);
      const firstReply = median(replies);
      return {
        _id: person.id,
        name: person.name,
        verified: person.verified === 1,
        phoneVerified: person.phone_e164 !== null,
        rating,
        memberSince: person.created_at,
        completedDeals,
        ...(firstReply === undefined ? {} : { medianFirstReplyMinutes: firstReply }),
      };
    },

    /** My Buyers: what sellers said about this booking's buyer, for the booking's seller (or an admin). */
    async getBuyerRecord(user: CurrentUser, bookingId: string): Promise<BuyerRecord> {
      const booking = (await deals.find(bookingId)) ?? notFound();
      if (user.role !== 'admin' && booking.seller_id !== user.id) forbidden();
      const buyer = await reviews.personByEmail(booking.buyer_email);
      if (!buyer) return { rating: { average: null, count: 0 }, completedDeals: 0 };
      const [rating, completedDeals] = await Promise.all([
        reviews.rating(buyer.id, 'buyer', at()),
        reviews.completedDeals(buyer.id, 'buyer'),
      ]);
      return { rating, completedDeals };
    },

    async replyToReview(user: CurrentUser, reviewId: string, text: string): Promise<Review> {
      const row = await findReview(reviewId);
      if (row.subject_id !== user.id) forbidden('Only the person a review is about may reply to it');
      const now = at();
      if (!isPublished(row, now) || row.hidden_at) refuse(reviewRefusals.notPublished());
      if (!(await reviews.reply(row.id, text.trim(), now))) refuse(reviewRefusals.alreadyReplied());
      return toReview(await findReview(row.id), now);
    },

    async reportReview(user: CurrentUser, reviewId: string, reason: string) {
      const row = await findReview(reviewId);
      const now = at();
      // Either party of the deal, about a review they can see.
      const party = row.author_id === user.id || row.subject_id === user.id;
      if (!party) forbidden();
      if (row.subject_id === user.id && !isPublished(row, now)) notFound();
      const id = newId('rr');
      const added = await reviews.report({ id, review_id: row.id, reporter_id: user.id, reason, at: now });
      if (!added) refuse(reviewRefusals.alreadyReported());
      return { acknowledged: true as const, insertedId: id };
    },

    /** Admins only (the contract's scope): the reported reviews, each with its reports. */
    async listReviewReports(status: ReportedStatus, page: PageRequest) {
      const now = at();
      const { rows, total } = await reviews.reported(status, page);
      const reports = await reviews.reportsOf(rows.map((row) => row.id));
      return pageOf(
        rows.map((row): ReportedReview => ({
          review: toReview(row, now, { hiddenShown: true }),
          subject: { _id: row.subject_id, name: row.subject_name },
          reports: reports
            .filter((report) => report.review_id === row.id)
            .map((report) => ({
              reason: report.reason,
              by: report.reporter_id === row.author_id ? 'author' : 'subject',
              reporterName: report.reporter_name,
              createdAt: report.created_at,
            })),
        })),
        total,
        page,
      );
    },

    /** Admins only (the contract's scope): hidden from the profile and the rating, and the hiding audited. */
    async hideReview(admin: CurrentUser, reviewId: string, reason: string): Promise<Review> {
      const row = await findReview(reviewId);
      const subject = await reviews.person(row.subject_id);
      const now = at();
      await db.transaction(async () => {
        const hidden = await reviews.hide(row.id, reason, admin.email, now);
        if (!hidden) return;
        if (hidden.published_at) await ratings.hidden(hidden);
        await audit.record(admin.email, 'review.hide', row.id, reviewName(row.author_name, subject?.name));
        // Its author is told why (the buyer wrote the review about the seller).
        const booking = await deals.find(row.booking_id);
        if (booking)
          await notify('review_hidden', booking, row.about === 'seller' ? 'buyer' : 'seller', admin.id, {
            quote: reason,
          });
      });
      return toReview(await findReview(row.id), now, { hiddenShown: true });
    },
  };
}

export type ReviewsService = ReturnType<typeof reviewsService>;
