// The seller's money after the handover (issue 48). An earning is written in the transaction that completes the
// deal (the deals module's `earned` port), pending through the claim window, then available (the maturing job),
// unless a claim holds it (the claims module moves it through holdEarning, releaseEarning and refundEarning).
// A payout pays a seller's whole available balance exactly once: (1) one transaction takes the earnings (paying)
// and writes the payout with its idempotency key, (2) the provider is called outside any transaction, (3) one
// transaction records its answer. A crash between them leaves a pending payout that is asked again with the
// same key (retryPending), and the provider answers the same transfer: every earning is paid 0 or 1 times.
import { PAYOUT_RULES, payoutRefusals, type components, type EarningStatus } from '@recell/api';
import type { Logger } from 'pino';
import { requireOwnEmail, type CurrentUser } from '../../auth/policy';
import type { Database } from '../../db/database';
import { HttpError, notFound, refuse } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId } from '../../ids';
import type { LocalPayoutDetails, PayoutProvider, PayoutResult } from './providers/provider';
import type { EarningRow, PayoutAccountRow, PayoutRow, PayoutsRepository } from './repository';

type Schemas = components['schemas'];

/** What a seller who never started onboarding is missing. */
const NOT_STARTED = ['A bank account to be paid out to'];
/** The newest earnings GET /earnings lists. */
const RECENT = 20;
const LAST_RUN = 'payouts-last-run';

export const toEarning = (row: EarningRow & { account_last4?: string | null }): Schemas['Earning'] => ({
  _id: row.id,
  bookingId: row.booking_id,
  MobileName: row.mobile_name,
  amountCents: Number(row.amount_cents),
  status: row.status,
  completedAt: row.completed_at,
  availableAt: row.available_at,
  ...(row.claim_id ? { claimId: row.claim_id } : {}),
  ...(row.payout_id ? { payoutId: row.payout_id } : {}),
  ...(row.paid_out_at ? { paidOutAt: row.paid_out_at } : {}),
  ...(row.status === 'paid_out' && row.account_last4 ? { accountLast4: row.account_last4 } : {}),
  ...(row.refunded_at ? { refundedAt: row.refunded_at } : {}),
});

export const toPayout = (row: PayoutRow): Schemas['Payout'] => ({
  _id: row.id,
  seller: row.seller_name,
  provider: row.provider,
  amountCents: Number(row.amount_cents),
  earningsCount: Number(row.earnings_count),
  status: row.status,
  accountLast4: row.account_last4,
  createdAt: row.created_at,
  ...(row.paid_at ? { paidAt: row.paid_at } : {}),
  ...(row.status === 'failed' && row.failure_reason ? { failureReason: row.failure_reason } : {}),
});

/** A routing number's ABA check digit. */
function routingValid(routing: string): boolean {
  const d = [...routing].map(Number);
  if (d.length !== 9 || d.some((digit) => Number.isNaN(digit))) return false;
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export function payoutsService(deps: {
  db: Database;
  payouts: PayoutsRepository;
  provider: PayoutProvider;
  /** The deal clock: the claim window and the demo's clock moves count on it. */
  clock: { now(): Date };
  logger: Logger;
  /** payout_paid told to the seller, in the transaction that records the payout paid (wired in app.ts). */
  paid?: (payout: PayoutRow) => Promise<void>;
}) {
  const { db, payouts, provider, clock, logger } = deps;
  const at = () => clock.now().toISOString();

  /** Payouts whose provider call this process is making now: the retry leaves them alone. */
  const inFlight = new Set<string>();

  function accountView(row: PayoutAccountRow | undefined, availableCents: number): Schemas['PayoutAccount'] {
    const requirements = row ? (JSON.parse(row.requirements) as string[]) : NOT_STARTED;
    return {
      provider: row?.provider ?? provider.name,
      status: row?.status ?? 'not_started',
      ...(row?.holder_name ? { holderName: row.holder_name } : {}),
      ...(row?.last4 ? { last4: row.last4 } : {}),
      requirements: row?.status === 'not_started' && requirements.length === 0 ? NOT_STARTED : requirements,
      minimumCents: PAYOUT_RULES.minimumCents,
      availableCents,
      ...(row?.verified_at && row.status === 'verified' ? { verifiedAt: row.verified_at } : {}),
    };
  }

  /** The account as the provider says it is now (a failed read keeps what was last read). */
  async function refreshed(sellerId: string): Promise<PayoutAccountRow | undefined> {
    const row = await payouts.account(sellerId);
    if (!row?.account_ref || row.provider !== provider.name) return row;
    try {
      const state = await provider.account(row.account_ref);
      await payouts.updateAccount(sellerId, {
        status: state.status,
        requirements: state.requirements,
        last4: state.last4 ?? null,
        holderName: state.holderName ?? null,
        at: at(),
      });
      return await payouts.account(sellerId);
    } catch (error) {
      logger.warn({ err: error, sellerId }, 'the payout provider did not answer; the account as last read');
      return row;
    }
  }

  /** The seller's account at the configured provider, made there once. */
  async function ensureAccount(user: CurrentUser): Promise<PayoutAccountRow & { account_ref: string }> {
    const row = await payouts.account(user.id);
    if (row?.account_ref && row.provider === provider.name) return { ...row, account_ref: row.account_ref };
    const ref = await provider.createAccount({ id: user.id, email: user.email, name: user.name });
    await db.transaction(async () => {
      await payouts.createAccount({
        seller_id: user.id,
        provider: provider.name,
        account_ref: ref,
        updated_at: at(),
      });
      // an account at another provider (PAYOUT_PROVIDER changed) starts again at this one
      await db.run(
        `UPDATE payout_accounts SET provider = ?, account_ref = ?, status = 'not_started', requirements = '[]',
           last4 = NULL, holder_name = NULL, verified_at = NULL, updated_at = ?
         WHERE seller_id = ? AND (provider <> ? OR account_ref IS NULL)`,
        [provider.name, ref, at(), user.id, provider.name],
      );
    });
    const made = await payouts.account(user.id);
    if (!made?.account_ref) throw new Error(`no payout account for ${user.id}`);
    return { ...made, account_ref: made.account_ref };
  }

  /** (2) and (3): the provider asked (outside any transaction), its answer recorded in one. */
  async function send(payout: PayoutRow): Promise<PayoutRow> {
    const mine = !inFlight.has(payout.id);
    inFlight.add(payout.id);
    try {
      let result: PayoutResult;
      try {
        result =
          payout.provider_ref && provider.payoutState
            ? await provider.payoutState(payout.provider_ref, payout.account_ref)
            : await provider.payout({
                idempotencyKey: payout.idempotency_key,
                accountRef: payout.account_ref,
                amountCents: Number(payout.amount_cents),
              });
      } catch (error) {
        logger.error(
          { err: error, payout: payout.id },
          'the payout provider did not answer; asked again later',
        );
        return (await payouts.payout(payout.id)) ?? payout;
      }
      const now = at();
      await db.transaction(async () => {
        if (result.status === 'paid') {
          if (await payouts.markPaid(payout.id, result.ref, now)) await deps.paid?.(payout);
        } else if (result.status === 'failed') {
          await payouts.markFailed(
            payout.id,
            result.ref,
            result.failureReason ?? 'The provider refused it',
            now,
          );
        } else await payouts.markOnItsWay(payout.id, result.ref);
      });
      return (await payouts.payout(payout.id)) ?? payout;
    } finally {
      if (mine) inFlight.delete(payout.id);
    }
  }

  /** (1): the seller's available earnings taken into a new pending payout; none when under the minimum. */
  async function payOut(sellerId: string): Promise<PayoutRow | undefined> {
    const account = await payouts.account(sellerId);
    if (account?.status !== 'verified' || !account.account_ref || account.provider !== provider.name)
      return undefined;
    const accountRef = account.account_ref;
    const seller = await payouts.sellerById(sellerId);
    const id = newId('po');
    const created = await db.transaction(async () => {
      const now = at();
      if ((await payouts.available(sellerId)).cents < PAYOUT_RULES.minimumCents) return undefined;
      await payouts.takeAvailable(sellerId, id, now);
      const taken = await payouts.payoutSum(id);
      if (taken.n === 0) return undefined;
      const row: PayoutRow = {
        id,
        seller_id: sellerId,
        seller_name: seller?.name ?? 'A former seller',
        provider: provider.name,
        account_ref: accountRef,
        account_last4: account.last4 ?? '0000',
        amount_cents: taken.cents,
        earnings_count: taken.n,
        status: 'pending',
        idempotency_key: id,
        provider_ref: null,
        failure_reason: null,
        created_at: now,
        attempted_at: now,
        paid_at: null,
      };
      await payouts.insertPayout(row);
      return row;
    });
    return created && send(created);
  }

  /**
   * Pending payouts asked again with their own key: every one not in flight in this process (at start, and in
   * the payout run), or (`stale`) only those last tried longer ago than PAYOUT_RULES.retryAfterSeconds.
   */
  async function retryPending(options: { stale: boolean } = { stale: true }) {
    const now = clock.now();
    const staleBefore = options.stale
      ? new Date(now.getTime() - PAYOUT_RULES.retryAfterSeconds * 1000).toISOString()
      : undefined;
    let retried = 0;
    for (const row of await payouts.pendingPayouts(staleBefore)) {
      // claimed here before the await, so two retries of this process never ask for it at once
      if (inFlight.has(row.id)) continue;
      inFlight.add(row.id);
      try {
        if ((await payouts.claimAttempt(row.id, now.toISOString(), staleBefore)).changes !== 1) continue;
        await send(row);
        retried += 1;
      } finally {
        inFlight.delete(row.id);
      }
    }
    return retried;
  }

  /** The payout run: pending ones finished, then every verified seller with at least the minimum paid out. */
  async function runPayouts() {
    const retried = await retryPending({ stale: false });
    let paid = 0;
    let failed = 0;
    for (const { seller_id } of await payouts.payable(PAYOUT_RULES.minimumCents)) {
      const payout = await payOut(seller_id);
      if (payout?.status === 'paid') paid += 1;
      if (payout?.status === 'failed') failed += 1;
    }
    return { retried, paid, failed };
  }

  /** Whether a move of the claims module changed the earning. */
  const moved = async (write: Promise<{ changes: number }>) => (await write).changes === 1;

  return {
    /**
     * The deals module's `earned` port: the completed deal's earning, pending until its claim window closes.
     * Call inside the completing transaction; once per booking.
     */
    async earned(bookingId: string): Promise<void> {
      await payouts.earn(bookingId, at());
    },

    /** The deal's earning (the claims module reads its amount and state). */
    earningOf: (bookingId: string) => payouts.earningOf(bookingId),
    /** pending -> on_hold: a claim holds it. Inside the caller's transaction; false when it was not pending. */
    holdEarning: (bookingId: string, claimId: string) => moved(payouts.hold(bookingId, claimId, at())),
    /** on_hold -> pending inside the window, available after it. */
    releaseEarning: (bookingId: string) => moved(payouts.release(bookingId, at())),
    /** on_hold -> refunded. */
    refundEarning: (bookingId: string) => moved(payouts.refund(bookingId, at())),

    /**
     * The maturing job (and the demo clock, after the claims' re-checks): pending earnings whose window closed
     * become available (one a claim holds is on_hold, not pending).
     */
    matureDue: async (): Promise<number> => (await payouts.mature(at())).changes,

    async getSellerEarnings(user: CurrentUser, email: string): Promise<Schemas['SellerEarnings']> {
      requireOwnEmail(user, email);
      const seller = await payouts.sellerByEmail(email);
      const zero = { completedCount: 0, completedCents: 0, heldCount: 0, heldCents: 0 };
      const [dealt, totals, recent, next] = seller
        ? await Promise.all([
            payouts.deals(seller.id),
            payouts.totals(seller.id),
            payouts.recent(seller.id, RECENT),
            payouts.nextAvailableAt(seller.id),
          ])
        : [zero, undefined, [], null];
      const of = (status: EarningStatus) => totals?.[status] ?? 0;
      return {
        ...dealt,
        pendingCents: of('pending'),
        onHoldCents: of('on_hold'),
        availableCents: of('available'),
        payingCents: of('paying'),
        paidOutCents: of('paid_out'),
        refundedCents: of('refunded'),
        ...(next ? { nextAvailableAt: next } : {}),
        recent: recent.map(toEarning),
      };
    },

    async getPayoutAccount(user: CurrentUser, email: string): Promise<Schemas['PayoutAccount']> {
      requireOwnEmail(user, email);
      const seller = await payouts.sellerByEmail(email);
      if (!seller) return accountView(undefined, 0);
      const row = await refreshed(seller.id);
      return accountView(row, (await payouts.available(seller.id)).cents);
    },

    async startPayoutOnboarding(user: CurrentUser): Promise<Schemas['PayoutOnboardingLink']> {
      const account = await ensureAccount(user);
      const link = await provider.onboardingLink(account.account_ref);
      return {
        provider: provider.name,
        url: link.url,
        ...(link.expiresAt ? { expiresAt: link.expiresAt } : {}),
      };
    },

    async submitLocalPayoutDetails(
      user: CurrentUser,
      details: LocalPayoutDetails,
    ): Promise<Schemas['PayoutAccount']> {
      if (!provider.submitDetails) notFound();
      if (!routingValid(details.routingNumber)) {
        throw new HttpError(400, 'request/body/routingNumber is not a valid routing number', {
          errors: [
            { path: '/body/routingNumber', message: 'is not a valid routing number (its check digit)' },
          ],
        });
      }
      const account = await ensureAccount(user);
      const state = await provider.submitDetails!(account.account_ref, details);
      await payouts.updateAccount(user.id, {
        status: state.status,
        requirements: state.requirements,
        last4: state.last4 ?? null,
        holderName: state.holderName ?? null,
        at: at(),
      });
      return accountView(await payouts.account(user.id), (await payouts.available(user.id)).cents);
    },

    async listPayouts(
      user: CurrentUser,
      query: { email?: string | undefined; status?: Schemas['PayoutStatus'] | undefined },
      page: PageRequest,
    ) {
      if (user.role !== 'admin' && !query.email) {
        throw new HttpError(400, 'request/query/email is required: a seller lists their own payouts', {
          errors: [{ path: '/query/email', message: 'is required for a seller (their own email)' }],
        });
      }
      let sellerId: string | undefined;
      if (query.email) {
        requireOwnEmail(user, query.email);
        const seller = await payouts.sellerByEmail(query.email);
        if (!seller) return pageOf([], 0, page);
        sellerId = seller.id;
      }
      const { rows, total } = await payouts.listPayouts({ sellerId, status: query.status }, page);
      return pageOf(rows.map(toPayout), total, page);
    },

    async requestPayout(user: CurrentUser): Promise<Schemas['Payout']> {
      const account = await refreshed(user.id);
      if (account?.status !== 'verified') refuse(payoutRefusals.notEnabled(account?.status ?? 'not_started'));
      const available = (await payouts.available(user.id)).cents;
      if (available < PAYOUT_RULES.minimumCents) refuse(payoutRefusals.belowMinimum(available));
      const payout = await payOut(user.id);
      // another payout (the run, a second click) took them meanwhile
      if (!payout) refuse(payoutRefusals.belowMinimum((await payouts.available(user.id)).cents));
      return toPayout(payout);
    },

    runPayouts,
    retryPending,

    /** The payout run every PAYOUT_RULES.runEveryHours on the deal clock (the last run is kept in `meta`). */
    async runIfDue() {
      const now = clock.now();
      const last = await db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [LAST_RUN]);
      if (last && now.getTime() - Date.parse(last.value) < PAYOUT_RULES.runEveryHours * 3_600_000)
        return undefined;
      await db.run(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [LAST_RUN, now.toISOString()],
      );
      return runPayouts();
    },
  };
}

export type PayoutsService = ReturnType<typeof payoutsService>;
