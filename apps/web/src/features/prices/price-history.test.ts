import { describe, expect, it } from 'vitest';
import { guideBelowMinimum, guideWithHistory } from '../../testing/price-guides';
import { historyDescription, medianWords, monthLong, monthShort, priceScale } from './price-history';

describe("the price page's history", () => {
  it('names months in UTC, whatever the reader\'s zone: "2026-01" is January 2026 on its first day', () => {
    expect(monthShort('2026-01')).toBe('Jan 2026');
    expect(monthLong('2025-12')).toBe('December 2025');
  });

  it('says each month in words: its median, how many it waits for, or none sold', () => {
    expect(medianWords({ month: '2026-10', count: 5, median: 402.5 })).toBe('$402.50');
    expect(medianWords({ month: '2026-06', count: 3 })).toBe('Not enough deals (3 of 5)');
    expect(medianWords({ month: '2026-01', count: 0 })).toBe('None sold');
  });

  it("describes the chart with every median it draws and how many months have none (the chart's words)", () => {
    expect(historyDescription(guideWithHistory.history)).toBe(
      'Median sold price by month, December 2025 to November 2026: April 2026 $465, May 2026 $452, ' +
        'July 2026 $440, August 2026 $425, September 2026 $410, October 2026 $402.50, November 2026 $395. ' +
        '5 months have fewer than 5 deals and no median.',
    );
    expect(historyDescription(guideBelowMinimum.history)).toBe(
      'Median sold price by month, December 2025 to November 2026: no month had 5 completed deals yet, so none shows.',
    );
    expect(historyDescription([])).toBe('No price history yet.');
  });

  it('puts the medians on a round scale a little beyond them, every gridline inside it', () => {
    const medians = [465, 452, 440, 425, 410, 402.5, 395];
    const { min, max, ticks } = priceScale(medians);
    expect(min).toBeLessThan(395);
    expect(max).toBeGreaterThan(465);
    expect(ticks[0]).toBe(min);
    expect(ticks[ticks.length - 1]).toBe(max);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(7);
    // evenly spaced, on round numbers
    const steps = new Set(ticks.slice(1).map((tick, at) => tick - ticks[at]!));
    expect(steps.size).toBe(1);
    expect(ticks.every((tick) => Number.isInteger(tick / 5))).toBe(true);
  });

  it('gives one median (or equal ones) a band around it, and nothing a scale of its own', () => {
    const one = priceScale([400]);
    expect(one.min).toBeLessThan(400);
    expect(one.max).toBeGreaterThan(400);
    expect(priceScale([]).ticks).toEqual([]);
  });
});
