// Offers in the mocks: their view, and how one ends (its card let go, the other side told). Apart from
// offers.ts because the deal (deal.ts) ends the open offers when it takes a listing's last unit.
import type { StoredOffer } from '../fixtures';
import type { components } from '../generated/schema';
import { webLinks } from '../links';
import { notificationText, type NotificationSide } from '../notifications';
import { canOfferMove, isOpenOffer, offersLeft, offerWords } from '../offer-rules';
import { sameEmail } from '../rules';
import { detectSafety } from '../safety';
import { publishLive } from './live';
import type { MockStore } from './store';

type Schemas = components['schemas'];
type Offer = Schemas['Offer'];
type OfferStatus = Schemas['OfferStatus'];
type EndedReason = Schemas['OfferEndedReason'];
type NotificationKind = Schemas['NotificationKind'];

export type MockOffer = StoredOffer & {
  /** The listing's head when the offer was made: the offer outlives a listing taken down. */
  title: string;
  picture: string;
  askingPrice: number;
};

/** A card authorization an offer made; `live` until the deal uses it or it is let go. */
export interface MockOfferAuthorization {
  transaction: string;
  offerId: string;
  amount: number;
  state: 'live' | 'used' | 'released';
}

const mobileOf = (store: MockStore, offer: MockOffer) =>
  store.mobiles.find((mobile) => mobile._id === offer.mobileId);
/** The deal clock (deal.ts's dealNow, which imports this file). */
const dealNow = (store: MockStore) => new Date(Date.now() + store.clockOffsetMs);

const userByEmail = (store: MockStore, email: string) =>
  store.users.find((user) => sameEmail(user.email, email));

/** Offers that count toward the buyer's 3 on a listing: ever authorized, or declined by the floor. */
export function offersMade(store: MockStore, buyerEmail: string, mobileId: string): number {
  return store.offers.filter(
    (offer) =>
      offer.mobileId === mobileId &&
      sameEmail(offer.buyerEmail, buyerEmail) &&
      (offer.authorizedAt !== undefined || offer.endedReason === 'below_floor'),
  ).length;
}

/** What the buyer's card is authorized for now: the offer's live (or, once accepted, used) authorization. */
function heldAmount(store: MockStore, offer: MockOffer): number | undefined {
  const authorization = store.offerAuthorizations.find(
    (candidate) => candidate.transaction === offer.transaction,
  );
  return authorization && authorization.state !== 'released' ? authorization.amount : undefined;
}

/** The contract's Offer, as the server answers it to either side. */
export function offerView(store: MockStore, offer: MockOffer): Offer {
  const mobile = mobileOf(store, offer);
  const buyer = userByEmail(store, offer.buyerEmail);
  const seller = userByEmail(store, offer.sellerEmail);
  const conversation = store.conversations.find(
    (candidate) => candidate.mobileId === offer.mobileId && candidate.buyerId === buyer?._id,
  );
  const held = heldAmount(store, offer);
  const safety = [...new Set([...detectSafety(offer.text), ...detectSafety(offer.counterText)])];
  return {
    _id: offer._id,
    mobileId: offer.mobileId,
    MobileName: mobile?.title ?? offer.title,
    picture: mobile?.picture ?? offer.picture,
    askingPrice: mobile?.resale_price ?? offer.askingPrice,
    amount: offer.amount,
    ...(offer.counterAmount === undefined ? {} : { counterAmount: offer.counterAmount }),
    ...(held === undefined ? {} : { heldAmount: held }),
    status: offer.status,
    ...(offer.endedReason ? { endedReason: offer.endedReason } : {}),
    buyer: buyer?.name ?? 'A buyer',
    seller: seller?.name ?? 'The seller',
    ...(offer.text === undefined ? {} : { text: offer.text }),
    ...(offer.counterText === undefined ? {} : { counterText: offer.counterText }),
    ...(safety.length > 0 ? { safety } : {}),
    createdAt: offer.createdAt,
    ...(isOpenOffer(offer.status) && offer.expiresAt ? { expiresAt: offer.expiresAt } : {}),
    ...(offer.endedAt ? { endedAt: offer.endedAt } : {}),
    ...(offer.bookingId ? { bookingId: offer.bookingId } : {}),
    ...(conversation ? { conversationId: conversation._id } : {}),
    offersLeft: offersLeft(offersMade(store, offer.buyerEmail, offer.mobileId)),
  };
}

/** Tells one side: the bell (with its live count) and the offer's own live event. */
export function tell(store: MockStore, offer: MockOffer, side: NotificationSide, kind: NotificationKind) {
  const person = userByEmail(store, side === 'buyer' ? offer.buyerEmail : offer.sellerEmail);
  if (!person) return;
  const other = userByEmail(store, side === 'buyer' ? offer.sellerEmail : offer.buyerEmail);
  const amount =
    kind === 'offer_countered' ? offer.counterAmount : (heldAmount(store, offer) ?? offer.amount);
  store.notifications.push({
    _id: store.nextId('n'),
    userId: person._id,
    kind,
    text: notificationText(kind, side, {
      title: offer.title,
      who: other?.name,
      amount: amount === undefined ? undefined : offerWords.dollars(amount),
    }),
    listing: { title: offer.title, mobileId: offer.mobileId },
    link: side === 'buyer' ? webLinks.myOffers() : webLinks.offersReceived(),
    read: false,
    createdAt: dealNow(store).toISOString(),
  });
  const unread = store.notifications.filter((item) => item.userId === person._id && !item.read).length;
  publishLive(store, person._id, { type: 'notification', unread });
  publishLive(store, person._id, { type: 'offer', offerId: offer._id });
}

/** The offer moved: both sides' screens fetch it again (an awaiting_card one is its buyer's alone). */
export function moved(store: MockStore, offer: MockOffer) {
  for (const email of [offer.buyerEmail, offer.sellerEmail]) {
    const person = userByEmail(store, email);
    if (person) publishLive(store, person._id, { type: 'offer', offerId: offer._id });
  }
}

/** Lets an authorization go (the voiding job's claim, done at once in the mocks): exactly once. */
export function release(store: MockStore, transaction: string | undefined) {
  const authorization = store.offerAuthorizations.find((candidate) => candidate.transaction === transaction);
  if (authorization?.state === 'live') authorization.state = 'released';
}

/** Ends an open offer (its card let go); ending it again changes nothing. */
export function endOffer(
  store: MockStore,
  offer: MockOffer,
  status: Extract<OfferStatus, 'declined' | 'withdrawn' | 'expired' | 'voided'>,
  reason: EndedReason,
) {
  if (!canOfferMove(offer.status, status)) return;
  const quietly = offer.status === 'awaiting_card';
  offer.status = status;
  offer.endedReason = reason;
  offer.endedAt = dealNow(store).toISOString();
  release(store, offer.transaction);
  if (quietly) return;
  const kind = `offer_${status}` as const;
  // who is told: the other side of who acted; both when nobody did (expiry); the buyer when the unit went
  const sides: NotificationSide[] =
    reason === 'withdrawn'
      ? ['seller']
      : reason === 'counter_declined'
        ? ['seller']
        : reason === 'expired'
          ? ['buyer', 'seller']
          : ['buyer'];
  for (const side of sides) tell(store, offer, side, kind);
  moved(store, offer);
}

/** The listing's last unit went, or the listing went: every open offer on it ends, its card let go. */
export function voidOpenOffers(
  store: MockStore,
  mobileId: string,
  reason: 'sold_elsewhere' | 'listing_removed',
) {
  for (const offer of store.offers)
    if (offer.mobileId === mobileId && isOpenOffer(offer.status)) endOffer(store, offer, 'voided', reason);
}

/** The job's other half: open offers past their deal clock expire (awaiting_card ones quietly). */
export function expireOffers(store: MockStore): number {
  const at = dealNow(store).toISOString();
  const due = store.offers.filter(
    (offer) => isOpenOffer(offer.status) && offer.expiresAt !== undefined && offer.expiresAt <= at,
  );
  for (const offer of due) endOffer(store, offer, 'expired', 'expired');
  return due.length;
}
