// Price guides in each state the public page shows, fixed so a story or test reads the same figures
// every day: nothing sold, fewer than the minimum, and enough, with months of history and gaps in it.
import type { PriceGuide, PriceMonth } from '@recell/api';

const model = {
  key: 'samsung-galaxy-s21',
  brand: '02',
  name: 'Galaxy S21',
  title: 'Samsung Galaxy S21',
} as const;

const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

const months = (rows: Partial<Record<string, Omit<PriceMonth, 'month'>>>): PriceMonth[] =>
  MONTHS.map((month) => ({ month, ...(rows[month] ?? { count: 0 }) }));

const base = { model, windowDays: 90, minDeals: 5 } as const;

/** Nothing sold yet: every count 0. */
export const guideWithoutDeals: PriceGuide = {
  ...base,
  overall: { count: 0 },
  ranges: [],
  history: months({}),
};

/** Three deals: counts only, "Not enough completed deals yet (3 of 5)". */
export const guideBelowMinimum: PriceGuide = {
  ...base,
  overall: { count: 3 },
  ranges: [{ storageGb: 128, condition: 'Good', count: 3 }],
  history: months({ '2026-09': { count: 1 }, '2026-11': { count: 2 } }),
};

/** Enough: the figures, a range without enough beside one with, and a history with gaps. */
export const guideWithHistory: PriceGuide = {
  ...base,
  overall: { count: 17, median: 400, p25: 385, p75: 415 },
  ranges: [
    // percentiles between two prices: cents, the widest figures a range shows
    { storageGb: 128, condition: 'Good', count: 14, median: 400, p25: 391.25, p75: 408.75 },
    { storageGb: 256, condition: 'Excellent', count: 3 },
  ],
  history: months({
    '2026-03': { count: 2 },
    '2026-04': { count: 5, median: 465 },
    '2026-05': { count: 6, median: 452 },
    '2026-06': { count: 3 },
    '2026-07': { count: 5, median: 440 },
    '2026-08': { count: 7, median: 425 },
    '2026-09': { count: 6, median: 410 },
    '2026-10': { count: 5, median: 402.5 },
    '2026-11': { count: 6, median: 395 },
  }),
};
