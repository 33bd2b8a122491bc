import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows whole dollars without cents, from either unit', () => {
    expect(formatMoney({ dollars: 610 })).toBe('$610');
    expect(formatMoney({ cents: 61000 })).toBe('$610');
  });

  it('shows cents when there are some', () => {
    expect(formatMoney({ dollars: 610.5 })).toBe('$610.50');
    expect(formatMoney({ cents: 12345 })).toBe('$123.45');
    expect(formatMoney({ cents: 5 })).toBe('$0.05');
    // rounded to the cent, as the contract stores dollars
    expect(formatMoney({ dollars: 0.1 + 0.2 })).toBe('$0.30');
    expect(formatMoney({ dollars: 19.999 })).toBe('$20');
  });

  it('separates thousands', () => {
    expect(formatMoney({ dollars: 1099 })).toBe('$1,099');
    expect(formatMoney({ cents: 123456789 })).toBe('$1,234,567.89');
  });

  it('shows zero as $0, never -$0', () => {
    expect(formatMoney({ dollars: 0 })).toBe('$0');
    expect(formatMoney({ cents: 0 })).toBe('$0');
    expect(formatMoney({ dollars: -0.001 })).toBe('$0');
  });

  it('shows a negative amount with a minus sign', () => {
    expect(formatMoney({ dollars: -5 })).toBe('-$5');
    expect(formatMoney({ cents: -1050 })).toBe('-$10.50');
  });

  it('refuses what is no amount', () => {
    expect(() => formatMoney({ dollars: Number.NaN })).toThrow(RangeError);
    expect(() => formatMoney({ dollars: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => formatMoney({ cents: Number.NaN })).toThrow(RangeError);
    // a fraction of a cent: dollars passed as cents
    expect(() => formatMoney({ cents: 610.5 })).toThrow(RangeError);
  });

  it('refuses an amount with no unit', () => {
    // @ts-expect-error the type asks for dollars or cents
    expect(() => formatMoney({})).toThrow(RangeError);
  });
});

// Checked by the typecheck, never run: both units at once could disagree, so the type takes exactly one.
export function bothUnitsDoNotCompile() {
  // @ts-expect-error dollars and cents together
  formatMoney({ dollars: 1, cents: 100 });
}
