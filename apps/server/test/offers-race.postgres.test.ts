// The race for one unit across two server processes on one PostgreSQL database (issue 47): 50 buyers made ready
// (a third with a booking and its intent, a third with a pending offer, a third with a countered one), then at
// once the bookings' cards, the seller's accepts and the counters' cards, each request through either process.
// One held deal, stock 0, no offer left open, and once the offers' job has ticked in the processes themselves
// (every OFFER_RULES.voidWithinSeconds at most), no card held for an offer that did not become the deal. Runs on
// the postgres project only (scale-out.postgres.test.ts's pattern).
import { OFFER_RULES } from '@recell/api';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { testProcessor } from '../src/modules/payments/providers/test-processor';
import { signUpAccount, uniqueEmail } from './support/accounts';
import { useProcesses } from './support/processes';
import { createListing } from './support/fixtures';
import { call, exchange, giveVerifiedPhone } from './support/harness';
import { raceEntrant, readyAll, strayOfferAuthorizations } from './support/offers';

const PROCESSES = 2;
const RACERS = 50;
const processes = useProcesses(PROCESSES);
const { dirs } = processes;
const startedAt = new Date(Date.now() - 60_000);
const url = processes.url;

async function withDb<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = await processes.database.open(dirs[0]!);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** A new signed-up account of this role, signed in through process `index`. */
async function account(role: 'buyer' | 'seller', index: number) {
  const email = uniqueEmail(`offers-${role}-${index}`);
  const idToken = await signUpAccount(email, 'offers-race-pw');
  const signedUp = await call(url(index), 'post', '/api/usersall', {
    token: idToken,
    body: { name: `${role} ${index}`, role },
  });
  expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
  if (role === 'seller') await withDb((db) => giveVerifiedPhone(db, email));
  return exchange(url(index), idToken);
}

describe(`offers on ${PROCESSES} server processes and one PostgreSQL database`, () => {
  it(`${RACERS} buyers ready, then bookings paid, offers accepted and counters paid at once: 1 held deal, no other card`, async () => {
    const seller = await account('seller', 0);
    const mobileId = await createListing(url(0), seller, { stock: 1, resale_price: 450 });
    const buyers = await Promise.all(Array.from({ length: RACERS }, (_, index) => account('buyer', index)));
    // Everyone ready, each request through the next process: bookings with their intents, a third's cards held
    // on pending offers, a third countered with the counter's intent.
    const entrants = await readyAll(
      buyers.map((buyer, index) => raceEntrant((step) => url(index + step), buyer, seller, index, mobileId)),
    );
    // Then at once: the bookings' cards, the seller's accepts, the counters' cards.
    const outcomes = await Promise.all(entrants.map((go) => go()));
    expect(outcomes.filter((outcome) => outcome.status === 200)).toHaveLength(1);
    for (const outcome of outcomes.filter((candidate) => candidate.status !== 200)) {
      expect(outcome.status, JSON.stringify(outcome)).toBe(409);
      expect(['sold_out', 'offer_ended']).toContain(outcome.code);
    }

    const held = await withDb(async (db) => {
      expect(await db.get('SELECT stock FROM mobiles WHERE id = ?', [mobileId])).toEqual({ stock: 0 });
      const bookings = await db.all<{ id: string; status: string; transaction_id: string | null }>(
        'SELECT id, status, transaction_id FROM bookings WHERE mobile_id = ?',
        [mobileId],
      );
      const heldDeals = bookings.filter((booking) => booking.status === 'held');
      expect(heldDeals, JSON.stringify(outcomes.slice(0, 6))).toHaveLength(1);
      expect(bookings.filter((booking) => !['held', 'unpaid'].includes(booking.status))).toEqual([]);
      const offers = await db.all<{ status: string; booking_id: string | null }>(
        'SELECT status, booking_id FROM offers WHERE mobile_id = ?',
        [mobileId],
      );
      expect(
        offers.filter((offer) => ['awaiting_card', 'pending', 'countered'].includes(offer.status)),
      ).toEqual([]);
      const accepted = offers.filter((offer) => offer.status === 'accepted');
      expect(accepted.length).toBeLessThanOrEqual(1);
      if (accepted.length === 1) expect(accepted[0]!.booking_id).toBe(heldDeals[0]!.id);
      return heldDeals[0]!;
    });

    // The processes' own job lets every other offer's card go within its tick (no tick is called from here).
    await expect
      .poll(() => withDb((db) => strayOfferAuthorizations(testProcessor(db), db, startedAt)), {
        timeout: (OFFER_RULES.voidWithinSeconds + 30) * 1000,
        interval: 1000,
      })
      .toEqual([]);
    // Exactly one card held for this listing at the processor: the deal's; and each offer's released once.
    await withDb(async (db) => {
      const live = await db.all<{ id: string }>(
        `SELECT t.id FROM test_intents t
         LEFT JOIN offers o ON o.id = t.offer_id LEFT JOIN bookings b ON b.id = t.booking_id
         WHERE t.status = 'requires_capture' AND (o.mobile_id = ? OR b.mobile_id = ?)`,
        [mobileId, mobileId],
      );
      expect(live.map((row) => row.id)).toEqual([held.transaction_id]);
      const unreleased = await db.all<{ state: string }>(
        `SELECT a.state FROM offer_authorizations a JOIN offers o ON o.id = a.offer_id
         WHERE o.mobile_id = ? AND a.state IN ('live', 'releasing')`,
        [mobileId],
      );
      expect(unreleased).toEqual([]);
    });
  }, 240_000);
});
