// How a deal outlives what happens around it: a listing removed by its seller or by moderation ends
// its holds and lets the card go at once (not at the next reconciliation), while completed deals keep their
// seller's earnings and My Buyers whole; and the right code that loses the race to the last wrong code hears
// that the handover is locked.
import { dealRefusals, HANDOVER_ATTEMPTS } from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { HttpError } from '../src/http/errors';
import { dealClock } from '../src/modules/deals/clock';
import { handoverCodes } from '../src/modules/deals/handover-code';
import { dealsRepository, type DealsRepository } from '../src/modules/deals/repository';
import { dealService } from '../src/modules/deals/service';
import { usersRepository } from '../src/modules/users/repository';
import { createListing, heldDeal } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();
const seller = () => ctx.people.seller.token;
const buyer = () => ctx.people.buyer.token;

const intentStatus = async (id: string) =>
  (await ctx.app.db.get<{ status: string }>('SELECT status FROM test_intents WHERE id = ?', [id]))?.status;
const paymentStatus = async (transaction: string) =>
  (
    await ctx.app.db.get<{ status: string }>('SELECT status FROM payments WHERE transaction_id = ?', [
      transaction,
    ])
  )?.status;
const earnings = async () =>
  (await call(ctx.app.server, 'get', `/api/earnings?email=${demoAccounts.seller.email}`, { token: seller() }))
    .body as { completedCount: number; completedCents: number; heldCount: number };
const myBuyers = async () =>
  (
    await call(ctx.app.server, 'get', `/api/mybuyers?email=${demoAccounts.seller.email}&pageSize=100`, {
      token: seller(),
    })
  ).body.items as { _id: string; status: string }[];

/** Reports the listing and has the admin remove it. */
async function moderate(mobileId: string) {
  const report = await call(ctx.app.server, 'post', '/api/report', {
    token: ctx.people.otherBuyer.token,
    body: { mobileId, Report: 'A competitor says so' },
  });
  expect(report.status, JSON.stringify(report.body)).toBe(201);
  const resolved = await call(ctx.app.server, 'post', `/api/reports/${report.body.insertedId}/resolve`, {
    token: ctx.people.admin.token,
    body: { action: 'remove-listing' },
  });
  expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
}

describe('a removed listing', () => {
  it("keeps a completed sale in the seller's earnings and My Buyers after moderation removes it", async () => {
    const before = await earnings();
    const mobileId = await createListing(ctx.app.server, seller(), { stock: 2, resale_price: 400 });
    const deal = await heldDeal(ctx.app.server, buyer(), mobileId);
    const done = await call(ctx.app.server, 'post', `/api/bookings/${deal.bookingId}/handover`, {
      token: seller(),
      body: { code: deal.code },
    });
    expect(done.body).toMatchObject({ status: 'completed' });
    await moderate(mobileId);
    expect((await call(ctx.app.server, 'get', `/api/mobile/${mobileId}`)).status).toBe(404);
    const after = await earnings();
    expect(after.completedCount - before.completedCount).toBe(1);
    expect(after.completedCents - before.completedCents).toBe(40_000);
    expect((await myBuyers()).find((row) => row._id === deal.bookingId)).toMatchObject({
      status: 'completed',
    });
  });

  it.each(['the seller deletes it', 'moderation removes it'] as const)(
    'voids a held card at once when %s, with the unit gone and the buyer told',
    async (how) => {
      const mobileId = await createListing(ctx.app.server, seller(), { stock: 1 });
      const deal = await heldDeal(ctx.app.server, buyer(), mobileId);
      if (how === 'the seller deletes it') {
        const deleted = await call(ctx.app.server, 'delete', `/api/mobile/${mobileId}`, { token: seller() });
        expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      } else {
        await moderate(mobileId);
      }
      // No reconciliation ran: the answer itself let the card go.
      expect(await intentStatus(deal.transaction)).toBe('canceled');
      expect(await paymentStatus(deal.transaction)).toBe('voided');
      const mine = await call(ctx.app.server, 'get', `/api/bookings/${deal.bookingId}`, { token: buyer() });
      expect(mine.body).toMatchObject({ status: 'cancelled', cancelledBy: 'listing' });
      expect(mine.body).not.toHaveProperty('handoverCode');
    },
  );
});

describe('the last attempt', () => {
  it('a right code that loses the race to the last wrong code is told the handover is locked', async () => {
    const mobileId = await createListing(ctx.app.server, seller(), { stock: 1 });
    const deal = await heldDeal(ctx.app.server, buyer(), mobileId);
    const repository = dealsRepository(ctx.app.db);
    // The racers' wrong codes land after this request checked the attempts and the code, before its write.
    const racing: DealsRepository = {
      ...repository,
      async complete(id, at) {
        for (let attempt = 0; attempt < HANDOVER_ATTEMPTS; attempt += 1) await repository.wrongCode(id);
        return repository.complete(id, at);
      },
    };
    const service = dealService({
      db: ctx.app.db,
      deals: racing,
      processor: ctx.app.payments,
      fileReport: async () => undefined,
      deviceBlocked: async () => false,
      imeiWitnessed: async () => undefined,
      clock: dealClock(),
      codes: handoverCodes(ctx.app.config.jwtSecret),
      holdWindowMs: ctx.app.config.holdWindowHours * 3_600_000,
      demoMode: false,
      logger: pino({ level: 'silent' }),
    });
    const sellerRow = await usersRepository(ctx.app.db).findByEmail(demoAccounts.seller.email);
    expect(sellerRow).toBeDefined();
    const refusal = await service.completeHandover(sellerRow!, deal.bookingId, deal.code).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(HttpError);
    const { status: _status, ...expected } = dealRefusals.handoverLocked();
    expect(refusal).toMatchObject({ status: 409, ...expected });
    expect(await intentStatus(deal.transaction)).toBe('requires_capture');
  });
});
