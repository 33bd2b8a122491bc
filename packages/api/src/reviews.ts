// Reviews' rules: the server, the mocks and the web read these; apps/server/test/reviews.test.ts holds
// the migration's CHECKs to them.
import type { DealRefusal } from './deal-rules';
import type { components } from './generated/schema';

type DealStatus = components['schemas']['DealStatus'];

/** Days after the handover (on the deal clock) in which each party may review the other. */
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;
export const REVIEW_STARS_MIN = 1;
export const REVIEW_STARS_MAX = 5;
/** A review's text and a reply's, in characters. */
export const REVIEW_TEXT_MAX = 1000;
/** Below this many published reviews the web says "New seller" instead of an average. */
export const NEW_SELLER_BELOW = 3;

/** When a deal completed at `completedAt` stops taking reviews (and the blind ones are published). */
export const reviewWindowClosesAt = (completedAt: string): string =>
  new Date(Date.parse(completedAt) + REVIEW_WINDOW_MS).toISOString();

export const reviewRefusals = {
  notCompleted: (status: DealStatus): DealRefusal => ({
    status: 409,
    message:
      status === 'held' || status === 'unpaid'
        ? 'You can review this deal once the handover is done'
        : 'Only a completed deal can be reviewed',
    code: 'not_completed',
  }),
  closed: (): DealRefusal => ({
    status: 409,
    message: `Reviews close ${REVIEW_WINDOW_DAYS} days after the handover`,
    code: 'review_closed',
  }),
  alreadyReviewed: (): DealRefusal => ({
    status: 409,
    message: 'You already reviewed this deal',
    code: 'duplicate',
  }),
  alreadyReplied: (): DealRefusal => ({
    status: 409,
    message: 'You already replied to this review',
    code: 'duplicate',
  }),
  alreadyReported: (): DealRefusal => ({
    status: 409,
    message: 'You already reported this review',
    code: 'duplicate',
  }),
  notPublished: (): DealRefusal => ({
    status: 409,
    message: 'This review is not public yet',
    code: 'review_hidden',
  }),
};

/** What the profile and cards say about a rating: "New seller" below three reviews. */
export function ratingWords(rating: { average: number | null; count: number }): string {
  if (rating.count < NEW_SELLER_BELOW || rating.average === null) return 'New seller';
  return `${rating.average.toFixed(1)} ★ (${rating.count} reviews)`;
}
