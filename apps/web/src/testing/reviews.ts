// Reviews of the demo seller for stories and tests: more of them, a hidden one, one still blind.
import { demoAccounts, reviews, type StoredReview } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';

const seeded = reviews.find((review) => review.about === 'seller')!;
const DAY = 24 * 60 * 60 * 1000;

/** `count` published reviews of the demo seller by the demo buyer, a day apart, 5 to 2 stars in turn. */
export function seedSellerReviews(store: MockStore, count: number): StoredReview[] {
  const added = Array.from({ length: count }, (_, index): StoredReview => {
    const { reply: _reply, ...base } = seeded;
    return {
      ...base,
      _id: `rv-story-${index + 1}`,
      stars: 5 - (index % 4),
      text: `Review ${index + 1}: met on time, phone as listed.`,
      createdAt: new Date(Date.parse(seeded.createdAt) - (index + 1) * DAY).toISOString(),
    };
  });
  store.reviews.push(...added);
  return added;
}

/** A review an admin hid: it is in the store but on no profile. */
export function seedHiddenReview(store: MockStore): void {
  store.reviews.push({
    ...seeded,
    _id: 'rv-story-hidden',
    stars: 1,
    text: 'Hidden words',
    hidden: { reason: 'Personal details', hiddenAt: seeded.createdAt, by: demoAccounts.admin.email },
  });
}

/** A review written just now whose other side has not written: blind until then or until the window closes. */
export function seedBlindReview(store: MockStore): void {
  store.reviews.push({
    ...seeded,
    _id: 'rv-story-blind',
    bookingId: 'b-demo-held',
    stars: 2,
    text: 'Not public yet',
    publishedAt: null,
    createdAt: new Date().toISOString(),
  });
}
