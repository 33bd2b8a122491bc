// react-query with the spec's data-fetch defaults (§9): 3 retries, exponential delay capped at 30 s,
// a 5-minute cache. A 4xx is the server saying no, so asking again cannot help: no retry then.
import { ApiError } from '@recell/api';
import { QueryClient } from '@tanstack/react-query';

export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
export const CACHE_TIME_MS = 5 * 60_000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: CACHE_TIME_MS, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
