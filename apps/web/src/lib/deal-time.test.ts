import { describe, expect, it } from 'vitest';
import { timeLeft } from './deal-time';

describe('timeLeft', () => {
  const now = Date.parse('2026-11-20T00:00:00.000Z');
  it('says days and hours, hours, or minutes left', () => {
    expect(timeLeft('2026-11-24T03:00:00.000Z', now)).toBe('4 days 3 hours left');
    expect(timeLeft('2026-11-21T01:00:00.000Z', now)).toBe('1 day 1 hour left');
    expect(timeLeft('2026-11-20T05:30:00.000Z', now)).toBe('5 hours left');
    expect(timeLeft('2026-11-20T00:00:30.000Z', now)).toBe('1 minute left');
  });
  it('says it is expiring once the time is up, and nothing without a hold', () => {
    expect(timeLeft('2026-11-19T23:00:00.000Z', now)).toBe('Expiring now');
    expect(timeLeft(undefined, now)).toBe('');
  });
});
