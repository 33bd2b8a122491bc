// QA mode's review controls: a completed deal's reviews acted out in the mocked store the way the
// server would reach each state: the buyer's review written and blind, both published, the buyer's hidden by an
// admin. The window closing is the deal clock's (the Deals section moves it).
import { sameEmail } from '@recell/api';
import { demoAccounts, type StoredReview } from '@recell/api/fixtures';
import { dealNow, type MockStore } from '@recell/api/mocks';

export const reviewMoves = [
  { id: 'blind', label: "Buyer's review written, blind" },
  { id: 'published', label: 'Both reviews published' },
  { id: 'hidden', label: "Buyer's review hidden by an admin" },
] as const;

export type ReviewMove = (typeof reviewMoves)[number]['id'];

export const isReviewMove = (value: unknown): value is ReviewMove =>
  reviewMoves.some((move) => move.id === value);

/** Acts a completed booking's reviews out; says what happened, or why it cannot. */
export function actOutReviews(store: MockStore, bookingId: string, to: ReviewMove): string {
  const booking = store.bookings.find((candidate) => candidate._id === bookingId);
  if (!booking) return 'No such booking';
  if (booking.status !== 'completed') return 'Only a completed deal has reviews';
  const sellerEmail = store.mobiles.find((mobile) => mobile._id === booking.mobileId)?.email;
  const seller = store.users.find((user) => user.email === sellerEmail);
  const buyer = store.users.find((user) => sameEmail(user.email, booking.email));
  if (!seller || !buyer) return 'The deal has no buyer or seller account to review';
  const now = dealNow(store).toISOString();
  const written = (
    author: typeof buyer,
    subject: typeof buyer,
    about: StoredReview['about'],
  ): StoredReview => ({
    _id: `rv-qa-${booking._id}-${about}`,
    bookingId: booking._id,
    authorId: author._id,
    subjectId: subject._id,
    about,
    stars: about === 'seller' ? 5 : 4,
    text: about === 'seller' ? 'QA: as described, on time.' : 'QA: kind buyer.',
    createdAt: now,
    publishedAt: null,
  });
  const others = store.reviews.filter((review) => review.bookingId !== booking._id);
  const ofSeller = written(buyer, seller, 'seller');
  const ofBuyer = written(seller, buyer, 'buyer');
  switch (to) {
    case 'blind':
      // blind only while the window is open: the handover is now on the deal clock
      booking.completedAt = now;
      store.reviews = [...others, ofSeller];
      return "The buyer's review is written; the seller sees it once they write theirs";
    case 'published':
      store.reviews = [...others, { ...ofSeller, publishedAt: now }, { ...ofBuyer, publishedAt: now }];
      return 'Both reviews are published';
    case 'hidden':
      store.reviews = [
        ...others,
        {
          ...ofSeller,
          publishedAt: now,
          hidden: { reason: 'Hidden in QA mode', hiddenAt: now, by: demoAccounts.admin.email },
        },
        { ...ofBuyer, publishedAt: now },
      ];
      return "The buyer's review is hidden; its author sees why";
  }
}
