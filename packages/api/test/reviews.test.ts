import { describe, expect, it } from 'vitest';
import {
  NEW_SELLER_BELOW,
  ratingWords,
  REVIEW_WINDOW_DAYS,
  reviewRefusals,
  reviewWindowClosesAt,
} from '../src/reviews';

describe("reviews' rules", () => {
  it('close the window REVIEW_WINDOW_DAYS after the handover, to the millisecond', () => {
    expect(reviewWindowClosesAt('2026-11-11T18:00:00.000Z')).toBe(
      new Date(Date.UTC(2026, 10, 11 + REVIEW_WINDOW_DAYS, 18)).toISOString(),
    );
  });

  it('say "New seller" below NEW_SELLER_BELOW reviews, then the average to one decimal', () => {
    expect(ratingWords({ average: null, count: 0 })).toBe('New seller');
    expect(ratingWords({ average: 5, count: NEW_SELLER_BELOW - 1 })).toBe('New seller');
    expect(ratingWords({ average: 4.67, count: NEW_SELLER_BELOW })).toBe('4.7 ★ (3 reviews)');
  });

  it('refuse a deal that is not complete in words that fit where it stands', () => {
    expect(reviewRefusals.notCompleted('held').message).toMatch(/once the handover is done/);
    expect(reviewRefusals.notCompleted('declined')).toMatchObject({ status: 409, code: 'not_completed' });
  });
});
