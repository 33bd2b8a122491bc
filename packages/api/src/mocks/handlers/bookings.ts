import { MAX_OPEN_BOOKINGS } from '../../rules';
import {
  buyerCheckOf,
  buyerCheckRefusals,
  dealRefusals,
  HANDOVER_ATTEMPTS,
  IMEI_CHECK_ATTEMPTS,
} from '../../deal-rules';
import { luhnValid } from '../../test-cards';
import { buyerCheckFactsOf, complete, end, expireHolds, view } from '../deal';
import { imeiRefusals } from '../../phone-truth';
import { deviceOf, witnessed } from '../phone-truth';
import { matureEarnings, sellerEarnings } from '../payouts';
import type { MockStore } from '../store';
import { planMeetup } from './meetups';
import {
  fail,
  http,
  refuse,
  type OperationHandlers,
  newestFirst,
  now,
  paginate,
  requireOwnEmail,
  requireSelf,
  requireUser,
} from '../support';

export function bookingHandlers(store: MockStore) {
  const find = (id: string) =>
    store.bookings.find((candidate) => candidate._id === id) ?? fail(404, 'Not found');
  /** The seller of the booking's listing, or an admin. */
  const requireSellerOf = (request: Request, booking: MockStore['bookings'][number]) => {
    const user = requireUser(store, request, ['seller', 'admin']);
    const mobile = store.mobiles.find((candidate) => candidate._id === booking.mobileId);
    if (user.role !== 'admin' && mobile?.email !== user.email) fail(403, 'Forbidden');
    return user;
  };
  const notHeld = (booking: MockStore['bookings'][number]): never =>
    refuse(dealRefusals.notHeld(booking.status));
  /** The booking's own buyer (admins included: nobody checks a phone for someone else), while held. */
  const buyersHeld = (request: Request, id: string) => {
    const user = requireUser(store, request);
    const booking = find(id);
    requireSelf(user, booking.email);
    expireHolds(store);
    if (booking.status !== 'held') notHeld(booking);
    return booking;
  };

  return {
    createBooking: http.post('/bookings', async ({ request, response }) => {
      const buyer = requireUser(store, request);
      const body = await request.json();
      const { mobileId, phone = '', location = '' } = body;
      const mobile = store.mobiles.find((candidate) => candidate._id === mobileId) ?? fail(404, 'Not found');
      // As on the server: one open booking per buyer per listing; booking again answers that one.
      const open = store.bookings.filter(
        (booking) => booking.email === buyer.email && !booking.paid && !booking.cancelled,
      );
      const existing = open.find((booking) => booking.mobileId === mobileId);
      if (existing) return response(200).json({ acknowledged: true, insertedId: existing._id });
      if (mobile.stock === 0) fail(409, 'This phone is sold out', 'sold_out');
      // A held deal is backed by money: only unpaid bookings count toward the limit.
      if (open.filter((booking) => booking.status === 'unpaid').length >= MAX_OPEN_BOOKINGS) {
        fail(
          409,
          `You have ${MAX_OPEN_BOOKINGS} open bookings: pay for or cancel one before booking another phone`,
          'too_many_open_bookings',
        );
      }
      const meetup = planMeetup(store, mobileId, body, location || mobile.location);
      const _id = store.nextId('b');
      store.bookings.push({
        ...meetup,
        _id,
        mobileId,
        bookingTime: now(),
        MobileName: mobile.title,
        buyer: buyer.name,
        email: buyer.email,
        phone,
        price: mobile.resale_price,
        location: meetup.meetup?.spotId
          ? `${meetup.meetup.place}, ${meetup.meetup.address ?? ''}`
          : location || mobile.location,
        bookingId: mobile.bookingId,
        picture: mobile.picture,
        paid: false,
        cancelled: false,
        status: 'unpaid',
      });
      return response(201).json({ acknowledged: true, insertedId: _id });
    }),

    listBookings: http.get('/bookings', ({ request, query, response }) => {
      const user = requireUser(store, request);
      const email = query.get('email');
      requireOwnEmail(user, email);
      expireHolds(store);
      const own = store.bookings
        .filter((booking) => booking.email === email)
        .map((booking) => view(store, booking, user));
      return response(200).json(paginate(newestFirst(own, 'bookingTime'), query));
    }),

    getBooking: http.get('/bookings/{id}', ({ request, params, response }) => {
      const user = requireUser(store, request);
      const booking = find(params.id);
      requireOwnEmail(user, booking.email);
      expireHolds(store);
      return response(200).json(view(store, booking, user));
    }),

    cancelBooking: http.post('/bookings/{id}/cancel', ({ request, params, response }) => {
      const user = requireUser(store, request);
      const booking = find(params.id);
      requireSelf(user, booking.email);
      expireHolds(store);
      if (booking.paid) refuse(dealRefusals.paidNotCancellable());
      if (booking.status === 'declined' || booking.status === 'expired') notHeld(booking);
      end(store, booking, 'cancelled', 'buyer');
      return response(200).json(view(store, booking, user));
    }),

    completeHandover: http.post('/bookings/{id}/handover', async ({ request, params, response }) => {
      const booking = find(params.id);
      const user = requireSellerOf(request, booking);
      const { code } = await request.json();
      expireHolds(store);
      if (booking.status !== 'held') notHeld(booking);
      if (booking.handoverLocked) refuse(dealRefusals.handoverLocked());
      if (code !== booking.handoverCode) {
        const attemptsLeft = Math.max(0, (booking.handoverAttemptsLeft ?? HANDOVER_ATTEMPTS) - 1);
        booking.handoverAttemptsLeft = attemptsLeft;
        booking.handoverLocked = attemptsLeft === 0;
        refuse(dealRefusals.wrongCode(attemptsLeft));
      }
      // as the server: the device is checked again as money is about to move
      const mobile = store.mobiles.find((candidate) => candidate._id === booking.mobileId);
      const imei = mobile && store.imeis.get(mobile._id);
      if (mobile && imei && deviceOf(store, imei).status === 'blocked') {
        end(store, booking, 'cancelled', 'listing');
        booking.deviceBlocked = true;
        mobile.stock = 0;
        refuse(imeiRefusals.blockedAtHandover);
      }
      // as the server: the buyer's own check, when they finished it, is kept with the deal (reviews show it)
      const facts = buyerCheckFactsOf(store, booking);
      const check = buyerCheckOf(facts);
      complete(store, booking);
      if (check.state === 'checked') {
        store.handoverChecklists[booking._id] = {
          imeiMatched: facts.imeiMatched,
          conditionMatched: true,
          signedOut: true,
        };
      }
      if (mobile && imei) {
        store.imeiReleased.add(mobile._id);
        // the buyer matched the IMEI on the phone in hand (the server's imeiWitnessed port)
        if (facts.imeiMatched) witnessed(store, mobile, booking.email);
      }
      return response(200).json(view(store, booking, user));
    }),

    checkHandoverImei: http.post('/bookings/{id}/buyer-check/imei', async ({ request, params, response }) => {
      const { imei } = await request.json();
      // as the server: the pattern says 15 digits, the last of which must be the Luhn check digit
      if (!luhnValid(imei)) fail(400, 'request/body/imei has a wrong check digit');
      const booking = buyersHeld(request, params.id);
      const facts = buyerCheckFactsOf(store, booking);
      if (facts.skipped) refuse(buyerCheckRefusals.skipped());
      const listed = store.imeis.get(booking.mobileId) ?? refuse(buyerCheckRefusals.noImei());
      if (!facts.imeiMatched && facts.wrongImeis >= IMEI_CHECK_ATTEMPTS) refuse(buyerCheckRefusals.locked());
      const matched = imei === listed;
      if (!facts.imeiMatched) {
        booking.buyerCheck = buyerCheckOf(
          matched ? { ...facts, imeiMatched: true } : { ...facts, wrongImeis: facts.wrongImeis + 1 },
        );
      }
      const buyerCheck = buyerCheckOf(buyerCheckFactsOf(store, booking));
      return response(200).json({ matched, attemptsLeft: buyerCheck.imeiAttemptsLeft, buyerCheck });
    }),

    recordHandoverChecks: http.post('/bookings/{id}/buyer-check/checks', ({ request, params, response }) => {
      const booking = buyersHeld(request, params.id);
      const facts = buyerCheckFactsOf(store, booking);
      if (facts.skipped) refuse(buyerCheckRefusals.skipped());
      if (facts.imeiListed && !facts.imeiMatched) {
        refuse(
          facts.wrongImeis >= IMEI_CHECK_ATTEMPTS
            ? buyerCheckRefusals.locked()
            : buyerCheckRefusals.imeiFirst(),
        );
      }
      booking.buyerCheck = buyerCheckOf({ ...facts, conditionMatched: true, signedOut: true });
      return response(200).json(view(store, booking, requireUser(store, request)));
    }),

    skipHandoverCheck: http.post('/bookings/{id}/buyer-check/skip', ({ request, params, response }) => {
      const booking = buyersHeld(request, params.id);
      const facts = buyerCheckFactsOf(store, booking);
      const { state } = buyerCheckOf(facts);
      if (state === 'locked') refuse(buyerCheckRefusals.locked());
      if (state === 'checked') refuse(buyerCheckRefusals.done());
      booking.buyerCheck = buyerCheckOf({ ...facts, skipped: true });
      return response(200).json(view(store, booking, requireUser(store, request)));
    }),

    declineBooking: http.post('/bookings/{id}/decline', ({ request, params, response }) => {
      const booking = find(params.id);
      const user = requireSellerOf(request, booking);
      expireHolds(store);
      if (booking.status === 'completed' || booking.status === 'cancelled' || booking.status === 'expired')
        notHeld(booking);
      end(store, booking, 'declined');
      return response(200).json(view(store, booking, user));
    }),

    reportNotAsDescribed: http.post(
      '/bookings/{id}/not-as-described',
      async ({ request, params, response }) => {
        const user = requireUser(store, request);
        const booking = find(params.id);
        requireSelf(user, booking.email);
        const { reason } = await request.json();
        expireHolds(store);
        if (booking.status !== 'held' && !booking.notAsDescribed) notHeld(booking);
        if (booking.status === 'held') {
          end(store, booking, 'cancelled', 'buyer');
          booking.notAsDescribed = true;
          store.reports.push({
            _id: store.nextId('r'),
            mobileId: booking.mobileId,
            MobileName: booking.MobileName,
            Report: `Not as described: ${reason}`,
            reporterEmail: user.email,
            createdAt: now(),
            status: 'open',
          });
        }
        return response(200).json(view(store, booking, user));
      },
    ),

    getSellerEarnings: http.get('/earnings', ({ request, query, response }) => {
      const user = requireUser(store, request);
      const email = query.get('email');
      requireOwnEmail(user, email);
      expireHolds(store);
      return response(200).json(sellerEarnings(store, email ?? user.email));
    }),

    // QA mode runs as the local demo does: admins move the deal clock forward.
    advanceDemoClock: http.post('/demo/clock', async ({ request, response }) => {
      requireUser(store, request, ['admin']);
      const { hours } = await request.json();
      store.clockOffsetMs += hours * 60 * 60 * 1000;
      const expired = expireHolds(store);
      // the claim windows that closed: their earnings become available
      matureEarnings(store);
      return response(200).json({
        now: new Date(Date.now() + store.clockOffsetMs).toISOString(),
        offsetHours: Math.round(store.clockOffsetMs / 3_600_000),
        expired,
      });
    }),

    listSellerBuyers: http.get('/mybuyers', ({ request, query, response }) => {
      const user = requireUser(store, request);
      const email = query.get('email');
      requireOwnEmail(user, email);
      const listings = new Set(
        store.mobiles.filter((mobile) => mobile.email === email).map((mobile) => mobile._id),
      );
      expireHolds(store);
      const theirs = store.bookings
        .filter((booking) => listings.has(booking.mobileId))
        .map((booking) => view(store, booking, user));
      // held deals lead, as on the server
      const held = (booking: (typeof theirs)[number]) => (booking.status === 'held' ? 0 : 1);
      const board = newestFirst(theirs, 'bookingTime').toSorted((a, b) => held(a) - held(b));
      return response(200).json(paginate(board, query));
    }),
  } satisfies OperationHandlers;
}
