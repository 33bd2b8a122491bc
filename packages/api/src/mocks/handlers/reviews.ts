// Reviews with the server's rules (apps/server/src/modules/reviews): the two parties of a completed deal, once
// each, within the window on the mocks' deal clock; double-blind; one reply by the reviewed person; an admin's
// audited hide; ratings from the published, not hidden reviews.
import type { components } from '../../generated/schema';
import { reviewRefusals, reviewWindowClosesAt } from '../../reviews';
import { sameEmail } from '../../rules';
import { reviewRules } from '../ratings';
import type { MockStore } from '../store';
import type { StoredReview } from '../../fixtures';
import { fail, http, paginate, refuse, requireUser, type OperationHandlers } from '../support';

type Schemas = components['schemas'];
type User = Schemas['User'];

export function reviewHandlers(store: MockStore) {
  const { at, published, visible, rating } = reviewRules(store);
  const findBooking = (id: string) =>
    store.bookings.find((booking) => booking._id === id) ?? fail(404, 'Not found');
  const sellerOf = (booking: MockStore['bookings'][number]) => {
    const email = store.mobiles.find((mobile) => mobile._id === booking.mobileId)?.email;
    return store.users.find((user) => user.email === email);
  };
  const buyerOf = (booking: MockStore['bookings'][number]) =>
    store.users.find((user) => sameEmail(user.email, booking.email));
  const findReview = (id: string) =>
    store.reviews.find((review) => review._id === id) ?? fail(404, 'Not found');

  const nameOf = (userId: string) =>
    store.users.find((user) => user._id === userId)?.name ?? 'a former member';
  /** A review's reports, newest first. */
  const reportsOf = (review: StoredReview) =>
    store.reviewReports
      .filter((report) => report.reviewId === review._id)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  function toReview(review: StoredReview, options: { hiddenShown?: boolean } = {}): Schemas['Review'] {
    const evidence = review.about === 'seller' ? store.handoverChecklists[review.bookingId] : undefined;
    const author = store.users.find((user) => user._id === review.authorId);
    return {
      _id: review._id,
      bookingId: review.bookingId,
      about: review.about,
      author: { name: author?.name ?? 'Former member' },
      stars: review.stars,
      ...(review.text ? { text: review.text } : {}),
      createdAt: review.createdAt,
      published: published(review),
      ...(evidence ? { verifiedHandover: evidence } : {}),
      ...(review.reply ? { reply: review.reply } : {}),
      ...(options.hiddenShown && review.hidden
        ? { hidden: { reason: review.hidden.reason, hiddenAt: review.hidden.hiddenAt } }
        : {}),
    };
  }

  function partyOf(user: User, bookingId: string) {
    const booking = findBooking(bookingId);
    const seller = sellerOf(booking);
    const side = sameEmail(user.email, booking.email)
      ? 'buyer'
      : seller?._id === user._id
        ? 'seller'
        : fail(403, 'Forbidden');
    return { booking, side, seller };
  }

  const completedDeals = (user: User, as: StoredReview['about']) =>
    store.bookings.filter(
      (booking) =>
        booking.status === 'completed' &&
        (as === 'seller' ? sellerOf(booking)?._id === user._id : sameEmail(booking.email, user.email)),
    ).length;

  const sellerById = (id: string) =>
    store.users.find((user) => user._id === id && user.role === 'seller') ?? fail(404, 'Not found');

  return {
    getDealReviews: http.get('/bookings/{id}/reviews', ({ request, params, response }) => {
      const user = requireUser(store, request);
      const { booking } = partyOf(user, params.id);
      const rows = store.reviews.filter((review) => review.bookingId === booking._id);
      const mine = rows.find((review) => review.authorId === user._id);
      const theirs = rows.find((review) => review.authorId !== user._id);
      const closes = booking.completedAt ? reviewWindowClosesAt(booking.completedAt) : null;
      return response(200).json({
        canReview: booking.status === 'completed' && !mine && !!closes && at() < closes,
        windowClosesAt: closes ?? reviewWindowClosesAt(booking.bookingTime),
        ...(mine ? { mine: toReview(mine, { hiddenShown: true }) } : {}),
        ...(theirs && visible(theirs) ? { theirs: toReview(theirs) } : {}),
      });
    }),

    createReview: http.post('/bookings/{id}/reviews', async ({ request, params, response }) => {
      const user = requireUser(store, request);
      const { booking, side, seller } = partyOf(user, params.id);
      if (booking.status !== 'completed' || !booking.completedAt)
        refuse(reviewRefusals.notCompleted(booking.status));
      if (at() >= reviewWindowClosesAt(booking.completedAt!)) refuse(reviewRefusals.closed());
      if (store.reviews.some((review) => review.bookingId === booking._id && review.authorId === user._id))
        refuse(reviewRefusals.alreadyReviewed());
      const subject = side === 'buyer' ? seller : buyerOf(booking);
      if (!subject) fail(404, 'Not found');
      const { stars, text } = await request.json();
      const review: StoredReview = {
        _id: store.nextId('rv'),
        bookingId: booking._id,
        authorId: user._id,
        subjectId: subject._id,
        about: side === 'buyer' ? 'seller' : 'buyer',
        stars,
        ...(text?.trim() ? { text: text.trim() } : {}),
        createdAt: at(),
        publishedAt: null,
      };
      store.reviews.push(review);
      const both = store.reviews.filter((candidate) => candidate.bookingId === booking._id);
      if (both.length === 2) for (const written of both) written.publishedAt ??= at();
      return response(201).json(toReview(review, { hiddenShown: true }));
    }),

    listSellerReviews: http.get('/sellers/{id}/reviews', ({ params, query, response }) => {
      const seller = sellerById(params.id);
      const rows = store.reviews
        .filter((review) => review.subjectId === seller._id && review.about === 'seller' && visible(review))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const page = paginate(rows, query);
      return response(200).json({ ...page, items: page.items.map((review) => toReview(review)) });
    }),

    getSellerProfile: http.get('/sellers/{id}/profile', ({ params, response }) => {
      const seller = sellerById(params.id);
      return response(200).json({
        _id: seller._id,
        name: seller.name,
        verified: seller.verified,
        phoneVerified: false,
        rating: rating(seller._id, 'seller'),
        // The fixtures carry no sign-up date; the mocks' sellers joined with the demo data.
        memberSince: '2026-01-05T10:00:00.000Z',
        completedDeals: completedDeals(seller, 'seller'),
      });
    }),

    getBuyerRecord: http.get('/bookings/{id}/buyer-record', ({ request, params, response }) => {
      const user = requireUser(store, request, ['seller', 'admin']);
      const booking = findBooking(params.id);
      if (user.role !== 'admin' && sellerOf(booking)?._id !== user._id) fail(403, 'Forbidden');
      const buyer = buyerOf(booking);
      return response(200).json(
        buyer
          ? { rating: rating(buyer._id, 'buyer'), completedDeals: completedDeals(buyer, 'buyer') }
          : { rating: { average: null, count: 0 }, completedDeals: 0 },
      );
    }),

    replyToReview: http.post('/reviews/{id}/reply', async ({ request, params, response }) => {
      const user = requireUser(store, request);
      const review = findReview(params.id);
      if (review.subjectId !== user._id) fail(403, 'Only the person a review is about may reply to it');
      if (!visible(review)) refuse(reviewRefusals.notPublished());
      if (review.reply) refuse(reviewRefusals.alreadyReplied());
      const { text } = await request.json();
      review.reply = { text: text.trim(), repliedAt: at() };
      return response(201).json(toReview(review));
    }),

    reportReview: http.post('/reviews/{id}/report', async ({ request, params, response }) => {
      const user = requireUser(store, request);
      const review = findReview(params.id);
      if (review.authorId !== user._id && review.subjectId !== user._id) fail(403, 'Forbidden');
      if (review.subjectId === user._id && !published(review)) fail(404, 'Not found');
      if (
        store.reviewReports.some((report) => report.reviewId === review._id && report.reporterId === user._id)
      )
        refuse(reviewRefusals.alreadyReported());
      const { reason } = await request.json();
      const _id = store.nextId('rr');
      store.reviewReports.push({ _id, reviewId: review._id, reporterId: user._id, reason, createdAt: at() });
      return response(201).json({ acknowledged: true, insertedId: _id });
    }),

    listReviewReports: http.get('/review-reports', ({ request, query, response }) => {
      requireUser(store, request, ['admin']);
      const status = query.get('status') ?? 'open';
      if (status !== 'open' && status !== 'hidden') fail(400, 'status must be open or hidden');
      const lastReported = (review: StoredReview) =>
        reportsOf(review).reduce(
          (latest, report) => (report.createdAt > latest ? report.createdAt : latest),
          '',
        );
      const rows = store.reviews
        .filter((review) => reportsOf(review).length > 0 && !!review.hidden === (status === 'hidden'))
        .sort((a, b) => lastReported(b).localeCompare(lastReported(a)) || b._id.localeCompare(a._id));
      const page = paginate(rows, query);
      return response(200).json({
        ...page,
        items: page.items.map((review) => ({
          review: toReview(review, { hiddenShown: true }),
          subject: { _id: review.subjectId, name: nameOf(review.subjectId) },
          reports: reportsOf(review).map((report) => ({
            reason: report.reason,
            by: report.reporterId === review.authorId ? ('author' as const) : ('subject' as const),
            reporterName: nameOf(report.reporterId),
            createdAt: report.createdAt,
          })),
        })),
      });
    }),

    hideReview: http.post('/reviews/{id}/hide', async ({ request, params, response }) => {
      const admin = requireUser(store, request, ['admin']);
      const review = findReview(params.id);
      const { reason } = await request.json();
      if (!review.hidden) {
        review.hidden = { reason, hiddenAt: at(), by: admin.email };
        store.audit.push({
          _id: store.nextId('a'),
          at: at(),
          actorEmail: admin.email,
          action: 'review.hide',
          target: review._id,
          targetName: `${nameOf(review.authorId)}'s review of ${nameOf(review.subjectId)}`,
        });
      }
      return response(200).json(toReview(review, { hiddenShown: true }));
    }),
  } satisfies OperationHandlers;
}
