// Offers in the mocks, as the server runs them (design of issue 47): an offer holds the buyer's card from the
// start, so accepting it makes the held deal on that same authorization. The rulebook (offer-rules.ts) decides;
// this file only keeps the store's rows moving the way the server's transactions do.
import type { StoredOffer } from '../fixtures';
import { DEFAULT_HOLD_WINDOW_HOURS } from '../deal-rules';
import {
  acceptedHoldExpiresAt,
  canOfferMove,
  isOpenOffer,
  offerExpiresAt,
  offerRefusals,
  type OfferRefusal,
} from '../offer-rules';
import { sameEmail } from '../rules';
import { dealNow, hold } from './deal';
import { endOffer, type MockOffer, moved, release, tell } from './offer-ending';
import type { MockStore } from './store';
import { fail } from './support';

export {
  endOffer,
  expireOffers,
  type MockOffer,
  type MockOfferAuthorization,
  offersMade,
  offerView,
  voidOpenOffers,
} from './offer-ending';

/** Refuses in the rulebook's words. */
export const refuseOffer = ({ status, message, code }: OfferRefusal): never => fail(status, message, code);

const mobileOf = (store: MockStore, offer: MockOffer) =>
  store.mobiles.find((mobile) => mobile._id === offer.mobileId);
const userByEmail = (store: MockStore, email: string) =>
  store.users.find((user) => sameEmail(user.email, email));

/** What the card is asked for now: the offer's amount, or the counter's; an ended offer is refused. */
export function amountDue(store: MockStore, offer: MockOffer): number {
  if (offer.status === 'awaiting_card') return offer.amount;
  if (offer.status === 'countered' && offer.counterAmount !== undefined) return offer.counterAmount;
  return refuseOffer(offerRefusals.ended(offer.status));
}

/** A listing with no unit left refuses the card. */
export function requireUnit(store: MockStore, offer: MockOffer) {
  const mobile = mobileOf(store, offer);
  if (!mobile || mobile.stock === 0) fail(409, 'This phone is sold out', 'sold_out');
}

/**
 * The seller accepts (or the buyer's card is authorized for a counter): one unit taken, the booking made already
 * held on the offer's live authorization, the authorization used. Accepting an accepted offer changes nothing.
 */
export function acceptOffer(store: MockStore, offer: MockOffer, transaction: string, price: number) {
  if (offer.status === 'accepted') return;
  if (!canOfferMove(offer.status, 'accepted')) refuseOffer(offerRefusals.ended(offer.status));
  const mobile = mobileOf(store, offer);
  if (!mobile || mobile.stock === 0) {
    endOffer(store, offer, 'voided', 'sold_elsewhere');
    fail(409, 'This phone is sold out', 'sold_out');
  }
  const buyer = userByEmail(store, offer.buyerEmail);
  const booking: MockStore['bookings'][number] = {
    _id: store.nextId('b'),
    mobileId: offer.mobileId,
    bookingTime: dealNow(store).toISOString(),
    MobileName: mobile.title,
    buyer: buyer?.name ?? offer.buyerEmail,
    email: offer.buyerEmail,
    phone: '',
    price,
    location: mobile.location,
    bookingId: mobile.bookingId,
    picture: mobile.picture,
    paid: false,
    cancelled: false,
    status: 'unpaid',
  };
  store.bookings.push(booking);
  const accepted = dealNow(store);
  // the previous authorization (a counter's first one) is let go; the new one is the deal's
  if (offer.transaction !== transaction) release(store, offer.transaction);
  offer.transaction = transaction;
  const authorization = store.offerAuthorizations.find((candidate) => candidate.transaction === transaction);
  if (authorization) authorization.state = 'used';
  offer.status = 'accepted';
  offer.bookingId = booking._id;
  offer.endedAt = accepted.toISOString();
  // hold() takes the unit and, when it was the last, voids the other open offers on the listing
  hold(store, booking, transaction);
  booking.holdExpiresAt = acceptedHoldExpiresAt(
    new Date(offer.authorizedAt ?? accepted.toISOString()),
    accepted,
    DEFAULT_HOLD_WINDOW_HOURS,
  ).toISOString();
  for (const side of ['buyer', 'seller'] as const) tell(store, offer, side, 'offer_accepted');
}

/**
 * The card was authorized for an offer (confirmTestPayment / recordPayment): awaiting_card becomes pending and
 * reaches the seller; a countered one is accepted at the counter on this authorization; anything else lets it go.
 */
export function settleOffer(store: MockStore, offer: MockOffer, transaction: string, amount: number) {
  if (offer.transaction === transaction && offer.status !== 'awaiting_card') return;
  store.offerAuthorizations.push({ transaction, offerId: offer._id, amount, state: 'live' });
  const at = dealNow(store);
  if (offer.status === 'awaiting_card') {
    offer.status = 'pending';
    offer.authorizedAt = at.toISOString();
    offer.expiresAt = offerExpiresAt(at).toISOString();
    offer.transaction = transaction;
    tell(store, offer, 'seller', 'offer_received');
    moved(store, offer);
    return;
  }
  if (offer.status === 'countered') {
    acceptOffer(store, offer, transaction, amount);
    return;
  }
  release(store, transaction);
  fail(409, `${offerRefusals.ended(offer.status).message}; your card was released`, 'offer_ended');
}

/** The seed's offers, with the open ones' clocks from now (fixed dates would have expired them). */
export function seedOffers(store: MockStore, seed: readonly StoredOffer[]) {
  const now = Date.now();
  for (const stored of seed) {
    const mobile = store.mobiles.find((candidate) => candidate._id === stored.mobileId);
    if (!mobile) throw new Error(`The seed's offer ${stored._id} names no listing`);
    const offer: MockOffer = {
      ...structuredClone(stored),
      title: mobile.title,
      picture: mobile.picture,
      askingPrice: mobile.resale_price,
    };
    if (isOpenOffer(offer.status)) {
      // made two hours ago, answered (countered) an hour ago
      offer.createdAt = new Date(now - 2 * 3_600_000).toISOString();
      offer.authorizedAt = offer.createdAt;
      offer.expiresAt = offerExpiresAt(
        new Date(now - (offer.status === 'countered' ? 1 : 2) * 3_600_000),
      ).toISOString();
    }
    if (offer.transaction && offer.authorizedAt)
      store.offerAuthorizations.push({
        transaction: offer.transaction,
        offerId: offer._id,
        amount: offer.amount,
        state: isOpenOffer(offer.status) ? 'live' : 'released',
      });
    store.offers.push(offer);
  }
}
