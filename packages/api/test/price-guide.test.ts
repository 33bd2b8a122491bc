import { describe, expect, it } from 'vitest';
import {
  comparedWords,
  historyMonths,
  listingModelKey,
  percentile,
  priceFigures,
  rangeWords,
  titleModelKey,
} from '../src/price-guide';

describe('the price guide rules', () => {
  it('interpolates percentiles between the nearest prices', () => {
    expect(percentile([100, 200, 300, 400], 0.5)).toBe(250);
    expect(percentile([100, 200, 300, 400], 0.25)).toBe(175);
    expect(percentile([100, 200, 300, 400, 500], 0.75)).toBe(400);
    expect(percentile([700], 0.25)).toBe(700);
    expect(() => percentile([], 0.5)).toThrow(RangeError);
  });

  it('shows prices only from 5 deals up, in dollars, whatever the order', () => {
    expect(priceFigures([40000, 41000, 39000, 38000])).toEqual({ count: 4 });
    expect(priceFigures([42000, 38000, 40000, 39000, 41000])).toEqual({
      count: 5,
      median: 400,
      p25: 390,
      p75: 410,
    });
    expect(priceFigures([10001, 10002, 10003, 10004, 10005, 10006])).toEqual({
      count: 6,
      median: 100.04,
      p25: 100.02,
      p75: 100.05,
    });
  });

  it('says the range, or how many deals it waits for', () => {
    expect(
      rangeWords({ condition: 'Good', storageGb: 128, count: 14, median: 400, p25: 380, p75: 420 }),
    ).toBe('Good, 128 GB: $380-$420 from 14 completed deals');
    expect(rangeWords({ condition: 'Fair', count: 3 })).toBe('Not enough completed deals yet (3 of 5)');
    expect(rangeWords({ condition: 'Fair', count: 0 })).toBe('Not enough completed deals yet (0 of 5)');
  });

  it('compares a price with the median', () => {
    const range = { count: 14, median: 400, p25: 380, p75: 420 };
    expect(comparedWords(376, range)).toBe('6 % below the median of 14 completed deals');
    expect(comparedWords(500, range)).toBe('25 % above the median of 14 completed deals');
    expect(comparedWords(401, range)).toBe('At the median of 14 completed deals');
    expect(comparedWords(376, { count: 3 })).toBeUndefined();
  });

  it('reads 12 calendar months ending with this one, across a year', () => {
    const months = historyMonths(new Date('2026-02-15T12:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-03');
    expect(months.at(-1)).toBe('2026-02');
  });

  it('makes a model key of any title', () => {
    expect(titleModelKey('Samsung Galaxy S21 (128 GB)!')).toBe('samsung-galaxy-s21-128-gb');
    expect(titleModelKey('Xiaomi Rédmi Note')).toBe('xiaomi-redmi-note');
    expect(titleModelKey('Samsung Galaxy S21+')).toBe('samsung-galaxy-s21-plus');
    expect(titleModelKey('!!!')).toBe('unknown');
    expect(titleModelKey('a'.repeat(100))).toHaveLength(80);
  });

  it("keys a listing by its catalogue model, else its IMEI's model, else its title", () => {
    const title = 'My phone S21 mint';
    expect(listingModelKey({ modelKey: 'samsung-galaxy-s21', title })).toBe('samsung-galaxy-s21');
    const imei = (outcome: string, name?: string) => ({ model: { outcome, ...(name ? { name } : {}) } });
    expect(listingModelKey({ title, imeiCheck: imei('mismatch', 'Samsung Galaxy S21+') })).toBe(
      'samsung-galaxy-s21-plus',
    );
    expect(listingModelKey({ title, imeiCheck: imei('match', 'Samsung Galaxy S21') })).toBe(
      'samsung-galaxy-s21',
    );
    expect(listingModelKey({ title, imeiCheck: imei('unknown') })).toBe('my-phone-s21-mint');
    expect(listingModelKey({ title })).toBe('my-phone-s21-mint');
  });
});
