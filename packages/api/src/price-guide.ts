// The price guide's rules, pure so the server, the mocks and the web read one rulebook. A guide is
// made of captured prices only (what the seller captured with the buyer's handover code), never asking prices,
// and a figure is shown only when enough deals back it, so nobody reads a price off one or two sales.
import type { components } from './generated/schema';
import { toDollars } from './money';

type PriceFigures = components['schemas']['PriceFigures'];
type Condition = components['schemas']['Condition'];

/** Completed deals of the last this many days make the overall figures and the ranges. */
export const PRICE_GUIDE_WINDOW_DAYS = 90;
/** A figure (median, quartiles, a month's median) is shown only from this many deals up. */
export const PRICE_GUIDE_MIN_DEALS = 5;
/** The history reads this many calendar months, the current one last. */
export const PRICE_GUIDE_HISTORY_MONTHS = 12;

/** The p-th percentile (0..1) of sorted values, by linear interpolation between the two nearest (R's type 7). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of nothing');
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

const dollars = (cents: number) => toDollars(Math.round(cents));

/** The figures of some captured prices (integer cents): the count always, the prices from the minimum up. */
export function priceFigures(cents: readonly number[]): PriceFigures {
  if (cents.length < PRICE_GUIDE_MIN_DEALS) return { count: cents.length };
  const sorted = [...cents].sort((a, b) => a - b);
  return {
    count: sorted.length,
    median: dollars(percentile(sorted, 0.5)),
    p25: dollars(percentile(sorted, 0.25)),
    p75: dollars(percentile(sorted, 0.75)),
  };
}

/** The calendar months (UTC, "2026-11") the history reads, oldest first, ending with `now`'s. */
export function historyMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = PRICE_GUIDE_HISTORY_MONTHS - 1; back >= 0; back -= 1) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(at.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * A listing's title as a model key when it names no catalogue model, made as the catalogue makes its keys
 * (scripts/phone-data.mjs): lower case, "+" as "plus", accents dropped, words joined by dashes.
 */
export function titleModelKey(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/\+/g, ' plus ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'unknown'
  );
}

const money = (price: number) => `$${Number.isInteger(price) ? price : price.toFixed(2)}`;

/**
 * The model key a listing's deals count under, and so the guide a listing is compared with: its catalogue model,
 * else the model its IMEI's TAC names (a match or a mismatch, as phone truth stored it), else its title, each
 * normalised as titleModelKey makes it.
 */
export function listingModelKey(listing: {
  modelKey?: string | undefined;
  title: string;
  imeiCheck?: { model: { outcome: string; name?: string | undefined } } | undefined;
}): string {
  if (listing.modelKey) return listing.modelKey;
  const model = listing.imeiCheck?.model;
  if (model && model.outcome !== 'unknown' && model.name) return titleModelKey(model.name);
  return titleModelKey(listing.title);
}

/**
 * The guide's line for one storage and condition, as Add Product, Edit and the offer dialog say it:
 * "Good, 128 GB: $380-$420 from 14 completed deals", or how many deals it still waits for.
 */
export function rangeWords(range: { condition: Condition; storageGb?: number } & PriceFigures): string {
  const what = range.storageGb === undefined ? range.condition : `${range.condition}, ${range.storageGb} GB`;
  if (range.median === undefined || range.p25 === undefined || range.p75 === undefined) {
    return `Not enough completed deals yet (${Math.min(range.count, PRICE_GUIDE_MIN_DEALS)} of ${PRICE_GUIDE_MIN_DEALS})`;
  }
  const deals = `${range.count} completed deal${range.count === 1 ? '' : 's'}`;
  return `${what}: ${money(range.p25)}-${money(range.p75)} from ${deals}`;
}

/**
 * How a price compares with a range's median, as the listing says it ("6 % below the median of 14 completed
 * deals"); undefined when the range shows no median. Within half a percent it is "at the median".
 */
export function comparedWords(price: number, range: PriceFigures): string | undefined {
  if (range.median === undefined || range.median <= 0) return undefined;
  const deals = `${range.count} completed deal${range.count === 1 ? '' : 's'}`;
  const percent = Math.round(((price - range.median) / range.median) * 100);
  if (percent === 0) return `At the median of ${deals}`;
  return `${Math.abs(percent)} % ${percent < 0 ? 'below' : 'above'} the median of ${deals}`;
}
