import { webLinks } from '../../links';
import { sameEmail } from '../../rules';
import { expireHolds } from '../deal';
import {
  accountView,
  claimView,
  decideClaim,
  isClaimParty,
  matureEarnings,
  openClaim,
  payOut,
  payoutView,
  submitLocalDetails,
} from '../payouts';
import type { MockStore } from '../store';
import {
  fail,
  http,
  now,
  newestFirst,
  type OperationHandlers,
  paginate,
  requireOwnEmail,
  requireSelf,
  requireUser,
} from '../support';

/** The seller's money, their payout account, and the buyers' claims (the contract's tag `payouts`). */
export function payoutHandlers(store: MockStore) {
  const sellerByEmail = (email: string) =>
    store.users.find((user) => sameEmail(user.email, email) && user.role === 'seller') ??
    fail(404, 'Not found');
  /** A claim to its buyer, its seller and admins; anyone else hears it does not exist. */
  const visibleClaim = (request: Request, id: string) => {
    const user = requireUser(store, request);
    const claim = store.claims.find((candidate) => candidate._id === id);
    if (!claim || (user.role !== 'admin' && !isClaimParty(claim, user))) fail(404, 'Not found');
    return claim;
  };

  return {
    getPayoutAccount: http.get('/payout-account', ({ request, query, response }) => {
      const user = requireUser(store, request, ['seller', 'admin']);
      const email = query.get('email');
      requireOwnEmail(user, email);
      return response(200).json(accountView(store, sellerByEmail(email ?? user.email)));
    }),

    startPayoutOnboarding: http.post('/payout-account/onboarding', ({ request, response }) => {
      requireUser(store, request, ['seller']);
      // the mocks run the embedded default: the local provider's own form on this site
      return response(200).json({ provider: 'local', url: webLinks.payoutOnboarding() });
    }),

    submitLocalPayoutDetails: http.post('/payout-account/local-details', async ({ request, response }) => {
      const seller = requireUser(store, request, ['seller']);
      submitLocalDetails(store, seller, await request.json());
      return response(200).json(accountView(store, seller, false));
    }),

    listPayouts: http.get('/payouts', ({ request, query, response }) => {
      const user = requireUser(store, request, ['seller', 'admin']);
      const email = query.get('email');
      // a seller names themselves; an admin may list everyone's
      if (user.role !== 'admin') requireOwnEmail(user, email);
      const status = query.get('status');
      const payouts = store.payouts
        .filter((payout) => !email || sameEmail(payout.sellerEmail, email))
        .filter((payout) => !status || payout.status === status)
        .map(payoutView);
      return response(200).json(paginate(newestFirst(payouts, 'createdAt'), query));
    }),

    requestPayout: http.post('/payouts', ({ request, response }) => {
      const seller = requireUser(store, request, ['seller']);
      return response(201).json(payoutView(payOut(store, seller)));
    }),

    openClaim: http.post('/bookings/{id}/claim', async ({ request, params, response }) => {
      const buyer = requireUser(store, request, ['buyer']);
      const booking =
        store.bookings.find((candidate) => candidate._id === params.id) ?? fail(404, 'Not found');
      requireSelf(buyer, booking.email);
      const input = await request.json();
      // as the server: the pictures are this buyer's own uploads
      for (const picture of input.pictures ?? [])
        if (!sameEmail(store.uploadOwners.get(picture) ?? '', buyer.email))
          fail(400, 'request/body/pictures must be pictures you uploaded');
      expireHolds(store);
      matureEarnings(store);
      return response(201).json(claimView(openClaim(store, booking, input)));
    }),

    listClaims: http.get('/claims', ({ request, query, response }) => {
      requireUser(store, request, ['admin']);
      const decided = query.get('status') === 'decided';
      const claims = store.claims.filter((claim) => (claim.status === 'open') !== decided).map(claimView);
      // the open ones oldest first (the queue), decided ones newest first
      const ordered = decided
        ? newestFirst(claims, 'decidedAt')
        : [...claims].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      return response(200).json(paginate(ordered, query));
    }),

    getClaim: http.get('/claims/{id}', ({ request, params, response }) =>
      response(200).json(claimView(visibleClaim(request, params.id))),
    ),

    decideClaim: http.post('/claims/{id}/decision', async ({ request, params, response }) => {
      const admin = requireUser(store, request, ['admin']);
      const claim = store.claims.find((candidate) => candidate._id === params.id) ?? fail(404, 'Not found');
      const { outcome, reason } = await request.json();
      const wasOpen = claim.status === 'open';
      decideClaim(store, claim, outcome, reason);
      // audited once, when it is decided (the same decision again changes nothing)
      if (wasOpen)
        store.audit.push({
          _id: store.nextId('a'),
          at: now(),
          actorEmail: admin.email,
          action: outcome === 'refund' ? 'claim.refund' : 'claim.release',
          target: claim._id,
          targetName: claim.MobileName,
        });
      return response(200).json(claimView(claim));
    }),
  } satisfies OperationHandlers;
}
