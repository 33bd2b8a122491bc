// The mocks move a deal only as DEAL_TRANSITIONS says, as the server's repository does
// (apps/server/test/deal-transitions.test.ts): taking a move out of the table takes it out of the mocks.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { DealStatus } from '../src';
import { DEAL_TRANSITIONS, movesFrom } from '../src/deal-rules';
import { complete, end } from '../src/mocks/deal';
import { createMockStore } from '../src/mocks/store';

function withMoves(from: DealStatus, moves: readonly DealStatus[]) {
  const table = DEAL_TRANSITIONS as unknown as Record<DealStatus, readonly DealStatus[]>;
  const before = table[from];
  table[from] = moves;
  onTestFinished(() => {
    table[from] = before!;
  });
}

const heldBooking = () => {
  const store = createMockStore();
  const booking = store.bookings.find((candidate) => candidate.status === 'held')!;
  return { store, booking };
};

describe("the mocks' deal moves, from the rulebook's table", () => {
  it('reads which states lead to each', () => {
    expect(movesFrom('held')).toEqual(['unpaid']);
    expect(movesFrom('completed')).toEqual(['held']);
    expect(movesFrom('cancelled').sort()).toEqual(['held', 'unpaid']);
    expect(movesFrom('unpaid')).toEqual([]);
  });

  it('completes a held deal with the table as shipped, and not without held -> completed', () => {
    const shipped = heldBooking();
    complete(shipped.store, shipped.booking);
    expect(shipped.booking.status).toBe('completed');

    withMoves('held', ['cancelled', 'declined', 'expired']);
    const changed = heldBooking();
    complete(changed.store, changed.booking);
    expect(changed.booking.status).toBe('held');
    expect(movesFrom('completed')).toEqual([]);
  });

  it('ends nothing the table does not let end', () => {
    withMoves('held', ['completed', 'declined', 'expired']);
    const { store, booking } = heldBooking();
    end(store, booking, 'cancelled');
    expect(booking.status).toBe('held');
    end(store, booking, 'declined');
    expect(booking.status).toBe('declined');
  });
});
