import {
  earningWords,
  payoutAccountWords,
  payoutRefusals,
  type Earning,
  type EarningStatus,
  type Payout,
  type PayoutAccount,
  type SellerEarnings,
} from '@recell/api';
import { Button } from '@recell/ui/Button';
import { useId } from 'react';
import { useLocation } from 'wouter';
import { DataTable } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { errorMessage, useToast } from '../../../lib/toast';
import { usePayoutAccount } from '../api/get-payout-account';
import { useSellerEarnings } from '../api/get-seller-earnings';
import { usePayouts } from '../api/list-payouts';
import { useRequestPayout } from '../api/request-payout';
import { useStartPayoutOnboarding } from '../api/start-payout-onboarding';
import * as styles from './Payouts.css';
import { accountStateWord, cents, payoutStateWord, when } from './payout-words';

/** An earning's state in the rulebook's words, with its dates. */
export const earningState = (earning: Earning) =>
  earningWords.status(earning.status, {
    availableOn: when(earning.availableAt),
    ...(earning.paidOutAt ? { paidOn: when(earning.paidOutAt) } : {}),
    ...(earning.accountLast4 ? { last4: earning.accountLast4 } : {}),
  });

const figures: { status: EarningStatus; label: string; key: keyof SellerEarnings }[] = [
  { status: 'available', label: 'Available', key: 'availableCents' },
  { status: 'pending', label: 'Pending (claim window)', key: 'pendingCents' },
  { status: 'on_hold', label: 'On hold (a claim)', key: 'onHoldCents' },
  { status: 'paying', label: 'Paying out', key: 'payingCents' },
  { status: 'paid_out', label: 'Paid out', key: 'paidOutCents' },
  { status: 'refunded', label: 'Refunded', key: 'refundedCents' },
];

/** The money by state, then each recent deal's earning with its state and date. */
function Earnings({ earnings }: { earnings: SellerEarnings }) {
  return (
    <section aria-labelledby="earnings-by-state" className={styles.stack}>
      <h2 id="earnings-by-state">Earnings</h2>
      <dl className={styles.figures}>
        {figures.map(({ status, label, key }) => (
          <div key={status} className={styles.figure}>
            <dt>{label}</dt>
            <dd>
              <span className={styles.amount}>{cents(earnings[key] as number)}</span>
              {status === 'pending' && earnings.nextAvailableAt ? (
                <span className={styles.note}>Next available on {when(earnings.nextAvailableAt)}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>
        A deal&apos;s money waits 48 hours after the handover, while the buyer may report a hidden problem;
        then it is available to pay out.
      </p>
      {earnings.recent.length === 0 ? (
        <p>No completed deals yet: your money shows here after a handover.</p>
      ) : (
        <DataTable
          label="Earnings table"
          rows={earnings.recent}
          columns={[
            { header: 'Phone', cell: (earning) => earning.MobileName },
            { header: 'Amount', cell: (earning) => cents(earning.amountCents) },
            { header: 'State', cell: earningState },
            { header: 'Handover', cell: (earning) => when(earning.completedAt) },
          ]}
        />
      )}
    </section>
  );
}

/** The payout account: its state in words, what is missing, and where to add or change it. */
export function AccountCard({ account }: { account: PayoutAccount }) {
  const onboarding = useStartPayoutOnboarding();
  const toast = useToast();
  const [, navigate] = useLocation();
  const start = () =>
    onboarding.mutate(undefined, {
      // the local provider's form is a page of this site; a hosted provider's is elsewhere
      onSuccess: ({ url }) => (url.startsWith('/') ? navigate(url) : window.location.assign(url)),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <section aria-labelledby="payout-account" className={styles.card}>
      <h2 id="payout-account" className={styles.heading}>
        Bank account: {accountStateWord[account.status]}
      </h2>
      <p className={styles.note}>{payoutAccountWords[account.status]}</p>
      {account.last4 ? (
        <p className={styles.note}>
          {account.holderName ? `${account.holderName}, ` : ''}account ending {account.last4}
        </p>
      ) : null}
      {account.requirements.length > 0 ? (
        <>
          <h3 className={styles.note}>What is missing</h3>
          <ul className={styles.missing}>
            {account.requirements.map((requirement) => (
              <li key={requirement}>{requirement}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Button
        variant={account.status === 'verified' ? 'secondary' : 'primary'}
        isPending={onboarding.isPending}
        onPress={start}
      >
        {account.status === 'not_started' ? 'Add bank account' : 'Update bank account'}
      </Button>
    </section>
  );
}

/** Why the balance cannot leave now, in the rulebook's words (or null: it can). */
export function payoutBlocked(account: PayoutAccount): string | null {
  if (account.status !== 'verified') return payoutRefusals.notEnabled(account.status).message;
  if (account.availableCents < account.minimumCents)
    return payoutRefusals.belowMinimum(account.availableCents).message;
  return null;
}

/** The main action: the whole available balance now, or, disabled, why not. */
function PayOutNow({ account }: { account: PayoutAccount }) {
  const payout = useRequestPayout();
  const toast = useToast();
  const reasonId = useId();
  const blocked = payoutBlocked(account);
  return (
    <div className={styles.state}>
      <Button
        isDisabled={blocked !== null}
        isPending={payout.isPending}
        aria-describedby={blocked ? reasonId : undefined}
        onPress={() =>
          payout.mutate(undefined, {
            onSuccess: (paid) =>
              toast.success(`${cents(paid.amountCents)} paid out to the account ending ${paid.accountLast4}`),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        Pay out {cents(account.availableCents)} now
      </Button>
      {blocked ? (
        <p id={reasonId} className={styles.note}>
          {blocked}
        </p>
      ) : null}
    </div>
  );
}

/** A page of payouts, newest first: the seller's own, or (admin) everyone's with whose it is. */
export function PayoutTable({ payouts, withSeller = false }: { payouts: Payout[]; withSeller?: boolean }) {
  return (
    <DataTable
      label="Payouts table"
      rows={payouts}
      columns={[
        ...(withSeller ? [{ header: 'Seller', cell: (payout: Payout) => payout.seller }] : []),
        { header: 'Amount', cell: (payout) => cents(payout.amountCents) },
        {
          header: 'State',
          cell: (payout) =>
            payout.failureReason
              ? `${payoutStateWord[payout.status]}: ${payout.failureReason}`
              : payoutStateWord[payout.status],
        },
        { header: 'Deals', cell: (payout) => String(payout.earningsCount) },
        { header: 'Account', cell: (payout) => `Ending ${payout.accountLast4}` },
        { header: 'Date', cell: (payout) => when(payout.paidAt ?? payout.createdAt) },
      ]}
    />
  );
}

/**
 * /dashboard/payouts: the seller's money by state with its dates, the payout account and what it still needs,
 * Pay out now (or why not), and the payouts made.
 */
export function PayoutsPage({ email }: { email: string }) {
  const earnings = useSellerEarnings(email);
  const account = usePayoutAccount(email);
  // the 20 newest; older ones are the admins' list's
  const payouts = usePayouts({ email });
  return (
    <div className={styles.stack}>
      <h1>Payouts</h1>
      <QueryState query={account} label="your payout account">
        {(loaded) => (
          <>
            <PayOutNow account={loaded} />
            <AccountCard account={loaded} />
          </>
        )}
      </QueryState>
      <QueryState query={earnings} label="your earnings">
        {(loaded) => <Earnings earnings={loaded} />}
      </QueryState>
      <section aria-labelledby="payout-history" className={styles.stack}>
        <h2 id="payout-history">Payout history</h2>
        <QueryState query={payouts} label="your payouts" skeleton="rows" empty="No payouts yet.">
          {({ items }) => <PayoutTable payouts={items} />}
        </QueryState>
      </section>
    </div>
  );
}
