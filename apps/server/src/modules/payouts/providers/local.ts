// The local payout provider, the embedded default: a stand-in for a real rail that needs no network. Its onboarding
// form is this site's (webLinks.payoutOnboarding); its test bank accounts are LOCAL_PAYOUT_ACCOUNTS (@recell/api),
// as Stripe's test numbers are. Its "bank" is the local_payout_transfers table, written in a statement of its own,
// never inside ReCell's payout transaction, as an outside system's ledger would be: a payout asked again with the
// same key finds its transfer there and moves no more money.
import { LOCAL_PAYOUT_ACCOUNTS, webLinks } from '@recell/api';
import type { Database } from '../../../db/database';
import type { PayoutProvider, ProviderAccount } from './provider';

export const REFUSED_ACCOUNT = 'The bank refused this account: add another';

interface LocalAccountRow {
  holder_name: string;
  last4: string;
  status: 'pending' | 'verified' | 'restricted';
}

const toAccount = (row: LocalAccountRow): ProviderAccount => ({
  status: row.status,
  requirements: row.status === 'restricted' ? [REFUSED_ACCOUNT] : [],
  last4: row.last4,
  holderName: row.holder_name,
});

export function localPayoutProvider(db: Database, now: () => Date = () => new Date()): PayoutProvider {
  const at = () => now().toISOString();
  return {
    name: 'local',
    createAccount: async (seller) => `local_${seller.id}`,
    onboardingLink: async () => ({ url: webLinks.payoutOnboarding() }),

    async account(accountRef) {
      const row = await db.get<LocalAccountRow>(
        'SELECT holder_name, last4, status FROM local_payout_accounts WHERE account_ref = ?',
        [accountRef],
      );
      if (!row) return { status: 'not_started', requirements: ['A bank account to be paid out to'] };
      if (row.status !== 'pending') return toAccount(row);
      // the review passes on the next read
      await db.run(
        "UPDATE local_payout_accounts SET status = 'verified', updated_at = ? WHERE account_ref = ? AND status = 'pending'",
        [at(), accountRef],
      );
      return toAccount({ ...row, status: 'verified' });
    },

    async submitDetails(accountRef, details) {
      const status =
        details.routingNumber !== LOCAL_PAYOUT_ACCOUNTS.routingNumber
          ? 'pending'
          : details.accountNumber === LOCAL_PAYOUT_ACCOUNTS.verified
            ? 'verified'
            : details.accountNumber === LOCAL_PAYOUT_ACCOUNTS.restricted
              ? 'restricted'
              : 'pending';
      const row: LocalAccountRow = {
        holder_name: details.holderName,
        last4: details.accountNumber.slice(-4),
        status,
      };
      await db.run(
        `INSERT INTO local_payout_accounts (account_ref, holder_name, last4, status, updated_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (account_ref) DO UPDATE SET holder_name = excluded.holder_name, last4 = excluded.last4,
           status = excluded.status, updated_at = excluded.updated_at`,
        [accountRef, row.holder_name, row.last4, row.status, at()],
      );
      return toAccount(row);
    },

    async payout({ idempotencyKey, accountRef, amountCents }) {
      const account = await db.get<LocalAccountRow>(
        'SELECT holder_name, last4, status FROM local_payout_accounts WHERE account_ref = ?',
        [accountRef],
      );
      if (account?.status !== 'verified') {
        return { ref: `lt_${idempotencyKey}`, status: 'failed', failureReason: REFUSED_ACCOUNT };
      }
      // One statement of its own: the transfer exists once per key, whoever asks and however often.
      await db.run(
        `INSERT INTO local_payout_transfers (idempotency_key, account_ref, amount_cents, created_at)
         VALUES (?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
        [idempotencyKey, accountRef, amountCents, at()],
      );
      const transfer = await db.get<{ account_ref: string; amount_cents: number }>(
        'SELECT account_ref, amount_cents FROM local_payout_transfers WHERE idempotency_key = ?',
        [idempotencyKey],
      );
      // As a real provider refuses a key reused for another request.
      if (transfer?.account_ref !== accountRef || Number(transfer.amount_cents) !== amountCents) {
        throw new Error(`payout key ${idempotencyKey} was used for another transfer`);
      }
      return { ref: `lt_${idempotencyKey}`, status: 'paid' };
    },
  };
}
