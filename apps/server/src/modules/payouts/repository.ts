// The payouts' writes. Each move of an earning is one conditional UPDATE whose WHERE names the states the
// rulebook lets it leave (earningMovesFrom, @recell/api's EARNING_TRANSITIONS), so of two racing moves exactly
// one changes the row; an amount is never written twice (one earning per booking, UNIQUE booking_id).
import { claimWindowEnds, earningMovesFrom, type components } from '@recell/api';
import type { Database } from '../../db/database';
import { pageOfRows, type RowWindow } from '../../db/paging';

type EarningStatus = components['schemas']['EarningStatus'];
type PayoutAccountStatus = components['schemas']['PayoutAccountStatus'];
type PayoutStatus = components['schemas']['PayoutStatus'];
type PayoutProviderName = components['schemas']['PayoutProvider'];

/** The rulebook's states that may move to `to`, as SQL (only the rulebook's own names go into the text). */
const leadingTo = (to: EarningStatus) =>
  earningMovesFrom(to)
    .map((state) => `'${state}'`)
    .join(', ') || 'NULL';

export interface EarningRow {
  id: string;
  booking_id: string;
  seller_id: string;
  seller_name: string | null;
  buyer_email: string | null;
  mobile_name: string;
  imei: string | null;
  amount_cents: number;
  transaction_id: string;
  status: EarningStatus;
  completed_at: string;
  available_at: string;
  rechecks: number;
  claim_id: string | null;
  payout_id: string | null;
  paid_out_at: string | null;
  refunded_at: string | null;
  updated_at: string;
}

export interface PayoutAccountRow {
  seller_id: string;
  provider: PayoutProviderName;
  status: PayoutAccountStatus;
  holder_name: string | null;
  last4: string | null;
  account_ref: string | null;
  /** JSON array of sentences */
  requirements: string;
  verified_at: string | null;
  updated_at: string;
}

export interface PayoutRow {
  id: string;
  seller_id: string;
  seller_name: string;
  provider: PayoutProviderName;
  account_ref: string;
  account_last4: string;
  amount_cents: number;
  earnings_count: number;
  status: PayoutStatus;
  idempotency_key: string;
  provider_ref: string | null;
  failure_reason: string | null;
  created_at: string;
  attempted_at: string | null;
  paid_at: string | null;
}

export interface SellerRow {
  id: string;
  email: string;
  name: string;
  role: string;
}

const EARNING_COLUMNS = `id, booking_id, seller_id, seller_name, buyer_email, mobile_name, imei, amount_cents,
  transaction_id, status, completed_at, available_at, rechecks, claim_id, payout_id, paid_out_at, refunded_at,
  updated_at`;
const PAYOUT_COLUMNS = `id, seller_id, seller_name, provider, account_ref, account_last4, amount_cents,
  earnings_count, status, idempotency_key, provider_ref, failure_reason, created_at, attempted_at, paid_at`;

/** PostgreSQL's SUM and COUNT are bigints: numbers here whichever the engine. */
const numbers = <T extends Record<string, unknown>>(row: T | undefined, keys: (keyof T)[]): T | undefined => {
  if (!row) return row;
  const out = { ...row };
  for (const key of keys) out[key] = Number(row[key] ?? 0) as T[keyof T];
  return out;
};

export function payoutsRepository(db: Database) {
  return {
    sellerByEmail: (email: string) =>
      db.get<SellerRow>('SELECT id, email, name, role FROM users WHERE email = ?', [email]),
    sellerById: (id: string) =>
      db.get<SellerRow>('SELECT id, email, name, role FROM users WHERE id = ?', [id]),

    // --- earnings -------------------------------------------------------------------------------------------

    /** A completed deal as its earning is written: the seller, the price taken, the listing's IMEI. */
    completedDeal: (bookingId: string) =>
      db.get<{
        id: string;
        seller_id: string | null;
        seller_name: string | null;
        buyer_email: string;
        mobile_name: string;
        imei: string | null;
        price_cents: number;
        transaction_id: string | null;
        completed_at: string | null;
      }>(
        `SELECT b.id, b.seller_id, u.name AS seller_name, b.buyer_email, b.mobile_name, m.imei, b.price_cents,
           b.transaction_id, b.completed_at
         FROM bookings b LEFT JOIN users u ON u.id = b.seller_id LEFT JOIN mobiles m ON m.id = b.mobile_id
         WHERE b.id = ? AND b.status = 'completed'`,
        [bookingId],
      ),

    /**
     * The completed deal's earning, pending until its claim window closes (the deals' `earned` port, in the
     * completing transaction, and the seed). Once per booking; a deal without a seller (its listing gone before
     * issue 22) or a payment has nobody or nothing to pay. Answers whether it wrote.
     */
    async earn(bookingId: string, at: string): Promise<boolean> {
      const deal = await this.completedDeal(bookingId);
      if (!deal?.seller_id || !deal.transaction_id || !deal.completed_at) return false;
      return this.insertEarning({
        id: `ea-${deal.id}`.slice(0, 64),
        booking_id: deal.id,
        seller_id: deal.seller_id,
        seller_name: deal.seller_name,
        buyer_email: deal.buyer_email,
        mobile_name: deal.mobile_name,
        imei: deal.imei,
        amount_cents: Number(deal.price_cents),
        transaction_id: deal.transaction_id,
        status: 'pending',
        completed_at: deal.completed_at,
        available_at: claimWindowEnds(deal.completed_at).toISOString(),
        updated_at: at,
      });
    },

    /** Once per booking: a second completion (a retried webhook) writes nothing. Answers whether it wrote. */
    async insertEarning(
      row: Omit<EarningRow, 'rechecks' | 'claim_id' | 'payout_id' | 'paid_out_at' | 'refunded_at'>,
    ) {
      const { changes } = await db.run(
        `INSERT INTO earnings (id, booking_id, seller_id, seller_name, buyer_email, mobile_name, imei, amount_cents,
           transaction_id, status, completed_at, available_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (booking_id) DO NOTHING`,
        [
          row.id,
          row.booking_id,
          row.seller_id,
          row.seller_name,
          row.buyer_email,
          row.mobile_name,
          row.imei,
          row.amount_cents,
          row.transaction_id,
          row.status,
          row.completed_at,
          row.available_at,
          row.updated_at,
        ],
      );
      return changes === 1;
    },

    earningOf: (bookingId: string) =>
      db.get<EarningRow>(`SELECT ${EARNING_COLUMNS} FROM earnings WHERE booking_id = ?`, [bookingId]),

    /** The seller's amounts by state. */
    async totals(sellerId: string) {
      const rows = await db.all<{ status: EarningStatus; cents: number }>(
        'SELECT status, COALESCE(SUM(amount_cents), 0) AS cents FROM earnings WHERE seller_id = ? GROUP BY status',
        [sellerId],
      );
      const of = (status: EarningStatus) => Number(rows.find((row) => row.status === status)?.cents ?? 0);
      return {
        pending: of('pending'),
        on_hold: of('on_hold'),
        available: of('available'),
        paying: of('paying'),
        paid_out: of('paid_out'),
        refunded: of('refunded'),
      };
    },

    /** The seller's deals completed and held now, from the bookings (what the handover code captured). */
    async deals(sellerId: string) {
      const rows = await db.all<{ status: string; n: number; cents: number }>(
        `SELECT status, COUNT(*) AS n, COALESCE(SUM(price_cents), 0) AS cents FROM bookings
         WHERE seller_id = ? AND status IN ('held', 'completed') GROUP BY status`,
        [sellerId],
      );
      const of = (status: string) => rows.find((row) => row.status === status);
      return {
        completedCount: Number(of('completed')?.n ?? 0),
        completedCents: Number(of('completed')?.cents ?? 0),
        heldCount: Number(of('held')?.n ?? 0),
        heldCents: Number(of('held')?.cents ?? 0),
      };
    },

    /** The newest earnings, with the account each paid one went to. */
    recent: (sellerId: string, limit: number) =>
      db.all<EarningRow & { account_last4: string | null }>(
        `SELECT e.id, e.booking_id, e.mobile_name, e.amount_cents, e.status, e.completed_at, e.available_at,
           e.claim_id, e.payout_id, e.paid_out_at, e.refunded_at, p.account_last4
         FROM earnings e LEFT JOIN payouts p ON p.id = e.payout_id
         WHERE e.seller_id = ? ORDER BY e.completed_at DESC, e.id DESC LIMIT ?`,
        [sellerId, limit],
      ),

    async nextAvailableAt(sellerId: string) {
      const row = await db.get<{ at: string | null }>(
        "SELECT MIN(available_at) AS at FROM earnings WHERE seller_id = ? AND status = 'pending'",
        [sellerId],
      );
      return row?.at ?? null;
    },

    /** Pending earnings whose claim window closed: available (an open claim holds its earning on_hold). */
    mature: (at: string) =>
      db.run(
        `UPDATE earnings SET status = 'available', updated_at = ?
         WHERE status IN (${leadingTo('available')}) AND status = 'pending' AND available_at <= ?`,
        [at, at],
      ),

    /** A claim holds a pending earning. */
    hold: (bookingId: string, claimId: string, at: string) =>
      db.run(
        `UPDATE earnings SET status = 'on_hold', claim_id = ?, updated_at = ?
         WHERE booking_id = ? AND status IN (${leadingTo('on_hold')})`,
        [claimId, at, bookingId],
      ),

    /** A claim released: back to pending inside the window, available after it. */
    release: (bookingId: string, at: string) =>
      db.run(
        `UPDATE earnings SET status = CASE WHEN available_at <= ? THEN 'available' ELSE 'pending' END, updated_at = ?
         WHERE booking_id = ? AND status = 'on_hold'
           AND status IN (${leadingTo('available')}) AND status IN (${leadingTo('pending')})`,
        [at, at, bookingId],
      ),

    /** A claim upheld: the buyer's money back. */
    refund: (bookingId: string, at: string) =>
      db.run(
        `UPDATE earnings SET status = 'refunded', refunded_at = ?, updated_at = ?
         WHERE booking_id = ? AND status IN (${leadingTo('refunded')})`,
        [at, at, bookingId],
      ),

    // --- payout accounts ------------------------------------------------------------------------------------

    account: (sellerId: string) =>
      db.get<PayoutAccountRow>(
        `SELECT seller_id, provider, status, holder_name, last4, account_ref, requirements, verified_at, updated_at
         FROM payout_accounts WHERE seller_id = ?`,
        [sellerId],
      ),

    /** The account made at the provider, once (a second start of onboarding keeps the first). */
    createAccount: (row: Pick<PayoutAccountRow, 'seller_id' | 'provider' | 'account_ref' | 'updated_at'>) =>
      db.run(
        `INSERT INTO payout_accounts (seller_id, provider, status, account_ref, requirements, updated_at)
         VALUES (?, ?, 'not_started', ?, '[]', ?) ON CONFLICT (seller_id) DO NOTHING`,
        [row.seller_id, row.provider, row.account_ref, row.updated_at],
      ),

    /** What the provider says of the account now. */
    updateAccount: (
      sellerId: string,
      state: {
        status: PayoutAccountStatus;
        requirements: string[];
        last4: string | null;
        holderName: string | null;
        at: string;
      },
    ) =>
      db.run(
        `UPDATE payout_accounts SET status = ?, requirements = ?, last4 = COALESCE(?, last4),
           holder_name = COALESCE(?, holder_name),
           verified_at = ${state.status === 'verified' ? 'COALESCE(verified_at, ?)' : 'NULL'}, updated_at = ?
         WHERE seller_id = ?`,
        [
          state.status,
          JSON.stringify(state.requirements),
          state.last4,
          state.holderName,
          ...(state.status === 'verified' ? [state.at] : []),
          state.at,
          sellerId,
        ],
      ),

    // --- payouts --------------------------------------------------------------------------------------------

    /** The seller's available amount now (inside the payout's transaction). */
    async available(sellerId: string) {
      const row = await db.get<{ cents: number; n: number }>(
        `SELECT COALESCE(SUM(amount_cents), 0) AS cents, COUNT(*) AS n FROM earnings
         WHERE seller_id = ? AND status = 'available'`,
        [sellerId],
      );
      return numbers(row, ['cents', 'n']) ?? { cents: 0, n: 0 };
    },

    /** Every available earning of the seller taken by the payout (conditional: a racing payout takes none). */
    takeAvailable: (sellerId: string, payoutId: string, at: string) =>
      db.run(
        `UPDATE earnings SET status = 'paying', payout_id = ?, updated_at = ?
         WHERE seller_id = ? AND status IN (${leadingTo('paying')})`,
        [payoutId, at, sellerId],
      ),

    async payoutSum(payoutId: string) {
      const row = await db.get<{ cents: number; n: number }>(
        `SELECT COALESCE(SUM(amount_cents), 0) AS cents, COUNT(*) AS n FROM earnings
         WHERE payout_id = ? AND status = 'paying'`,
        [payoutId],
      );
      return numbers(row, ['cents', 'n']) ?? { cents: 0, n: 0 };
    },

    insertPayout: (row: PayoutRow) =>
      db.run(`INSERT INTO payouts (${PAYOUT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        row.id,
        row.seller_id,
        row.seller_name,
        row.provider,
        row.account_ref,
        row.account_last4,
        row.amount_cents,
        row.earnings_count,
        row.status,
        row.idempotency_key,
        row.provider_ref,
        row.failure_reason,
        row.created_at,
        row.attempted_at,
        row.paid_at,
      ]),

    payout: (id: string) => db.get<PayoutRow>(`SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE id = ?`, [id]),

    /**
     * A pending payout claimed for a try now: its attempt moment moved, if it was not tried since `staleBefore`
     * (undefined: whatever its last try). Of two processes asking at once, one gets it.
     */
    claimAttempt: (id: string, at: string, staleBefore?: string) =>
      db.run(
        `UPDATE payouts SET attempted_at = ?
         WHERE id = ? AND status = 'pending' ${staleBefore ? 'AND (attempted_at IS NULL OR attempted_at <= ?)' : ''}`,
        staleBefore ? [at, id, staleBefore] : [at, id],
      ),

    pendingPayouts: (staleBefore?: string) =>
      db.all<PayoutRow>(
        `SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE status = 'pending'
           ${staleBefore ? 'AND (attempted_at IS NULL OR attempted_at <= ?)' : ''}
         ORDER BY created_at`,
        staleBefore ? [staleBefore] : [],
      ),

    /** The provider paid it: the payout and its earnings, together (once: a second answer changes nothing). */
    async markPaid(id: string, providerRef: string, at: string) {
      const { changes } = await db.run(
        `UPDATE payouts SET status = 'paid', provider_ref = ?, paid_at = ?, failure_reason = NULL
         WHERE id = ? AND status = 'pending'`,
        [providerRef, at, id],
      );
      if (changes === 1) {
        await db.run(
          `UPDATE earnings SET status = 'paid_out', paid_out_at = ?, updated_at = ?
           WHERE payout_id = ? AND status IN (${leadingTo('paid_out')})`,
          [at, at, id],
        );
      }
      return changes === 1;
    },

    /** The provider refused it for good: its earnings available again, for the next payout. */
    async markFailed(id: string, providerRef: string, reason: string, at: string) {
      const { changes } = await db.run(
        `UPDATE payouts SET status = 'failed', provider_ref = ?, failure_reason = ?
         WHERE id = ? AND status = 'pending'`,
        [providerRef, reason, id],
      );
      if (changes === 1) {
        await db.run(
          `UPDATE earnings SET status = 'available', payout_id = NULL, updated_at = ?
           WHERE payout_id = ? AND status = 'paying' AND status IN (${leadingTo('available')})`,
          [at, id],
        );
      }
      return changes === 1;
    },

    /** Still on its way at the provider: its ref kept, to ask for its state next time. */
    markOnItsWay: (id: string, providerRef: string) =>
      db.run("UPDATE payouts SET provider_ref = ? WHERE id = ? AND status = 'pending'", [providerRef, id]),

    /** Sellers whose verified account has at least `minimumCents` available: the payout run's list. */
    payable: (minimumCents: number) =>
      db.all<{ seller_id: string }>(
        `SELECT e.seller_id FROM earnings e
         JOIN payout_accounts a ON a.seller_id = e.seller_id AND a.status = 'verified'
         WHERE e.status = 'available'
         GROUP BY e.seller_id HAVING SUM(e.amount_cents) >= ?`,
        [minimumCents],
      ),

    listPayouts: (
      filter: { sellerId?: string | undefined; status?: PayoutStatus | undefined },
      page: RowWindow,
    ) => {
      const where: string[] = [];
      const params: string[] = [];
      if (filter.sellerId !== undefined) {
        where.push('seller_id = ?');
        params.push(filter.sellerId);
      }
      if (filter.status) {
        where.push('status = ?');
        params.push(filter.status);
      }
      return pageOfRows<PayoutRow>(db, {
        columns: PAYOUT_COLUMNS,
        from: `FROM payouts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
        params,
        order: 'created_at DESC, id DESC',
        page,
      });
    },
  };
}

export type PayoutsRepository = ReturnType<typeof payoutsRepository>;
