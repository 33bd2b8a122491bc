// Issue 42: an admin whose sign-in had no second step reads nobody's data. Every operation of openapi.yaml is
// called with such an admin's token (a fresh ADMIN_EMAILS account that never turned the step on), as a valid
// request about another person's data from the seed (the demo buyer's bookings, cart, conversation,
// notification; the demo seller's listings, earnings, buyers): each is refused with the one second_factor_required
// answer, save what turning the step on takes (BEFORE_SECOND_STEP, authenticate.ts) and the public operations,
// which never read a token and answer the admin exactly as they answer a visitor.
import { beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_REQUIRED } from '@recell/api';
import type { Operation } from '@recell/api/contract';
import {
  bookings,
  caughtMail,
  conversations,
  demoAccounts,
  demoSellerPhones,
  messages,
  notifications,
  reports,
  reviews,
  seedImeis,
  wishlist,
} from '@recell/api/fixtures';
import { BEFORE_SECOND_STEP } from '../src/http/authenticate';
import { unsubscribeTokens } from '../src/modules/notifications/unsubscribe-token';
import { idTokenClaims, signIn, uniqueEmail } from './support/accounts';
import { baseUrl } from './support/event-stream';
import { card, jpeg, listing } from './support/fixtures';
import { call, contract, exchange, useServer } from './support/harness';

const bareAdminEmail = uniqueEmail('bare-admin');
const ctx = useServer({ ADMIN_EMAILS: bareAdminEmail });

const { buyer, seller } = demoAccounts;
const seedId = <T extends { _id: string }>(rows: readonly T[], match: (row: T) => boolean) => {
  const found = rows.find(match);
  if (!found) throw new Error('the seed has no such row');
  return found._id;
};
// Another person's data, as the seed has it.
const heldBooking = seedId(bookings, (booking) => booking.status === 'held' && booking.email === buyer.email);
const unpaidBooking = seedId(
  bookings,
  (booking) => booking.status === 'unpaid' && booking.email === buyer.email,
);
const completedBooking = seedId(bookings, (booking) => booking.status === 'completed');
const sellersListing = bookings.find((booking) => booking._id === heldBooking)!.mobileId;
const sellersImei = seedImeis.get(sellersListing)!;
const conversation = seedId(conversations, (row) => row.buyerId === buyer._id && row.sellerId === seller._id);
const sellersMessage = seedId(
  messages,
  (message) => message.conversationId === conversation && message.senderId === seller._id,
);
const buyersNotification = seedId(notifications, (notification) => notification.userId === buyer._id);
const reviewOfSeller = seedId(reviews, (review) => review.subjectId === seller._id);
const listingReport = reports[0]!._id;
const cartPhone = wishlist[0]!.wishlistedID;

/** What one operation is sent: its path (and query), and a JSON body, a form or a picture. */
interface Sent {
  path: string;
  body?: unknown;
  form?: Record<string, string>;
  upload?: Buffer;
}

interface Made {
  /** A report of the seller's message by the buyer: what getReportedConversation opens. */
  messageReport: string;
  /** The buyer's one-click unsubscribe token for booking email. */
  unsubscribeToken: string;
  picture: Buffer;
}

/** A valid request of every operation, by operationId, about someone else's data. */
const requests: Record<string, (made: Made) => Sent> = {
  getHealth: () => ({ path: '/health' }),
  listBlogs: () => ({ path: '/blogs' }),
  listCategories: () => ({ path: '/categorymobiles' }),
  listPhoneModels: () => ({ path: '/phone-models?brand=03' }),
  getPriceGuide: () => ({ path: '/price-guide/samsung-galaxy-s21' }),
  listAdvertised: () => ({ path: '/advertise' }),
  advertiseMobile: () => ({ path: '/advertise', body: { mobileId: sellersListing } }),
  listCategoryMobiles: () => ({ path: '/mobiles/03' }),
  searchMobiles: () => ({ path: '/mobiles?q=iphone' }),
  createMobile: () => ({ path: '/mobiles', body: listing() }),
  getMobile: () => ({ path: `/mobile/${sellersListing}` }),
  updateMobile: () => ({ path: `/mobile/${sellersListing}`, body: { resale_price: 1 } }),
  deleteMobile: () => ({ path: `/mobile/${sellersListing}` }),
  listSellerMobiles: () => ({ path: `/addedbyseller?email=${seller.email}` }),
  uploadImage: ({ picture }) => ({ path: '/images', upload: picture }),
  listBookings: () => ({ path: `/bookings?email=${buyer.email}` }),
  createBooking: () => ({
    path: '/bookings',
    body: { mobileId: sellersListing, phone: '+880 1911 222333', location: 'Dhaka, Gulshan 2' },
  }),
  getBooking: () => ({ path: `/bookings/${heldBooking}` }),
  cancelBooking: () => ({ path: `/bookings/${unpaidBooking}/cancel` }),
  completeHandover: () => ({ path: `/bookings/${heldBooking}/handover`, body: { code: '482915' } }),
  declineBooking: () => ({ path: `/bookings/${unpaidBooking}/decline` }),
  reportNotAsDescribed: () => ({
    path: `/bookings/${heldBooking}/not-as-described`,
    body: { reason: 'The screen is cracked' },
  }),
  checkHandoverImei: () => ({
    path: `/bookings/${heldBooking}/buyer-check/imei`,
    body: { imei: '356938035643809' },
  }),
  recordHandoverChecks: () => ({
    path: `/bookings/${heldBooking}/buyer-check/checks`,
    body: { conditionMatched: true, signedOut: true },
  }),
  skipHandoverCheck: () => ({ path: `/bookings/${heldBooking}/buyer-check/skip` }),
  getSellerEarnings: () => ({ path: `/earnings?email=${seller.email}` }),
  advanceDemoClock: () => ({ path: '/demo/clock', body: { hours: 1 } }),
  listSellerBuyers: () => ({ path: `/mybuyers?email=${seller.email}` }),
  listWishlist: () => ({ path: `/wishlist?email=${buyer.email}` }),
  addToWishlist: () => ({ path: '/wishlist', body: { wishlistedID: cartPhone } }),
  createReport: () => ({ path: '/report', body: { mobileId: sellersListing, Report: 'This is fake' } }),
  listReports: () => ({ path: '/reports' }),
  resolveReport: () => ({ path: `/reports/${listingReport}/resolve`, body: { action: 'remove-listing' } }),
  listAuditLog: () => ({ path: '/audit-log' }),
  listMeetupSpots: () => ({ path: '/meetup-spots' }),
  createMeetupSpot: () => ({
    path: '/meetup-spots',
    body: {
      name: 'Bare Mall',
      address: 'Road 1',
      area: 'gulshan',
      lat: 23.79,
      lng: 90.41,
      hours: { mon: { opens: '10:00', closes: '20:00' } },
      kind: 'mall',
      cctv: true,
    },
  }),
  updateMeetupSpot: () => ({
    path: '/meetup-spots/ms-gulshan-police',
    body: {
      name: 'Renamed',
      address: 'Road 1',
      area: 'gulshan',
      lat: 23.79,
      lng: 90.41,
      hours: { mon: { opens: '10:00', closes: '20:00' } },
      kind: 'mall',
      cctv: false,
    },
  }),
  deleteMeetupSpot: () => ({ path: '/meetup-spots/ms-gulshan-police' }),
  suggestMeetupSpots: () => ({ path: `/meetup-suggestions?mobileId=${sellersListing}&area=gulshan` }),
  getBookingCalendar: () => ({ path: `/bookings/${heldBooking}/calendar` }),
  makeOffer: () => ({ path: '/offers', body: { mobileId: sellersListing, amount: 100 } }),
  listOffers: () => ({ path: '/offers?as=buyer' }),
  getOffer: () => ({ path: '/offers/of-of-someone' }),
  acceptOffer: () => ({ path: '/offers/of-of-someone/accept' }),
  counterOffer: () => ({ path: '/offers/of-of-someone/counter', body: { amount: 200 } }),
  declineOffer: () => ({ path: '/offers/of-of-someone/decline' }),
  withdrawOffer: () => ({ path: '/offers/of-of-someone/withdraw' }),
  getOfferFloor: () => ({ path: `/mobile/${sellersListing}/offer-floor` }),
  setOfferFloor: () => ({ path: `/mobile/${sellersListing}/offer-floor`, body: { floor: null } }),
  openClaim: () => ({
    path: `/bookings/${completedBooking}/claim`,
    body: { kind: 'no_power', text: 'It does not power on any more.' },
  }),
  listClaims: () => ({ path: '/claims?status=open' }),
  getClaim: () => ({ path: '/claims/cl-of-someone' }),
  decideClaim: () => ({
    path: '/claims/cl-of-someone/decision',
    body: { outcome: 'refund', reason: 'Upheld' },
  }),
  getPayoutAccount: () => ({ path: `/payout-account?email=${seller.email}` }),
  startPayoutOnboarding: () => ({ path: '/payout-account/onboarding' }),
  submitLocalPayoutDetails: () => ({
    path: '/payout-account/local-details',
    body: { holderName: 'Rahim Uddin', routingNumber: '110000000', accountNumber: '000123456789' },
  }),
  listPayouts: () => ({ path: '/payouts' }),
  requestPayout: () => ({ path: '/payouts' }),
  checkImei: () => ({
    path: '/imei-check',
    body: { imei: sellersImei, category_id: '03', title: 'Apple iPhone 14 Pro' },
  }),
  getImei: () => ({ path: `/imeis/${sellersImei}` }),
  setImeiStatus: () => ({
    path: `/imeis/${sellersImei}/status`,
    body: { status: 'blocked', reason: 'Reported stolen' },
  }),
  confirmImeiModel: () => ({ path: `/mobile/${sellersListing}/imei-model` }),
  listTacConflicts: () => ({ path: '/tac-conflicts' }),
  confirmTacModel: () => ({
    path: `/tacs/${sellersImei.slice(0, 8)}/model`,
    body: { confirmationId: 'tc-any' },
  }),
  listUsers: () => ({ path: '/users?role=buyer' }),
  deleteUser: () => ({ path: `/users/${buyer._id}` }),
  setSellerVerified: () => ({ path: `/sellers/${seller._id}/verified`, body: { verified: false } }),
  getAdminStatus: () => ({ path: `/users/admin/${buyer.email}` }),
  getSellerStatus: () => ({ path: `/users/seller/${seller.email}` }),
  createUser: () => ({ path: '/usersall', body: { name: 'Bare Admin', role: 'buyer' } }),
  exchangeToken: () => ({ path: '/jwt' }),
  createPaymentIntent: () => ({ path: '/create-payment-intent', body: { bookingId: unpaidBooking } }),
  confirmTestPayment: () => ({
    path: `/test-processor/payment-intents/${bookings.find((b) => b._id === heldBooking)!.transaction}/confirm`,
    body: {
      clientSecret: 'pi_secret_of_the_buyer',
      card: card(),
      billing_details: { name: buyer.name, email: buyer.email },
    },
  }),
  recordPayment: () => ({
    path: '/payments',
    body: { bookingId: heldBooking, transaction: bookings.find((b) => b._id === heldBooking)!.transaction },
  }),
  receiveStripeWebhook: () => ({
    path: '/webhooks/stripe',
    body: { id: 'evt_admin_without_second_step', type: 'payment_intent.succeeded' },
  }),
  listConversations: () => ({ path: '/conversations' }),
  startConversation: () => ({ path: '/conversations', body: { bookingId: heldBooking, text: 'Hello' } }),
  getUnreadCount: () => ({ path: '/conversations/unread' }),
  getConversation: () => ({ path: `/conversations/${conversation}` }),
  listMessages: () => ({ path: `/conversations/${conversation}/messages` }),
  sendMessage: () => ({ path: `/conversations/${conversation}/messages`, body: { text: 'Hello' } }),
  markConversationRead: () => ({ path: `/conversations/${conversation}/read`, body: { upTo: 1 } }),
  blockPerson: () => ({ path: `/conversations/${conversation}/block` }),
  unblockPerson: () => ({ path: `/conversations/${conversation}/block` }),
  reportMessage: () => ({ path: `/messages/${sellersMessage}/report`, body: { reason: 'Rude message' } }),
  getReportedConversation: ({ messageReport }) => ({ path: `/reports/${messageReport}/conversation` }),
  streamEvents: () => ({ path: '/events' }),
  getDealReviews: () => ({ path: `/bookings/${completedBooking}/reviews` }),
  createReview: () => ({ path: `/bookings/${completedBooking}/reviews`, body: { stars: 1 } }),
  listSellerReviews: () => ({ path: `/sellers/${seller._id}/reviews` }),
  getSellerProfile: () => ({ path: `/sellers/${seller._id}/profile` }),
  listSellerListings: () => ({ path: `/sellers/${seller._id}/listings` }),
  getBuyerRecord: () => ({ path: `/bookings/${heldBooking}/buyer-record` }),
  listReviewReports: () => ({ path: '/review-reports' }),
  replyToReview: () => ({ path: `/reviews/${reviewOfSeller}/reply`, body: { text: 'Thank you' } }),
  reportReview: () => ({ path: `/reviews/${reviewOfSeller}/report`, body: { reason: 'Not true at all' } }),
  hideReview: () => ({ path: `/reviews/${reviewOfSeller}/hide`, body: { reason: 'Off topic' } }),
  listNotifications: () => ({ path: '/notifications' }),
  getNotificationCount: () => ({ path: '/notifications/unread' }),
  markNotificationRead: () => ({ path: `/notifications/${buyersNotification}/read` }),
  markAllNotificationsRead: () => ({ path: '/notifications/read' }),
  getNotificationPreferences: () => ({ path: '/notifications/preferences' }),
  updateNotificationPreferences: () => ({ path: '/notifications/preferences', body: { booking: false } }),
  getUnsubscribeLink: ({ unsubscribeToken }) => ({
    path: `/notifications/unsubscribe?token=${unsubscribeToken}`,
  }),
  unsubscribe: ({ unsubscribeToken }) => ({
    path: `/notifications/unsubscribe?token=${unsubscribeToken}`,
    form: { 'List-Unsubscribe': 'One-Click' },
  }),
  getDemoSignInCode: () => ({ path: '/demo/sign-in-code?phoneEnding=0100' }),
  getMyPhone: () => ({ path: '/me/phone' }),
  confirmPhone: () => ({
    path: '/me/phone',
    body: { phoneNumber: demoSellerPhones[seller._id]!.replaceAll(' ', ''), idToken: 'x'.repeat(40) },
  }),
  listCaughtMail: () => ({ path: '/mail' }),
  getCaughtMail: () => ({ path: `/mail/${caughtMail[0]!._id}` }),
};

interface Answer {
  status: number;
  body: unknown;
}

/** Sends one request as the browser would (an event stream is closed once its status is known). */
async function send(operation: Operation, sent: Sent, token: string | null): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (operation.operationId === 'receiveStripeWebhook') headers['stripe-signature'] = 't=1,v1=not-signed';
  if (operation.operationId === 'streamEvents') headers.accept = 'text/event-stream';
  let body: BodyInit | undefined;
  if (sent.upload) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(sent.upload)], { type: 'image/jpeg' }), 'phone.jpg');
    body = form;
  } else if (sent.form) {
    body = new URLSearchParams(sent.form);
  } else if (sent.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(sent.body);
  }
  const abort = new AbortController();
  const response = await fetch(`${baseUrl(ctx.app.server)}/api${sent.path}`, {
    method: operation.method.toUpperCase(),
    headers,
    body,
    signal: abort.signal,
  });
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    abort.abort();
    return { status: response.status, body: 'an event stream' };
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: text };
  }
}

/** The request fits the contract, so a refusal is for who sent it and nothing else. */
function expectValidRequest(operation: Operation, sent: Sent) {
  if (sent.upload || sent.form) return; // multipart and form bodies: the contract's JSON checks do not read them
  const url = new URL(sent.path, 'http://recell.test');
  const problems = contract.validateRequest(operation, {
    params: operation.match(url.pathname) ?? {},
    query: Object.fromEntries(url.searchParams),
    body: sent.body,
    hasBody: sent.body !== undefined,
  });
  expect(problems, `${operation.operationId} ${sent.path}`).toBeNull();
}

const refusal = { message: SECOND_FACTOR_REQUIRED, code: 'second_factor_required' };
const accessClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as object;
/** Public: no security scheme, so no token is ever read (the validator runs no handler for it). */
const isPublic = (operation: Operation) => operation.schemes.length === 0;
const readsAccessToken = (operation: Operation) => operation.schemes.includes('accessToken');
const readsIdToken = (operation: Operation) => operation.schemes.includes('firebaseIdToken');

let bare: { idToken: string; token: string };
let made: Made;

beforeAll(async () => {
  await ctx.app.identity.ensureAccount({
    email: bareAdminEmail,
    password: 'bare-admin-pw',
    name: 'Bare Admin',
  });
  const idToken = await signIn(bareAdminEmail, 'bare-admin-pw');
  bare = { idToken, token: await exchange(ctx.app, idToken) };
  const reported = await call(ctx.app.server, 'post', `/api/messages/${sellersMessage}/report`, {
    token: ctx.people.buyer.token,
    body: { reason: 'Asked me to pay by gift card' },
  });
  expect(reported.status, JSON.stringify(reported.body)).toBe(201);
  const buyerRow = await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [
    buyer.email,
  ]);
  made = {
    messageReport: (reported.body as { insertedId: string }).insertedId,
    unsubscribeToken: unsubscribeTokens(ctx.app.config.jwtSecret).tokenFor(buyerRow!.id, 'booking'),
    picture: await jpeg(),
  };
});

describe('an admin whose sign-in had no second step', () => {
  it('is an admin all the same, and every operation of the contract has a request here', () => {
    expect(accessClaims(bare.token)).toMatchObject({ role: 'admin', second_factor: false });
    expect(idTokenClaims(bare.idToken).firebase.sign_in_second_factor).toBeUndefined();
    expect(Object.keys(requests).sort()).toEqual(contract.operations.map((op) => op.operationId).sort());
  });

  it('may call only the token exchange (and the sign-up it may come with) and the demo sign-in code', () => {
    expect([...BEFORE_SECOND_STEP].sort()).toEqual(['createUser', 'exchangeToken', 'getDemoSignInCode']);
    // none of them reads the access token: the exchange takes the Firebase ID token, the demo code is public
    const allowed = contract.operations.filter((op) => BEFORE_SECOND_STEP.has(op.operationId));
    expect(allowed.filter(readsAccessToken)).toEqual([]);
  });

  it('the requests are real: the enrolled demo admin reads the buyer’s bookings, booking and cart with them', async () => {
    for (const operationId of ['listBookings', 'getBooking', 'listWishlist']) {
      const operation = contract.operations.find((op) => op.operationId === operationId)!;
      const answer = await send(operation, requests[operationId]!(made), ctx.people.admin.token);
      expect({ operationId, status: answer.status }).toEqual({ operationId, status: 200 });
      expect(JSON.stringify(answer.body)).toContain(buyer.email);
    }
  });

  for (const operation of contract.operations) {
    const { operationId } = operation;
    const allowed = BEFORE_SECOND_STEP.has(operationId);
    const expectation = isPublic(operation)
      ? 'answers as to a visitor (public: no token is read)'
      : allowed
        ? 'answers (what turning the step on takes)'
        : '403 second_factor_required';
    it(`${operation.method.toUpperCase()} ${operation.path} (${operationId}) -> ${expectation}`, async () => {
      const request = requests[operationId];
      expect(request, `no request for ${operationId}`).toBeDefined();
      const sent = request!(made);
      expectValidRequest(operation, sent);
      const token = readsIdToken(operation) ? bare.idToken : bare.token;
      const answer = await send(operation, sent, token);
      const what = `${operationId}: ${answer.status} ${JSON.stringify(answer.body)}`;

      if (isPublic(operation)) {
        // Public: the token is never read, so the admin is a visitor here, and learns what a visitor learns.
        const visitor = await send(operation, sent, null);
        expect(answer.status, what).toBe(visitor.status);
        if (operation.method === 'get') expect(answer.body, what).toEqual(visitor.body);
        return;
      }
      if (allowed) {
        expect([401, 403], what).not.toContain(answer.status);
        if (operationId === 'exchangeToken') {
          const { accessToken } = answer.body as { accessToken: string };
          expect(accessClaims(accessToken)).toMatchObject({ role: 'admin', second_factor: false });
        }
        return;
      }
      expect({ status: answer.status, body: answer.body }, what).toEqual({ status: 403, body: refusal });
      // in the contract's Error shape, and one of the operation's answers there
      expect(contract.validateSchema('Error', answer.body)).toEqual([]);
      expect(contract.validateResponse(operation, 403, answer.body), what).toEqual([]);
    });
  }
});
