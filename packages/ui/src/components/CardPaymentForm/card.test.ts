import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, isExpired, luhnValid, parseExpiry } from './card';

describe('luhnValid', () => {
  it("accepts Stripe's test cards, with or without spaces", () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000 0000 0000 0002')).toBe(true);
    expect(luhnValid('5555 5555 5555 4444')).toBe(true);
  });

  it('rejects a wrong check digit and impossible lengths', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('formatting', () => {
  it('groups the number by four and drops anything but digits', () => {
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  it('writes the expiry as MM / YY', () => {
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12/345')).toBe('12 / 34');
  });
});

describe('expiry', () => {
  const now = new Date(2026, 10, 22); // November 2026

  it('parses real months only', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('13 / 34')).toBeNull();
    expect(parseExpiry('1 / 3')).toBeNull();
  });

  it('treats the current month as still valid', () => {
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2025 }, now)).toBe(true);
  });
});
