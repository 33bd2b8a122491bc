// The deal's transitions come from the rulebook's table (DEAL_TRANSITIONS in @recell/api): the repository writes
// it into each transition's WHERE clause, so taking a move out of the table takes it out of the server. The
// table is changed for one test and put back, in this process, which is the server's.
import { DEAL_TRANSITIONS, type DealStatus } from '@recell/api';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createListing, heldDeal } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();

/** Runs with `from`'s moves replaced, then puts the table back. */
function withMoves(from: DealStatus, moves: readonly DealStatus[]) {
  const table = DEAL_TRANSITIONS as unknown as Record<DealStatus, readonly DealStatus[]>;
  const before = table[from];
  table[from] = moves;
  onTestFinished(() => {
    table[from] = before;
  });
}

const handover = (bookingId: string, code: string) =>
  call(ctx.app.server, 'post', `/api/bookings/${bookingId}/handover`, {
    token: ctx.people.seller.token,
    body: { code },
  });
const statusOf = async (bookingId: string) =>
  (await call(ctx.app.server, 'get', `/api/bookings/${bookingId}`, { token: ctx.people.buyer.token })).body
    .status as DealStatus;

describe("the deal's transitions, from the rulebook's table", () => {
  it('completes nothing when the table has no held -> completed, and completes with it', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 2 });
    const deal = await heldDeal(ctx.app.server, ctx.people.buyer.token, mobileId);
    withMoves('held', ['cancelled', 'declined', 'expired']);
    const refused = await handover(deal.bookingId, deal.code);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await statusOf(deal.bookingId)).toBe('held');
  });

  it('with the table as shipped, the same code completes the deal', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 2 });
    const deal = await heldDeal(ctx.app.server, ctx.people.buyer.token, mobileId);
    expect((await handover(deal.bookingId, deal.code)).status).toBe(200);
    expect(await statusOf(deal.bookingId)).toBe('completed');
  });

  it('ends nothing the table does not let end: a walk-away of a held deal without held -> cancelled', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 2 });
    const deal = await heldDeal(ctx.app.server, ctx.people.buyer.token, mobileId);
    withMoves('held', ['completed', 'declined', 'expired']);
    const walked = await call(ctx.app.server, 'post', `/api/bookings/${deal.bookingId}/cancel`, {
      token: ctx.people.buyer.token,
    });
    expect(walked.status).toBeLessThan(500);
    expect(await statusOf(deal.bookingId)).toBe('held');
  });
});
