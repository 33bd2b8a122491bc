// The money check of every payout and claim test and of the payouts bench (no vitest here, so bench/payouts.ts
// can use it), and the shortcuts that make many earnings at once straight in the database.
//
// The ledger: what the handovers captured equals what the earnings hold, state by state
// (captured = pending + on_hold + available + paying + paid_out + refunded), every completed deal has exactly one
// earning of its price, and the local provider's own "bank" (local_payout_transfers) paid each payout once, of
// the amount of the earnings that point at it. The tests and the bench pay through the local provider only (a
// Stripe payout leaves no local transfer).
import type { Database } from '../../src/db/database';

export const EARNING_STATES = ['pending', 'on_hold', 'available', 'paying', 'paid_out', 'refunded'] as const;
export type EarningState = (typeof EARNING_STATES)[number];

export interface Ledger {
  /** What the completed deals captured (bookings completed; for earnings made in SQL, their own total). */
  captured: number;
  byState: Record<EarningState, number>;
  /** Money the provider moved: the sum of local_payout_transfers. */
  transferred: number;
  /** Every broken rule, in words (empty when the ledger holds). */
  problems: string[];
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * The ledger over the whole database, or over some sellers (`sellerIds`). `captured: 'bookings'` counts the
 * completed deals (the API tests); `'earnings'` takes the earnings' own total as captured (the exactly-once test and
 * the bench make earnings without deals), so only the transfers and payouts are checked against it.
 */
export async function ledger(
  db: Database,
  {
    sellerIds,
    captured: source = 'bookings',
  }: { sellerIds?: string[]; captured?: 'bookings' | 'earnings' } = {},
): Promise<Ledger> {
  const problems: string[] = [];
  const scope = (column: string) =>
    sellerIds ? `${column} IN (${sellerIds.map(() => '?').join(', ')})` : '1 = 1';
  const args = sellerIds ?? [];

  const states = await db.all<{ status: EarningState; cents: unknown }>(
    `SELECT status, SUM(amount_cents) AS cents FROM earnings WHERE ${scope('seller_id')} GROUP BY status`,
    args,
  );
  const byState = Object.fromEntries(EARNING_STATES.map((state) => [state, 0])) as Record<
    EarningState,
    number
  >;
  for (const row of states) {
    if (!(row.status in byState)) problems.push(`an earning in an unknown state ${row.status}`);
    byState[row.status] = n(row.cents);
  }
  const held = EARNING_STATES.reduce((sum, state) => sum + byState[state], 0);

  let captured = held;
  if (source === 'bookings') {
    captured = n(
      (
        await db.get<{ cents: unknown }>(
          `SELECT SUM(price_cents) AS cents FROM bookings WHERE status = 'completed' AND ${scope('seller_id')}`,
          args,
        )
      )?.cents,
    );
    // One earning per completed deal, of its price; none for a deal that is not completed.
    const unmatched = await db.all<{ id: string; price_cents: unknown; amount_cents: unknown }>(
      `SELECT b.id, b.price_cents, e.amount_cents FROM bookings b LEFT JOIN earnings e ON e.booking_id = b.id
       WHERE b.status = 'completed' AND ${scope('b.seller_id')}
         AND (e.id IS NULL OR e.amount_cents <> b.price_cents)`,
      args,
    );
    for (const row of unmatched) {
      problems.push(
        `the completed deal ${row.id} (${n(row.price_cents)} cents) has ` +
          (row.amount_cents === null ? 'no earning' : `an earning of ${n(row.amount_cents)} cents`),
      );
    }
    const orphans = await db.all<{ id: string; booking_id: string }>(
      `SELECT e.id, e.booking_id FROM earnings e LEFT JOIN bookings b ON b.id = e.booking_id
       WHERE (b.id IS NULL OR b.status <> 'completed') AND ${scope('e.seller_id')}`,
      args,
    );
    for (const row of orphans)
      problems.push(`the earning ${row.id} names no completed deal (${row.booking_id})`);
  }
  if (captured !== held) {
    problems.push(
      `captured ${captured} cents, but the earnings hold ${held} (${JSON.stringify(byState)}): ` +
        `${captured - held} cents lost or doubled`,
    );
  }

  // The payouts and the provider's transfers.
  const payouts = await db.all<{
    id: string;
    status: string;
    amount_cents: unknown;
    earnings_count: unknown;
    idempotency_key: string;
    transfers: unknown;
    transferred: unknown;
    owed: unknown;
    owed_count: unknown;
    paid_out: unknown;
  }>(
    `SELECT p.id, p.status, p.amount_cents, p.earnings_count, p.idempotency_key,
       (SELECT COUNT(*) FROM local_payout_transfers t WHERE t.idempotency_key = p.idempotency_key) AS transfers,
       (SELECT SUM(t.amount_cents) FROM local_payout_transfers t WHERE t.idempotency_key = p.idempotency_key)
         AS transferred,
       (SELECT SUM(e.amount_cents) FROM earnings e WHERE e.payout_id = p.id) AS owed,
       (SELECT COUNT(*) FROM earnings e WHERE e.payout_id = p.id) AS owed_count,
       (SELECT COUNT(*) FROM earnings e WHERE e.payout_id = p.id AND e.status = 'paid_out') AS paid_out
     FROM payouts p WHERE ${scope('p.seller_id')}`,
    args,
  );
  for (const payout of payouts) {
    const what = `payout ${payout.id} (${payout.status}, ${n(payout.amount_cents)} cents)`;
    if (n(payout.transfers) > 1) problems.push(`${what} was transferred ${n(payout.transfers)} times`);
    if (payout.status === 'paid') {
      if (n(payout.transfers) !== 1) problems.push(`${what} is paid with no transfer`);
      if (n(payout.owed) !== n(payout.amount_cents) || n(payout.owed_count) !== n(payout.earnings_count))
        problems.push(
          `${what} pays ${n(payout.earnings_count)} earnings, but ${n(payout.owed_count)} earnings ` +
            `(${n(payout.owed)} cents) point at it`,
        );
      if (n(payout.paid_out) !== n(payout.owed_count))
        problems.push(`${what} is paid, but only ${n(payout.paid_out)} of its earnings are paid_out`);
    }
    if (payout.status === 'failed' && n(payout.transfers) > 0)
      problems.push(`${what} failed, yet the provider moved ${n(payout.transferred)} cents for it`);
    if (n(payout.transfers) === 1 && n(payout.transferred) !== n(payout.amount_cents))
      problems.push(`${what}: the provider moved ${n(payout.transferred)} cents`);
    if (n(payout.transfers) === 1 && n(payout.owed) !== n(payout.transferred))
      problems.push(
        `${what}: the provider moved ${n(payout.transferred)} cents for earnings of ${n(payout.owed)} cents`,
      );
  }
  const strayTransfers = await db.all<{ idempotency_key: string }>(
    `SELECT t.idempotency_key FROM local_payout_transfers t
     LEFT JOIN payouts p ON p.idempotency_key = t.idempotency_key WHERE p.id IS NULL`,
  );
  if (!sellerIds) {
    for (const stray of strayTransfers)
      problems.push(`a transfer (${stray.idempotency_key}) that no payout row names`);
  }
  const transferred = payouts.reduce((sum, payout) => sum + n(payout.transferred), 0);
  // Money the provider moved = earnings paid out + earnings whose payout the provider already paid but ReCell has
  // not yet marked (paying after a kill).
  const toldPaying = n(
    (
      await db.get<{ cents: unknown }>(
        `SELECT SUM(e.amount_cents) AS cents FROM earnings e JOIN payouts p ON p.id = e.payout_id
         WHERE e.status = 'paying' AND ${scope('e.seller_id')}
           AND EXISTS (SELECT 1 FROM local_payout_transfers t WHERE t.idempotency_key = p.idempotency_key)`,
        args,
      )
    )?.cents,
  );
  if (transferred !== byState.paid_out + toldPaying) {
    problems.push(
      `the provider moved ${transferred} cents, the earnings paid out (or paying, told) ${byState.paid_out + toldPaying}`,
    );
  }
  // An earning paid out points at a paid payout.
  const unpaid = await db.all<{ id: string; payout_id: string | null; status: string | null }>(
    `SELECT e.id, e.payout_id, p.status FROM earnings e LEFT JOIN payouts p ON p.id = e.payout_id
     WHERE e.status IN ('paying', 'paid_out') AND ${scope('e.seller_id')}
       AND (p.id IS NULL OR (e.status = 'paid_out' AND p.status <> 'paid'))`,
    args,
  );
  for (const row of unpaid)
    problems.push(
      `the earning ${row.id} is paying or paid out, its payout ${row.payout_id} is ${row.status}`,
    );
  return { captured, byState, transferred, problems };
}

// --- many earnings straight in the database (the exactly-once test, the bench) -----------------------------

export interface MadeSellers {
  sellerIds: string[];
  earnings: number;
  cents: number;
}

/**
 * `sellers` sellers with a verified local payout account, each with `perSeller` available earnings (of
 * `cents(i)` cents), written in SQL in one transaction. `prefix` keeps ids apart between calls.
 */
export async function availableEarnings(
  db: Database,
  {
    prefix,
    sellers,
    perSeller,
    cents = (index: number) => 1500 + (index % 7) * 100,
    at = new Date(),
  }: {
    prefix: string;
    sellers: number;
    perSeller: number;
    cents?: (index: number) => number;
    at?: Date;
  },
): Promise<MadeSellers> {
  const sellerIds: string[] = [];
  let total = 0;
  let count = 0;
  const completed = new Date(at.getTime() - 72 * 3_600_000).toISOString();
  const available = new Date(at.getTime() - 24 * 3_600_000).toISOString();
  const now = at.toISOString();
  await db.transaction(async () => {
    for (let s = 0; s < sellers; s += 1) {
      const sellerId = `u-${prefix}-s${s}`;
      sellerIds.push(sellerId);
      await db.run(
        `INSERT INTO users (id, email, firebase_uid, name, role, created_at) VALUES (?, ?, NULL, ?, 'seller', ?)`,
        [sellerId, `${prefix}-s${s}@recell.test`, `Seller ${prefix} ${s}`, now],
      );
      await db.run(
        `INSERT INTO payout_accounts (seller_id, provider, status, holder_name, last4, account_ref, requirements,
           verified_at, updated_at)
         VALUES (?, 'local', 'verified', ?, '6789', ?, '[]', ?, ?)`,
        [sellerId, `Seller ${prefix} ${s}`, `local_${sellerId}`, now, now],
      );
      // and the local provider's own record of it (its "bank" pays only accounts it verified)
      await db.run(
        `INSERT INTO local_payout_accounts (account_ref, holder_name, last4, status, updated_at)
         VALUES (?, ?, '6789', 'verified', ?)`,
        [`local_${sellerId}`, `Seller ${prefix} ${s}`, now],
      );
      for (let e = 0; e < perSeller; e += 1) {
        const amount = cents(count);
        await db.run(
          `INSERT INTO earnings (id, booking_id, seller_id, seller_name, buyer_email, mobile_name, imei, amount_cents,
             transaction_id, status, completed_at, available_at, rechecks, updated_at)
           VALUES (?, ?, ?, ?, 'buyer@recell.test', 'Bench phone', NULL, ?, ?, 'available', ?, ?, 2, ?)`,
          [
            `ea-${prefix}-${s}-${e}`,
            `b-${prefix}-${s}-${e}`,
            sellerId,
            `Seller ${prefix} ${s}`,
            amount,
            `pi_${prefix}_${s}_${e}`,
            completed,
            available,
            now,
          ],
        );
        total += amount;
        count += 1;
      }
    }
  });
  return { sellerIds, earnings: count, cents: total };
}

/** A small seeded generator (mulberry32): the same seed draws the same kill moments. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
