import { ApiError } from '@recell/api';
import { describe, expect, it } from 'vitest';
import { CACHE_TIME_MS, createQueryClient, retryDelay, shouldRetry } from './query-client';

describe('data-fetch defaults (§9)', () => {
  it('retries a failure up to 3 times', () => {
    const failure = new ApiError(503, { message: 'Database unavailable' });
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, failure))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('never retries a 4xx: the server said no', () => {
    for (const status of [400, 401, 403, 404, 409, 429])
      expect(shouldRetry(0, new ApiError(status, { message: 'no' }))).toBe(false);
  });

  it('waits exponentially longer, at most 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('keeps unused data for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(CACHE_TIME_MS).toBe(300_000);
    expect(defaults?.gcTime).toBe(CACHE_TIME_MS);
    expect(defaults?.retry).toBe(shouldRetry);
  });
});
