// The price page's history in words and on a scale: pure, so the chart, its text alternative and the
// table fallback say the same thing, and a test holds them without drawing anything.
import { PRICE_GUIDE_MIN_DEALS, type PriceMonth } from '@recell/api';
import { formatMoney } from '@recell/ui/format';

const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** "Nov 2026": a history month ("2026-11", UTC) as the chart's axis and the table name it. */
export const monthShort = (month: string) =>
  monthDate(month).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "November 2026", for sentences. */
export const monthLong = (month: string) =>
  monthDate(month).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Nov": the axis's label under each month, short enough for twelve of them across a phone. */
export const monthOnly = (month: string) =>
  monthDate(month).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });

export const dollars = (amount: number) => formatMoney({ dollars: amount });

/** The months that show a median (at least PRICE_GUIDE_MIN_DEALS deals), in the history's order. */
export const monthsWithMedian = (history: readonly PriceMonth[]) =>
  history.filter((month): month is PriceMonth & { median: number } => month.median !== undefined);

/** What the history's table says where a month shows no median: none sold, or how many it still waits for. */
export function medianWords(month: PriceMonth): string {
  if (month.median !== undefined) return dollars(month.median);
  if (month.count === 0) return 'None sold';
  return `Not enough deals (${month.count} of ${PRICE_GUIDE_MIN_DEALS})`;
}

/**
 * The chart's text alternative: the months it spans, each median it draws, and what the gaps are, so a screen
 * reader hears what the picture shows ("Median sold price by month, December 2025 to November 2026: ...").
 */
export function historyDescription(history: readonly PriceMonth[]): string {
  const first = history[0];
  const last = history[history.length - 1];
  if (!first || !last) return 'No price history yet.';
  const span = `${monthLong(first.month)} to ${monthLong(last.month)}`;
  const shown = monthsWithMedian(history);
  if (shown.length === 0) {
    return `Median sold price by month, ${span}: no month had ${PRICE_GUIDE_MIN_DEALS} completed deals yet, so none shows.`;
  }
  const medians = shown.map((month) => `${monthLong(month.month)} ${dollars(month.median)}`).join(', ');
  const missing = history.length - shown.length;
  const gaps =
    missing === 0
      ? ''
      : ` ${missing} ${missing === 1 ? 'month has' : 'months have'} fewer than ${PRICE_GUIDE_MIN_DEALS} deals and no median.`;
  return `Median sold price by month, ${span}: ${medians}.${gaps}`;
}

/** A round step for about `parts` gridlines over `range` dollars: 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(range: number, parts: number): number {
  const rough = Math.max(range, 1) / parts;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10;
  return step * power;
}

/**
 * The chart's vertical scale over the medians it draws: round bounds a little beyond them and the gridlines'
 * values, lowest first. One median (or all equal) still gets a band around it, so its dot sits mid-chart.
 */
export function priceScale(medians: readonly number[]): { min: number; max: number; ticks: number[] } {
  if (medians.length === 0) return { min: 0, max: 1, ticks: [] };
  const low = Math.min(...medians);
  const high = Math.max(...medians);
  const pad = high === low ? Math.max(high * 0.1, 10) : (high - low) * 0.15;
  const step = niceStep(high - low + 2 * pad, 4);
  const min = Math.max(0, Math.floor((low - pad) / step) * step);
  const max = Math.ceil((high + pad) / step) * step;
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 1000; tick += step) ticks.push(Math.round(tick * 100) / 100);
  return { min, max, ticks };
}
