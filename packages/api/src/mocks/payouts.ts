// The seller's money in the mocks, as the server runs it (design of issue 48): an earning per completed deal,
// pending through the claim window, held by a claim, available, paid out. The rulebook (payout-rules.ts)
// decides; this file keeps the store's rows moving the way the server's transactions do.
import { REFUSED_ACCOUNT_REQUIREMENT, type StoredPayoutAccount } from '../fixtures';
import type { components } from '../generated/schema';
import { webLinks } from '../links';
import { notificationText, type NotificationSide } from '../notifications';
import {
  canEarningMove,
  claimRefusals,
  claimWindowEnds,
  LOCAL_PAYOUT_ACCOUNTS,
  PAYOUT_RULES,
  payoutRefusals,
  type PayoutRefusal,
} from '../payout-rules';
import { sameEmail } from '../rules';
import { publishLive } from './live';
import type { MockStore } from './store';
import { fail } from './support';

type Schemas = components['schemas'];
type StoredBooking = MockStore['bookings'][number];
type Payout = Schemas['Payout'];
type Claim = Schemas['Claim'];

/** An earning as the server keeps it: whose it is beside the contract's view. */
export interface MockEarning extends Omit<Schemas['Earning'], 'accountLast4'> {
  sellerEmail: string;
  buyerEmail: string;
}

export interface MockPayout extends Payout {
  sellerEmail: string;
}

export interface MockClaim extends Claim {
  buyerEmail: string;
  sellerEmail: string;
  earningId: string;
}

/** Refuses in the rulebook's words. */
export const refusePayout = ({ status, message, code }: PayoutRefusal): never => fail(status, message, code);

/** The deal clock (deal.ts's dealNow; deal.ts imports this file). */
const clock = (store: MockStore) => new Date(Date.now() + store.clockOffsetMs);

const userByEmail = (store: MockStore, email: string) =>
  store.users.find((user) => sameEmail(user.email, email));

/** The seller of a booking: its listing's, or (the listing gone) the earning's. */
function sellerEmailOf(store: MockStore, booking: StoredBooking): string | undefined {
  return (
    store.earnings.find((earning) => earning.bookingId === booking._id)?.sellerEmail ??
    store.mobiles.find((mobile) => mobile._id === booking.mobileId)?.email
  );
}

/** A deal completed (its payment captured): its one earning, pending through the claim window. */
export function earn(store: MockStore, booking: StoredBooking): MockEarning | undefined {
  const existing = store.earnings.find((earning) => earning.bookingId === booking._id);
  if (existing) return existing;
  const sellerEmail = sellerEmailOf(store, booking);
  if (!sellerEmail || booking.status !== 'completed' || !booking.completedAt) return undefined;
  const earning: MockEarning = {
    _id: store.nextId('ea'),
    bookingId: booking._id,
    MobileName: booking.MobileName,
    amountCents: Math.round(booking.price * 100),
    status: 'pending',
    completedAt: booking.completedAt,
    availableAt: claimWindowEnds(booking.completedAt).toISOString(),
    sellerEmail,
    buyerEmail: booking.email,
  };
  store.earnings.push(earning);
  return earning;
}

/** The maturing job: pending earnings whose window closed (no open claim holds them) become available. */
export function matureEarnings(store: MockStore): number {
  const at = clock(store).toISOString();
  const due = store.earnings.filter((earning) => earning.status === 'pending' && earning.availableAt <= at);
  for (const earning of due) earning.status = 'available';
  return due.length;
}

/** The seller's account as stored; a seller without one has not started. */
export function accountOf(store: MockStore, sellerId: string): StoredPayoutAccount {
  let account = store.payoutAccounts.find((candidate) => candidate.sellerId === sellerId);
  if (!account) {
    account = { sellerId, provider: 'local', status: 'not_started', requirements: [] };
    store.payoutAccounts.push(account);
  }
  return account;
}

const availableCents = (store: MockStore, sellerEmail: string) =>
  store.earnings
    .filter((earning) => earning.status === 'available' && sameEmail(earning.sellerEmail, sellerEmail))
    .reduce((sum, earning) => sum + earning.amountCents, 0);

/** The contract's PayoutAccount: the stored row, with the rule's minimum and what is available now. */
export function accountView(
  store: MockStore,
  seller: { _id: string; email: string },
  /** false right after the details were given: the review passes on the next read, not this answer */
  reviewed = true,
): Schemas['PayoutAccount'] {
  matureEarnings(store);
  const account = accountOf(store, seller._id);
  // the local provider's review passes on the next read (payout-rules.ts, LOCAL_PAYOUT_ACCOUNTS)
  if (reviewed && account.status === 'pending' && account.last4) {
    account.status = 'verified';
    account.verifiedAt = clock(store).toISOString();
  }
  const { sellerId: _sellerId, ...shown } = account;
  return {
    ...shown,
    requirements: [...account.requirements],
    minimumCents: PAYOUT_RULES.minimumCents,
    availableCents: availableCents(store, seller.email),
  };
}

/** The local provider's form: its test numbers decide (verified, restricted; any other pair pending). */
export function submitLocalDetails(
  store: MockStore,
  seller: { _id: string },
  details: Schemas['LocalPayoutDetails'],
) {
  const account = accountOf(store, seller._id);
  const last4 = details.accountNumber.slice(-4);
  const verified =
    details.routingNumber === LOCAL_PAYOUT_ACCOUNTS.routingNumber &&
    details.accountNumber === LOCAL_PAYOUT_ACCOUNTS.verified;
  const restricted = details.accountNumber === LOCAL_PAYOUT_ACCOUNTS.restricted;
  Object.assign(account, {
    holderName: details.holderName,
    last4,
    status: verified ? 'verified' : restricted ? 'restricted' : 'pending',
    requirements: restricted ? [REFUSED_ACCOUNT_REQUIREMENT] : [],
  } satisfies Partial<StoredPayoutAccount>);
  if (verified) account.verifiedAt = clock(store).toISOString();
  else delete account.verifiedAt;
}

/** The contract's Earning: the payout's account once paid out. */
export function earningView(store: MockStore, earning: MockEarning): Schemas['Earning'] {
  const { sellerEmail: _seller, buyerEmail: _buyer, ...shown } = earning;
  const payout = earning.payoutId && store.payouts.find((candidate) => candidate._id === earning.payoutId);
  return {
    ...shown,
    ...(payout && earning.status === 'paid_out' ? { accountLast4: payout.accountLast4 } : {}),
  };
}

/** The seller's earnings by state; the deals' figures (completed, held) as before, from the bookings. */
export function sellerEarnings(store: MockStore, email: string): Schemas['SellerEarnings'] {
  matureEarnings(store);
  const listings = new Set(
    store.mobiles.filter((mobile) => sameEmail(mobile.email, email)).map((mobile) => mobile._id),
  );
  const deals = store.bookings.filter((booking) => listings.has(booking.mobileId));
  const cents = (status: string) =>
    deals
      .filter((booking) => booking.status === status)
      .reduce((sum, booking) => sum + Math.round(booking.price * 100), 0);
  const count = (status: string) => deals.filter((booking) => booking.status === status).length;
  const theirs = store.earnings.filter((earning) => sameEmail(earning.sellerEmail, email));
  const sum = (status: Schemas['EarningStatus']) =>
    theirs
      .filter((earning) => earning.status === status)
      .reduce((total, earning) => total + earning.amountCents, 0);
  const next = theirs
    .filter((earning) => earning.status === 'pending')
    .map((earning) => earning.availableAt)
    .sort()[0];
  // the ledger's sides: what completed deals captured is every earning's amount, whatever its state
  return {
    completedCount: theirs.length,
    completedCents: theirs.reduce((total, earning) => total + earning.amountCents, 0),
    heldCount: count('held'),
    heldCents: cents('held'),
    pendingCents: sum('pending'),
    onHoldCents: sum('on_hold'),
    availableCents: sum('available'),
    payingCents: sum('paying'),
    paidOutCents: sum('paid_out'),
    refundedCents: sum('refunded'),
    ...(next ? { nextAvailableAt: next } : {}),
    recent: [...theirs]
      .reverse()
      .sort((a, b) => b.completedAt.localeCompare(a.completedAt))
      .slice(0, 20)
      .map((earning) => earningView(store, earning)),
  };
}

function tellSeller(store: MockStore, sellerEmail: string, payout: MockPayout) {
  const person = userByEmail(store, sellerEmail);
  if (!person) return;
  store.notifications.push({
    _id: store.nextId('n'),
    userId: person._id,
    kind: 'payout_paid',
    text: notificationText('payout_paid', 'seller', {
      amount: `$${(payout.amountCents / 100).toFixed(2)}`,
      last4: payout.accountLast4,
    }),
    link: webLinks.payouts(),
    read: false,
    createdAt: clock(store).toISOString(),
  });
  const unread = store.notifications.filter((item) => item.userId === person._id && !item.read).length;
  publishLive(store, person._id, { type: 'notification', unread });
}

/**
 * The seller's whole available balance paid out now (the local provider pays at once): refused unless the
 * account is verified and the balance reaches the minimum.
 */
export function payOut(store: MockStore, seller: { _id: string; email: string; name: string }): MockPayout {
  const account = accountView(store, seller);
  if (account.status !== 'verified' || !account.last4)
    refusePayout(payoutRefusals.notEnabled(account.status));
  if (account.availableCents < PAYOUT_RULES.minimumCents)
    refusePayout(payoutRefusals.belowMinimum(account.availableCents));
  const paying = store.earnings.filter(
    (earning) => earning.status === 'available' && sameEmail(earning.sellerEmail, seller.email),
  );
  const at = clock(store).toISOString();
  const payout: MockPayout = {
    _id: store.nextId('po'),
    seller: seller.name,
    sellerEmail: seller.email,
    provider: account.provider,
    amountCents: paying.reduce((sum, earning) => sum + earning.amountCents, 0),
    earningsCount: paying.length,
    status: 'paid',
    accountLast4: account.last4!,
    createdAt: at,
    paidAt: at,
  };
  store.payouts.push(payout);
  for (const earning of paying) {
    earning.status = 'paid_out';
    earning.payoutId = payout._id;
    earning.paidOutAt = at;
  }
  tellSeller(store, seller.email, payout);
  return payout;
}

export function payoutView({ sellerEmail: _seller, ...payout }: MockPayout): Schemas['Payout'] {
  return payout;
}

/** A booking's claim as its buyer and seller see it on the booking. */
export const claimOf = (store: MockStore, bookingId: string) =>
  store.claims.find((claim) => claim.bookingId === bookingId);

/** Whether this viewer is the claim's buyer or seller. */
export function isClaimParty(claim: MockClaim, viewer: { email: string }): boolean {
  return sameEmail(claim.buyerEmail, viewer.email) || sameEmail(claim.sellerEmail, viewer.email);
}

/** Until when the buyer may open a claim on a booking (none once one exists or the window closed). */
export function claimUntil(store: MockStore, booking: StoredBooking): string | undefined {
  if (booking.status !== 'completed' || !booking.completedAt || claimOf(store, booking._id)) return undefined;
  const until = claimWindowEnds(booking.completedAt);
  return clock(store) < until ? until.toISOString() : undefined;
}

function tellClaim(store: MockStore, claim: MockClaim, kind: Schemas['NotificationKind']) {
  for (const side of ['buyer', 'seller'] as NotificationSide[]) {
    const person = userByEmail(store, side === 'buyer' ? claim.buyerEmail : claim.sellerEmail);
    if (!person) continue;
    store.notifications.push({
      _id: store.nextId('n'),
      userId: person._id,
      kind,
      text: notificationText(kind, side, {
        title: claim.MobileName,
        amount: `$${(claim.amountCents / 100).toFixed(2)}`,
        reason: claim.decisionReason,
        openedBy: claim.openedBy,
      }),
      link: webLinks.claim(claim._id),
      read: false,
      createdAt: clock(store).toISOString(),
    });
    const unread = store.notifications.filter((item) => item.userId === person._id && !item.read).length;
    publishLive(store, person._id, { type: 'notification', unread });
  }
}

/**
 * A claim on a completed deal inside its window: one per deal; the earning held (pending -> on_hold). The
 * caller checked who may open it.
 */
export function openClaim(
  store: MockStore,
  booking: StoredBooking,
  input: Schemas['NewClaim'],
  openedBy: Schemas['Claim']['openedBy'] = 'buyer',
): MockClaim {
  if (booking.status !== 'completed' || !booking.completedAt) refusePayout(claimRefusals.notCompleted());
  if (claimOf(store, booking._id)) refusePayout(claimRefusals.open());
  if (clock(store) >= claimWindowEnds(booking.completedAt!)) refusePayout(claimRefusals.windowClosed());
  const earning = earn(store, booking) ?? fail(409, 'This deal has no earning to hold', 'not_completed');
  if (!canEarningMove(earning.status, 'on_hold')) refusePayout(claimRefusals.windowClosed());
  const claim: MockClaim = {
    _id: store.nextId('cl'),
    bookingId: booking._id,
    MobileName: booking.MobileName,
    kind: input.kind,
    text: input.text,
    pictures: [...(input.pictures ?? [])],
    status: 'open',
    openedBy,
    amountCents: earning.amountCents,
    buyer: userByEmail(store, booking.email)?.name ?? booking.buyer,
    seller: userByEmail(store, earning.sellerEmail)?.name ?? earning.sellerEmail,
    createdAt: clock(store).toISOString(),
    buyerEmail: booking.email,
    sellerEmail: earning.sellerEmail,
    earningId: earning._id,
  };
  store.claims.push(claim);
  earning.status = 'on_hold';
  earning.claimId = claim._id;
  tellClaim(store, claim, 'claim_opened');
  return claim;
}

/**
 * An admin decides: refund (the buyer's payment refunded, the earning refunded) or release (the earning back
 * to pending inside its window, available after). The same decision again changes nothing; the other is refused.
 */
export function decideClaim(
  store: MockStore,
  claim: MockClaim,
  outcome: Schemas['ClaimDecision']['outcome'],
  reason: string,
): MockClaim {
  const decided = outcome === 'refund' ? 'refunded' : 'released';
  if (claim.status === decided) return claim;
  if (claim.status !== 'open') refusePayout(claimRefusals.decided(claim.status));
  const at = clock(store).toISOString();
  const earning = store.earnings.find((candidate) => candidate._id === claim.earningId);
  claim.status = decided;
  claim.decidedAt = at;
  claim.decisionReason = reason;
  if (earning && outcome === 'refund') {
    earning.status = 'refunded';
    earning.refundedAt = at;
  } else if (earning) {
    earning.status = at < earning.availableAt ? 'pending' : 'available';
  }
  tellClaim(store, claim, decided === 'refunded' ? 'claim_refunded' : 'claim_released');
  return claim;
}

export function claimView({
  buyerEmail: _b,
  sellerEmail: _s,
  earningId: _e,
  ...claim
}: MockClaim): Schemas['Claim'] {
  return { ...claim, pictures: [...claim.pictures] };
}

/** The seed's earnings: one per completed deal whose payment was captured, as the server's migration backfills. */
export function seedEarnings(store: MockStore) {
  for (const booking of store.bookings) {
    const payment = store.payments.find((candidate) => candidate.bookingId === booking._id);
    if (booking.status === 'completed' && payment?.status === 'captured') earn(store, booking);
  }
  matureEarnings(store);
}
