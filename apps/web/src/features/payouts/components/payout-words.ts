// The payouts screens' words: amounts to the cent (a payout is an exact sum, "$435.00"), dates through the app's
// one short date format, and each state in words (the rulebook's where it has them).
import type { Claim, PayoutAccountStatus } from '@recell/api';
import { sentAt } from '../../../lib/sent-at';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** "$435.00": the seller's money is counted in cents, and shown to the cent. */
export const cents = (amount: number) => usd.format(amount / 100 || 0);

/** "Dec 3, 10:00 AM" in the reader's locale. */
export const when = sentAt;

/** The account's state as a word (payoutAccountWords says what it means). */
export const accountStateWord: Record<PayoutAccountStatus, string> = {
  not_started: 'Not started',
  pending: 'Being verified',
  verified: 'Verified',
  restricted: 'Restricted',
};

export const claimStateWord: Record<Claim['status'], string> = {
  open: 'Claim open: ReCell decides',
  refunded: 'Refunded to the buyer',
  released: 'Released to the seller',
};

export const payoutStateWord = { pending: 'On its way', paid: 'Paid', failed: 'Failed' } as const;
