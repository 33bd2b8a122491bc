// The mocks' in-memory store, seeded from the same fixtures as the server's database.
import * as fixtures from '../fixtures';
import type { components } from '../generated/schema';
import { detectSafety } from '../safety';
import type { TacRow } from '../tac';
import type { WitnessedModel } from '../tac-learning';
import { type MockOffer, type MockOfferAuthorization, seedOffers } from './offers';
import { type MockClaim, type MockEarning, type MockPayout, seedEarnings } from './payouts';
import { imeiCheck } from './phone-truth';

type Schemas = components['schemas'];

export interface MockPayment {
  _id: string;
  bookingId: string;
  transaction: string;
  price: number;
  email: string;
  /** At the processor: authorized, captured at the handover, or voided when the deal ended. */
  status: 'held' | 'captured' | 'voided';
}

export interface MockIntent {
  id: string;
  clientSecret: string;
  /** What the intent pays for: a booking, or an offer (its card authorization). */
  bookingId?: string;
  offerId?: string;
  amount: number;
  status: 'requires_payment_method' | 'requires_capture';
}

/** A conversation as the server keeps it: the listing's head is copied in, so it outlives the listing. */
export interface MockConversation extends fixtures.StoredConversation {
  title: string;
  picture: string;
  price: number;
}

/** A message as the server keeps it, with what the safety check found in it. */
export interface MockMessage extends fixtures.StoredMessage {
  safety: Schemas['SafetyFinding'][];
}

/** A buyer-witnessed IMEI match, as the server's tac_confirmations row keeps it. */
export interface MockTacConfirmation extends WitnessedModel {
  _id: string;
  tac: string;
  mobileId: string;
  buyerEmail: string;
  sellerEmail: string;
  confirmedAt: string;
}

export interface MockStore {
  users: Schemas['User'][];
  /** Mocked identity: the demo accounts' passwords, for a mocked sign-in. */
  passwords: Map<string, string>;
  mobiles: fixtures.Mobile[];
  blogs: Schemas['Blog'][];
  /** as stored: `soldOut` is worked out on read (`withSoldOut` in handlers/bookings.ts) */
  bookings: Omit<Schemas['Booking'], 'soldOut'>[];
  wishlist: Schemas['WishlistItem'][];
  reports: Schemas['Report'][];
  audit: Schemas['AuditEntry'][];
  payments: MockPayment[];
  conversations: MockConversation[];
  messages: MockMessage[];
  /** Who blocked whom (user ids). */
  blocks: { blockerId: string; blockedId: string }[];
  /** Each person's bell (`userId` is whose), newest last as written. */
  notifications: fixtures.StoredNotification[];
  /** Demo mode's caught email (the mail page), oldest first. */
  caughtMail: Schemas['CaughtMail'][];
  /** Email preferences by user id; a person not here has the defaults. */
  emailPreferences: Map<string, Schemas['NotificationPreferences']>;
  /** Each seller's verified phone number (E.164) by user id; the demo sellers start verified. */
  phones: Map<string, string>;
  /**
   * QA mode: the other side of a conversation answers this long after the caller writes (through the event
   * stream); null (tests, stories) for no answers.
   */
  autoReplyMs: number | null;
  intents: Map<string, MockIntent>;
  /** How far QA mode moved the deal clock forward (advanceDemoClock), in ms. */
  clockOffsetMs: number;
  /** Phone truth: each listing's full IMEI (shown only masked), the registry's marks, the learned TAC rows. */
  imeis: Map<string, string>;
  imeiMarks: Map<string, Schemas['ImeiMark']>;
  learnedTacs: Map<string, TacRow>;
  /** TACs whose row an admin confirmed: learning never overrides them. */
  adminTacs: Set<string>;
  /** Buyer-witnessed IMEI matches at completed handovers, oldest first: what a TAC is learned from. */
  tacConfirmations: MockTacConfirmation[];
  /** Listings holding their IMEI (one IMEI, one active listing): not sold through ReCell yet. */
  imeiReleased: Set<string>;
  /** Reviews (both sides of a deal), the handover checklists they show, and reports of reviews. */
  reviews: fixtures.StoredReview[];
  handoverChecklists: Record<string, Schemas['HandoverEvidence']>;
  reviewReports: { _id: string; reviewId: string; reporterId: string; reason: string; createdAt: string }[];
  /** Offers (each with its listing's head as made), the card authorizations they made, sellers' floors by listing. */
  offers: MockOffer[];
  offerAuthorizations: MockOfferAuthorization[];
  offerFloors: Map<string, number>;
  /** The sellers' money: an earning per completed deal, payout accounts (by seller id), payouts, buyers' claims. */
  earnings: MockEarning[];
  payoutAccounts: fixtures.StoredPayoutAccount[];
  payouts: MockPayout[];
  claims: MockClaim[];
  /** The admins' meetup spots, seeded from the fixtures. */
  meetupSpots: Schemas['MeetupSpot'][];
  /** Pictures uploaded to the mocks, by name. */
  uploads: Map<string, Blob>;
  /** Who uploaded each picture (its URL): a claim's pictures must be its buyer's own. */
  uploadOwners: Map<string, string>;
  /** A new id, unique within the store. */
  nextId(prefix: string): string;
}

/**
 * A seeded held deal keeps its window from the moment the store is made, as the server's seed does: with the
 * fixture's fixed dates it would expire by the real clock a few days after they were written.
 */
function heldFromNow(booking: fixtures.StoredBooking): fixtures.StoredBooking {
  if (booking.status !== 'held' || !booking.heldAt || !booking.holdExpiresAt) return booking;
  const window = Date.parse(booking.holdExpiresAt) - Date.parse(booking.heldAt);
  // the start of today (UTC): two stores made the same day hold the same data
  const day = 24 * 60 * 60 * 1000;
  const heldAt = Math.floor(Date.now() / day) * day;
  return {
    ...booking,
    heldAt: new Date(heldAt).toISOString(),
    holdExpiresAt: new Date(heldAt + window).toISOString(),
  };
}

/** The seed's conversations with their listing's head, as the server's seed copies it. */
function seedConversations(mobiles: Schemas['Mobile'][]): MockConversation[] {
  return fixtures.conversations.map((conversation) => {
    const mobile = mobiles.find((candidate) => candidate._id === conversation.mobileId);
    if (!mobile) throw new Error(`The seed's conversation ${conversation._id} names no listing`);
    return { ...conversation, title: mobile.title, picture: mobile.picture, price: mobile.resale_price };
  });
}

export function createMockStore(): MockStore {
  let counter = 0;
  const mobiles = structuredClone(fixtures.mobiles);
  const store: MockStore = {
    users: structuredClone(fixtures.users),
    passwords: new Map(
      Object.values(fixtures.demoAccounts).map((account) => [account.email, account.password]),
    ),
    mobiles,
    blogs: structuredClone(fixtures.blogs),
    bookings: structuredClone(fixtures.bookings).map(heldFromNow),
    wishlist: structuredClone(fixtures.wishlist),
    reports: structuredClone(fixtures.reports),
    audit: [],
    meetupSpots: structuredClone(fixtures.meetupSpotFixtures),
    payments: structuredClone(fixtures.payments),
    conversations: seedConversations(mobiles),
    messages: fixtures.messages.map((message) => ({
      ...structuredClone(message),
      safety: detectSafety(message.text),
    })),
    blocks: [],
    notifications: structuredClone(fixtures.notifications),
    emailPreferences: new Map(),
    phones: new Map(Object.entries(fixtures.demoSellerPhones)),
    caughtMail: structuredClone(fixtures.caughtMail),
    autoReplyMs: null,
    intents: new Map(),
    clockOffsetMs: 0,
    uploads: new Map(),
    uploadOwners: new Map(),
    reviews: structuredClone(fixtures.reviews),
    handoverChecklists: structuredClone(fixtures.handoverChecklists),
    reviewReports: [],
    imeis: new Map(),
    imeiMarks: new Map(),
    learnedTacs: new Map(),
    adminTacs: new Set(),
    tacConfirmations: [],
    imeiReleased: new Set(),
    offers: [],
    offerAuthorizations: [],
    offerFloors: new Map(Object.entries(fixtures.offerFloors)),
    earnings: [],
    payoutAccounts: structuredClone(fixtures.payoutAccounts),
    payouts: [],
    claims: [],
    nextId(prefix) {
      counter += 1;
      return `${prefix}-mock-${counter}`;
    },
  };
  seedImeis(store);
  seedOffers(store, fixtures.offers);
  seedEarnings(store);
  return store;
}

/**
 * Each seed phone's IMEI, as the server's seed stores it: what it says (its TAC names the listed model; clean in
 * the registry), and let go where a deal on the phone completed (it was sold through ReCell).
 */
function seedImeis(store: MockStore) {
  for (const mobile of store.mobiles) {
    const imei = fixtures.seedImeis.get(mobile._id);
    if (!imei) continue;
    store.imeis.set(mobile._id, imei);
    mobile.imeiCheck = imeiCheck(store, imei, mobile);
    if (store.bookings.some((booking) => booking.mobileId === mobile._id && booking.status === 'completed'))
      store.imeiReleased.add(mobile._id);
  }
}
