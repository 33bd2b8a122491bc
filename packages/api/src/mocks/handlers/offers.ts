// Offers in the mocks, with the server's rules (the rulebook offer-rules.ts decides every number and word):
// the buyer offers and pays it as a booking is paid (payments.ts settles it); the seller accepts, counters or
// declines; the buyer withdraws or declines a counter.
import { toCents } from '../../money';
import {
  belowFloor,
  counterRefusal,
  isOpenOffer,
  offerExpiresAt,
  offerRefusal,
  offerRefusals,
  offersLeft,
} from '../../offer-rules';
import { sameEmail } from '../../rules';
import { dealNow } from '../deal';
import { endOffer, tell } from '../offer-ending';
import { acceptOffer, expireOffers, type MockOffer, offersMade, offerView, refuseOffer } from '../offers';
import type { MockStore } from '../store';
import { fail, http, newestFirst, type OperationHandlers, paginate, requireUser } from '../support';

type User = MockStore['users'][number];

export function offerHandlers(store: MockStore) {
  const find = (id: string) => {
    expireOffers(store);
    return store.offers.find((offer) => offer._id === id) ?? fail(404, 'Not found');
  };
  const isBuyer = (user: User, offer: MockOffer) => sameEmail(user.email, offer.buyerEmail);
  const isSeller = (user: User, offer: MockOffer) => sameEmail(user.email, offer.sellerEmail);
  /** The listing's seller, for a pending (or, once accepted, the same) offer. */
  const sellersOffer = (request: Request, id: string) => {
    const user = requireUser(store, request, ['seller']);
    const offer = find(id);
    if (!isSeller(user, offer)) return refuseOffer(offerRefusals.notYours());
    return offer;
  };
  const buyersOffer = (request: Request, id: string) => {
    const user = requireUser(store, request, ['buyer']);
    const offer = find(id);
    if (!isBuyer(user, offer)) return refuseOffer(offerRefusals.notYourOffer());
    return offer;
  };
  /** The listing, to its seller (an admin may read). */
  const floorListing = (request: Request, id: string, roles: readonly User['role'][]) => {
    const user = requireUser(store, request, roles);
    const mobile = store.mobiles.find((candidate) => candidate._id === id) ?? fail(404, 'Not found');
    if (user.role !== 'admin' && !sameEmail(mobile.email, user.email)) fail(403, 'Forbidden');
    return mobile;
  };
  const floorOf = (mobileId: string) => store.offerFloors.get(mobileId) ?? null;

  return {
    makeOffer: http.post('/offers', async ({ request, response }) => {
      const user = requireUser(store, request, ['buyer']);
      const { mobileId, amount, text } = await request.json();
      const mobile = store.mobiles.find((candidate) => candidate._id === mobileId) ?? fail(404, 'Not found');
      if (sameEmail(mobile.email, user.email)) refuseOffer(offerRefusals.ownListing());
      expireOffers(store);
      const mine = store.offers.filter(
        (offer) => offer.mobileId === mobileId && sameEmail(offer.buyerEmail, user.email),
      );
      if (mine.some((offer) => offer.status === 'pending' || offer.status === 'countered'))
        refuseOffer(offerRefusals.open());
      const held = store.bookings.some(
        (booking) =>
          booking.mobileId === mobileId && sameEmail(booking.email, user.email) && booking.status === 'held',
      );
      if (held) refuseOffer(offerRefusals.dealHeld());
      const refusal = offerRefusal(amount, mobile.resale_price, offersMade(store, user.email, mobileId));
      if (refusal) refuseOffer(refusal);
      if (mobile.stock === 0) fail(409, 'This phone is sold out', 'sold_out');
      // the one waiting for a card held nothing: a new offer replaces it quietly
      for (const offer of mine)
        if (offer.status === 'awaiting_card') endOffer(store, offer, 'withdrawn', 'withdrawn');
      const at = dealNow(store);
      const floored = belowFloor(amount, floorOf(mobileId));
      const offer: MockOffer = {
        _id: store.nextId('o'),
        mobileId,
        buyerEmail: user.email,
        sellerEmail: mobile.email,
        amount,
        status: floored ? 'declined' : 'awaiting_card',
        ...(floored ? { endedReason: 'below_floor' as const, endedAt: at.toISOString() } : {}),
        ...(text ? { text } : {}),
        createdAt: at.toISOString(),
        ...(floored ? {} : { expiresAt: offerExpiresAt(at).toISOString() }),
        title: mobile.title,
        picture: mobile.picture,
        askingPrice: mobile.resale_price,
      };
      store.offers.push(offer);
      return response(201).json(offerView(store, offer));
    }),

    listOffers: http.get('/offers', ({ request, query, response }) => {
      const user = requireUser(store, request);
      expireOffers(store);
      const side = query.get('as');
      const mobileId = query.get('mobileId');
      const open = query.get('open');
      const admin = user.role === 'admin';
      // the seller's side: offers whose card was authorized (never one waiting for it, nor one the floor declined)
      const items = store.offers.filter(
        (offer) =>
          (side === 'buyer'
            ? admin || isBuyer(user, offer)
            : (admin || isSeller(user, offer)) && offer.authorizedAt !== undefined) &&
          (!mobileId || offer.mobileId === mobileId) &&
          (open !== 'true' || isOpenOffer(offer.status)),
      );
      const page = paginate(newestFirst(items, 'createdAt'), query);
      return response(200).json({
        ...page,
        items: page.items.map((offer) => offerView(store, offer)),
        ...(mobileId && side === 'buyer'
          ? { offersLeft: offersLeft(offersMade(store, user.email, mobileId)) }
          : {}),
      });
    }),

    getOffer: http.get('/offers/{id}', ({ request, params, response }) => {
      const user = requireUser(store, request);
      const offer = find(params.id);
      // as the server: the seller sees it once the card was authorized (before, it is not there to them)
      if (user.role !== 'admin' && !isBuyer(user, offer)) {
        if (!isSeller(user, offer)) fail(403, 'Forbidden');
        if (offer.authorizedAt === undefined) fail(404, 'Not found');
      }
      return response(200).json(offerView(store, offer));
    }),

    acceptOffer: http.post('/offers/{id}/accept', ({ request, params, response }) => {
      const offer = sellersOffer(request, params.id);
      if (offer.status !== 'accepted') {
        if (offer.status !== 'pending') refuseOffer(offerRefusals.ended(offer.status));
        acceptOffer(store, offer, offer.transaction ?? fail(409, 'Please try again'), offer.amount);
      }
      return response(200).json(offerView(store, offer));
    }),

    counterOffer: http.post('/offers/{id}/counter', async ({ request, params, response }) => {
      const offer = sellersOffer(request, params.id);
      const { amount, text } = await request.json();
      if (offer.status !== 'pending') refuseOffer(offerRefusals.ended(offer.status));
      const asking =
        store.mobiles.find((mobile) => mobile._id === offer.mobileId)?.resale_price ?? offer.askingPrice;
      const refusal = counterRefusal(amount, offer.amount, asking);
      if (refusal) refuseOffer(refusal);
      offer.status = 'countered';
      offer.counterAmount = amount;
      if (text) offer.counterText = text;
      offer.expiresAt = offerExpiresAt(dealNow(store)).toISOString();
      tell(store, offer, 'buyer', 'offer_countered');
      return response(200).json(offerView(store, offer));
    }),

    declineOffer: http.post('/offers/{id}/decline', ({ request, params, response }) => {
      const user = requireUser(store, request);
      const offer = find(params.id);
      const seller = isSeller(user, offer);
      if (!seller && !isBuyer(user, offer)) refuseOffer(offerRefusals.notYours());
      if (user.role === 'admin') fail(403, 'Forbidden');
      const reason = seller ? 'declined' : 'counter_declined';
      // declining again answers the same; the seller declines a pending offer, the buyer a counter
      if (offer.status === 'declined' && offer.endedReason === reason)
        return response(200).json(offerView(store, offer));
      if (offer.status !== (seller ? 'pending' : 'countered')) refuseOffer(offerRefusals.ended(offer.status));
      endOffer(store, offer, 'declined', reason);
      return response(200).json(offerView(store, offer));
    }),

    withdrawOffer: http.post('/offers/{id}/withdraw', ({ request, params, response }) => {
      const offer = buyersOffer(request, params.id);
      if (offer.status !== 'withdrawn') {
        if (!isOpenOffer(offer.status)) refuseOffer(offerRefusals.ended(offer.status));
        endOffer(store, offer, 'withdrawn', 'withdrawn');
      }
      return response(200).json(offerView(store, offer));
    }),

    getOfferFloor: http.get('/mobile/{id}/offer-floor', ({ request, params, response }) => {
      const mobile = floorListing(request, params.id, ['seller', 'admin']);
      return response(200).json({ floor: floorOf(mobile._id) });
    }),

    setOfferFloor: http.put('/mobile/{id}/offer-floor', async ({ request, params, response }) => {
      const mobile = floorListing(request, params.id, ['seller']);
      const { floor } = await request.json();
      if (floor === null) store.offerFloors.delete(mobile._id);
      else {
        if (toCents(floor) >= toCents(mobile.resale_price))
          refuseOffer(offerRefusals.floorNotBelowPrice(mobile.resale_price));
        store.offerFloors.set(mobile._id, floor);
      }
      return response(200).json({ floor: floorOf(mobile._id) });
    }),
  } satisfies OperationHandlers;
}
