import { MAX_OPEN_BOOKINGS } from '../../rules';
import type { MockStore } from '../store';
import {
  fail,
  http,
  newestFirst,
  NON_SELLERS,
  now,
  paginate,
  requireOwnEmail,
  requireUser,
} from '../support';

export function bookingHandlers(store: MockStore) {
  /** As the server reads a booking: sold out when no unit of its listing is left (or the listing is gone). */
  const withSoldOut = (booking: MockStore['bookings'][number]) => ({
    ...booking,
    soldOut: (store.mobiles.find((mobile) => mobile._id === booking.mobileId)?.stock ?? 0) === 0,
  });

  return [
    http.post('/bookings', async ({ request, response }) => {
      const buyer = requireUser(store, request, NON_SELLERS);
      const { mobileId, phone = '', location = '' } = await request.json();
      const mobile = store.mobiles.find((candidate) => candidate._id === mobileId) ?? fail(404, 'Not found');
      // As on the server: one open booking per buyer per listing; booking again answers that one.
      const open = store.bookings.filter(
        (booking) => booking.email === buyer.email && !booking.paid && !booking.cancelled,
      );
      const existing = open.find((booking) => booking.mobileId === mobileId);
      if (existing) return response(200).json({ acknowledged: true, insertedId: existing._id });
      if (mobile.stock === 0) fail(409, 'This phone is sold out', 'sold_out');
      if (open.length >= MAX_OPEN_BOOKINGS) {
        fail(
          409,
          `You have ${MAX_OPEN_BOOKINGS} open bookings: pay for or cancel one before booking another phone`,
          'too_many_open_bookings',
        );
      }
      const _id = store.nextId('b');
      store.bookings.push({
        _id,
        mobileId,
        bookingTime: now(),
        MobileName: mobile.title,
        buyer: buyer.name,
        email: buyer.email,
        phone,
        price: mobile.resale_price,
        location: location || mobile.location,
        bookingId: mobile.bookingId,
        picture: mobile.picture,
        paid: false,
        cancelled: false,
      });
      return response(201).json({ acknowledged: true, insertedId: _id });
    }),

    http.get('/bookings', ({ request, query, response }) => {
      const user = requireUser(store, request);
      const email = query.get('email');
      requireOwnEmail(user, email);
      const own = store.bookings.filter((booking) => booking.email === email).map(withSoldOut);
      return response(200).json(paginate(newestFirst(own, 'bookingTime'), query));
    }),

    http.get('/bookings/{id}', ({ request, params, response }) => {
      const user = requireUser(store, request);
      const booking =
        store.bookings.find((candidate) => candidate._id === params.id) ?? fail(404, 'Not found');
      if (user.role !== 'admin' && booking.email !== user.email) fail(403, 'Forbidden');
      return response(200).json(withSoldOut(booking));
    }),

    http.post('/bookings/{id}/cancel', ({ request, params, response }) => {
      const user = requireUser(store, request, NON_SELLERS);
      const booking =
        store.bookings.find((candidate) => candidate._id === params.id) ?? fail(404, 'Not found');
      if (booking.email !== user.email) fail(403, 'Forbidden');
      if (booking.paid) fail(409, 'A paid booking cannot be cancelled', 'already_paid');
      if (!booking.cancelled) {
        booking.cancelled = true;
        booking.cancelledBy = 'buyer';
      }
      return response(200).json(withSoldOut(booking));
    }),

    http.get('/mybuyers', ({ request, query, response }) => {
      const user = requireUser(store, request, ['seller', 'admin']);
      const email = query.get('email');
      requireOwnEmail(user, email);
      const listings = new Set(
        store.mobiles.filter((mobile) => mobile.email === email).map((mobile) => mobile._id),
      );
      const theirs = store.bookings.filter((booking) => listings.has(booking.mobileId)).map(withSoldOut);
      return response(200).json(paginate(newestFirst(theirs, 'bookingTime'), query));
    }),
  ];
}
