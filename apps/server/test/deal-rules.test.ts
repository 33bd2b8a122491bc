// The deal's rulebook (`@recell/api` deal-rules) is the one place its numbers live: the database's own CHECK on
// handover attempts must say the same number on both engines (the hold window's default and cap are held in
// deal.test.ts). Changing HANDOVER_ATTEMPTS without a migration fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HANDOVER_ATTEMPTS } from '@recell/api';
import { describe, expect, it } from 'vitest';
import { isConstraintViolation } from '../src/db/database';
import { book, createListing } from './support/fixtures';
import { useServer } from './support/harness';

const ctx = useServer();
const migrations = join(import.meta.dirname, '../src/db/migrations');

/** The last CHECK each engine's migrations put on bookings.handover_attempts: its upper bound. */
function attemptsCheck(engine: 'sqlite' | 'postgres'): number | undefined {
  let bound: number | undefined;
  for (const file of readdirSync(join(migrations, engine)).sort()) {
    const sql = readFileSync(join(migrations, engine, file), 'utf8');
    for (const match of sql.matchAll(/CHECK \(handover_attempts BETWEEN 0 AND (\d+)\)/g))
      bound = Number(match[1]);
  }
  return bound;
}

describe('the deal rulebook', () => {
  it.each(['sqlite', 'postgres'] as const)('the %s migrations CHECK the same attempt limit', (engine) => {
    expect(attemptsCheck(engine)).toBe(HANDOVER_ATTEMPTS);
  });

  it('the running database refuses one attempt past the limit, and takes the limit itself', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { stock: 1 });
    const bookingId = await book(ctx.app.server, ctx.people.buyer.token, mobileId);
    const set = (attempts: number) =>
      ctx.app.db.run('UPDATE bookings SET handover_attempts = ? WHERE id = ?', [attempts, bookingId]);
    await expect(set(HANDOVER_ATTEMPTS)).resolves.toEqual({ changes: 1 });
    const past = await set(HANDOVER_ATTEMPTS + 1).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isConstraintViolation(past)).toBe(true);
  });
});
