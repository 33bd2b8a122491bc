// The seller's phone number in the access matrix (docs/decisions.md): every read of the contract, by
// each of the six callers, while one listing is advertised, wishlisted, reported, booked by one buyer and held by
// another. Only the parties read the number: its seller, an admin, and the buyer whose card is held for it.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoSellerPhones } from '@recell/api/fixtures';
import { unsubscribeTokens } from '../src/modules/notifications/unsubscribe-token';
import { book, completedDeal, createListing, heldDeal } from './support/fixtures';
import { pendingOffer } from './support/offers';
import { call, contract, useServer, type People } from './support/harness';

// The seller's verified number: the only one a listing shows.
const PHONE = demoSellerPhones[demoAccounts.seller._id]!;
type Who = keyof People;
const WHO: Who[] = ['visitor', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'];
const PARTIES: Who[] = ['buyer', 'seller', 'admin'];

const ctx = useServer();
let mobileId: string;
let heldBookingId: string;
let heldCode: string;
let unpaidBookingId: string;
let conversationId: string;
let messageReportId: string;
let offerId: string;
let claimId: string;

beforeAll(async () => {
  const { server } = ctx.app;
  const { seller, buyer, otherBuyer, admin } = ctx.people;
  mobileId = await createListing(server, seller.token, {
    title: 'Trustmark Phone 27',
    stock: 3,
  });
  expect(
    (await call(server, 'post', '/api/advertise', { token: seller.token, body: { mobileId } })).status,
  ).toBe(200);
  ({ bookingId: heldBookingId, code: heldCode } = await heldDeal(server, buyer.token, mobileId));
  unpaidBookingId = await book(server, otherBuyer.token, mobileId);
  // an offer on it, its card held: the buyer's and the seller's offer reads walk it
  ({ offerId } = await pendingOffer(server, otherBuyer.token, mobileId, 600));
  for (const who of [otherBuyer, admin]) {
    const added = await call(server, 'post', '/api/wishlist', {
      token: who.token,
      body: { wishlistedID: mobileId },
    });
    expect([200, 201]).toContain(added.status);
  }
  const reported = await call(server, 'post', '/api/report', {
    token: otherBuyer.token,
    body: { mobileId, Report: 'Asks to pay outside ReCell' },
  });
  expect(reported.status, JSON.stringify(reported.body)).toBe(201);
  // a conversation about it, whose answer is reported (an admin then reads the thread)
  const asked = await call(server, 'post', '/api/conversations', {
    token: otherBuyer.token,
    body: { mobileId, text: 'Can I call you before I book?' },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  conversationId = (asked.body as { _id: string })._id;
  const answer = await call(server, 'post', `/api/conversations/${conversationId}/messages`, {
    token: seller.token,
    body: { text: 'Send a bank transfer first' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const flagged = await call(server, 'post', `/api/messages/${(answer.body as { _id: string })._id}/report`, {
    token: otherBuyer.token,
    body: { reason: 'Asks to pay outside ReCell' },
  });
  expect(flagged.status, JSON.stringify(flagged.body)).toBe(201);
  messageReportId = (flagged.body as { insertedId: string }).insertedId;
  // a claim on another deal of the seller's (a claim names the phone's title and both names, never a number)
  const claimed = await completedDeal(
    server,
    { buyer: buyer.token, seller: seller.token },
    await createListing(server, seller.token, { title: 'Trustmark Phone 28', stock: 1 }),
  );
  const opened = await call(server, 'post', `/api/bookings/${claimed.bookingId}/claim`, {
    token: buyer.token,
    body: { kind: 'no_power', text: 'It does not power on since the next morning.' },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  claimId = (opened.body as { _id: string })._id;
});

/** Every read of the contract, as this caller would make it about this listing and about themself. */
function reads(who: Who): Record<string, string[]> {
  const own = encodeURIComponent(ctx.people[who].email || 'visitor@recell.test');
  const sellerEmail = encodeURIComponent(ctx.people.seller.email);
  return {
    getHealth: ['/api/health'],
    listBlogs: ['/api/blogs'],
    listCategories: ['/api/categorymobiles'],
    listAdvertised: ['/api/advertise?pageSize=100'],
    listCategoryMobiles: ['/api/mobiles/03?pageSize=100', '/api/mobiles/03?q=trustmark'],
    searchMobiles: ['/api/mobiles?q=trustmark', '/api/mobiles?pageSize=100&sort=price_desc'],
    getMobile: [`/api/mobile/${mobileId}`],
    listSellerMobiles: [`/api/addedbyseller?email=${own}`, `/api/addedbyseller?email=${sellerEmail}`],
    getMyPhone: ['/api/me/phone'],
    listBookings: [`/api/bookings?email=${own}`],
    getBooking: [`/api/bookings/${heldBookingId}`, `/api/bookings/${unpaidBookingId}`],
    getSellerEarnings: [`/api/earnings?email=${own}`],
    listSellerBuyers: [`/api/mybuyers?email=${own}`, `/api/mybuyers?email=${sellerEmail}`],
    listWishlist: [`/api/wishlist?email=${own}`],
    listReports: ['/api/reports?status=open'],
    listReviewReports: ['/api/review-reports', '/api/review-reports?status=hidden'],
    listAuditLog: ['/api/audit-log'],
    listMeetupSpots: ['/api/meetup-spots'],
    listPhoneModels: ['/api/phone-models?brand=03'],
    // the guide carries captured prices and the model's name, never a listing or a seller
    getPriceGuide: ['/api/price-guide/samsung-galaxy-s21'],
    listTacConflicts: ['/api/tac-conflicts'],
    suggestMeetupSpots: [`/api/meetup-suggestions?mobileId=${mobileId}&area=gulshan`],
    getBookingCalendar: [`/api/bookings/${unpaidBookingId}/calendar`],
    // an offer names the listing's title and the seller's name, never their number
    listOffers: [
      '/api/offers?as=buyer',
      '/api/offers?as=seller',
      `/api/offers?as=buyer&mobileId=${mobileId}`,
    ],
    getOffer: [`/api/offers/${offerId}`],
    getOfferFloor: [`/api/mobile/${mobileId}/offer-floor`],
    // the seller's payout account and payouts: the account's last four digits, never the phone number
    getPayoutAccount: [`/api/payout-account?email=${own}`],
    listPayouts: [`/api/payouts?email=${own}`],
    listClaims: ['/api/claims?status=open', '/api/claims?status=decided'],
    getClaim: [`/api/claims/${claimId}`],
    listUsers: ['/api/users?role=seller'],
    getAdminStatus: [`/api/users/admin/${own}`],
    getSellerStatus: [`/api/users/seller/${sellerEmail}`],
    exchangeToken: ['/api/jwt'],
    getImei: ['/api/imeis/490154203237518'],
    listConversations: ['/api/conversations', `/api/conversations?mobileId=${mobileId}`],
    getUnreadCount: ['/api/conversations/unread'],
    getConversation: [`/api/conversations/${conversationId}`],
    listMessages: [`/api/conversations/${conversationId}/messages`],
    getReportedConversation: [`/api/reports/${messageReportId}/conversation`],
    getDealReviews: [`/api/bookings/${heldBookingId}/reviews`],
    getBuyerRecord: [`/api/bookings/${heldBookingId}/buyer-record`],
    listSellerReviews: [`/api/sellers/${demoAccounts.seller._id}/reviews`],
    getSellerProfile: [`/api/sellers/${demoAccounts.seller._id}/profile`],
    listSellerListings: [`/api/sellers/${demoAccounts.seller._id}/listings`],
    listNotifications: ['/api/notifications'],
    getNotificationCount: ['/api/notifications/unread'],
    getNotificationPreferences: ['/api/notifications/preferences'],
    // what the seller's own unsubscribe link turns off: a kind, never a person's details
    getUnsubscribeLink: [
      `/api/notifications/unsubscribe?token=${unsubscribeTokens(ctx.app.config.jwtSecret).tokenFor(demoAccounts.seller._id, 'booking')}`,
    ],
    // this server has no SMTP server (its email waits in the outbox), so the demo mail page has nothing to show;
    // the emails themselves never name the seller's number (modules/notifications/email.tsx)
    listCaughtMail: ['/api/mail'],
    getCaughtMail: ['/api/mail/nothing-caught'],
    // a six-digit code or a 404, never a listing
    getDemoSignInCode: ['/api/demo/sign-in-code?phoneEnding=0100'],
  };
}

describe("the seller's phone number", () => {
  it('is walked on every read of the contract', () => {
    // The live stream (streamEvents) is left out: it never ends, and its events (LiveEvent) carry messages and
    // counts, never a listing (live.test.ts reads what it carries).
    const gets = contract.operations
      .filter((operation) => operation.method === 'get' && operation.operationId !== 'streamEvents')
      .map((operation) => operation.operationId);
    expect(Object.keys(reads('buyer')).sort()).toEqual(gets.sort());
  });

  for (const who of WHO) {
    const party = PARTIES.includes(who);
    it(`${who} ${party ? 'reads it on the listing only' : 'never reads it'}`, async () => {
      const persona = ctx.people[who];
      const seen = new Set<string>();
      for (const [operationId, paths] of Object.entries(reads(who))) {
        for (const path of paths) {
          const token = operationId === 'exchangeToken' ? persona.idToken : persona.token;
          const response = await call(ctx.app.server, 'get', path, { token });
          expect(response.status, `${path}: ${response.text}`).toBeLessThan(500);
          if (response.text.includes(PHONE)) seen.add(path);
        }
      }
      // A party reads the number where the meetup needs it (the listing); the seller and an admin also on the
      // seller's own list of listings. Never on a results page, the home page, a cart or a report.
      const expected = {
        buyer: [`/api/mobile/${mobileId}`],
        // The seller also on their own phone's page (GET /me/phone).
        seller: [
          `/api/mobile/${mobileId}`,
          `/api/addedbyseller?email=${encodeURIComponent(persona.email)}`,
          '/api/me/phone',
        ],
        admin: [
          `/api/mobile/${mobileId}`,
          `/api/addedbyseller?email=${encodeURIComponent(ctx.people.seller.email)}`,
        ],
      }[who as 'buyer' | 'seller' | 'admin'];
      expect([...seen].sort()).toEqual(party ? [...expected].sort() : []);
    });
  }

  it('goes from the buyer once the deal is over', async () => {
    const { server } = ctx.app;
    const { buyer, seller } = ctx.people;
    const done = await call(server, 'post', `/api/bookings/${heldBookingId}/handover`, {
      token: seller.token,
      body: { code: heldCode },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = await call(server, 'get', `/api/mobile/${mobileId}`, { token: buyer.token });
    expect(after.status).toBe(200);
    expect(after.body).not.toHaveProperty('number_of_seller');
    expect(after.text).not.toContain(PHONE);
  });
});
