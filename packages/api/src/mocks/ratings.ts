// Which reviews are public and what they rate, as the server counts them: the reviews handlers (the profile, a
// buyer's record) and the catalogue's (each card's seller rating, the "4 stars and up" filter) read these.
import type { components } from '../generated/schema';
import type { StoredReview } from '../fixtures';
import { NEW_SELLER_BELOW, reviewWindowClosesAt } from '../reviews';
import { dealNow } from './deal';
import type { MockStore } from './store';

type Rating = components['schemas']['Rating'];

export function reviewRules(store: MockStore) {
  const at = () => dealNow(store).toISOString();
  const closesAt = (review: StoredReview) => {
    const booking = store.bookings.find((candidate) => candidate._id === review.bookingId);
    return reviewWindowClosesAt(booking?.completedAt ?? review.createdAt);
  };
  // The mocks publish a lone review the moment its window closes (the server's job does within minutes).
  const published = (review: StoredReview) => review.publishedAt !== null || closesAt(review) <= at();
  const visible = (review: StoredReview) => published(review) && !review.hidden;

  const totals = (subjectId: string, about: StoredReview['about']) => {
    const rows = store.reviews.filter(
      (review) => review.subjectId === subjectId && review.about === about && visible(review),
    );
    return { sum: rows.reduce((total, review) => total + review.stars, 0), count: rows.length };
  };

  /** The profile's and a buyer's record: two decimals. Cards: one, as the server's stored rating gives. */
  function rating(subjectId: string, about: StoredReview['about'], decimals: 1 | 2 = 2): Rating {
    const { sum, count } = totals(subjectId, about);
    const scale = 10 ** decimals;
    return { average: count ? Math.round((sum / count) * scale) / scale : null, count };
  }

  /** A listing's seller, by id or (older fixtures) by email. */
  const sellerIdOf = (mobile: { sellerId?: string; email?: string }) =>
    mobile.sellerId ?? store.users.find((user) => user.email === mobile.email)?._id ?? '';

  return {
    at,
    closesAt,
    published,
    visible,
    rating,
    /** The card with its seller's rating. */
    withSellerRating: <T extends { sellerId?: string; email?: string }>(mobile: T) => ({
      ...mobile,
      sellerRating: rating(sellerIdOf(mobile), 'seller', 1),
    }),
    /** "N stars and up": rated sellers only, never a "New seller"; compared without rounding, as the server. */
    ratedAtLeast: (mobile: { sellerId?: string; email?: string }, stars: number) => {
      const { sum, count } = totals(sellerIdOf(mobile), 'seller');
      return count >= NEW_SELLER_BELOW && sum >= stars * count;
    },
  };
}
