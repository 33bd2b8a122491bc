// The one place a screen turns an amount of money into text (the Grafana UI way: one formatter per value type).
// The wire carries both units: a Booking's `price` and a listing's prices are dollars; the seller's earnings
// (`completedCents`, `heldCents`) and a payment intent's `amount` are cents. So a caller names the unit it holds,
// and the type allows one unit, never both and never neither.

/** An amount of US dollars, named by its unit: `{ dollars: 610 }` or `{ cents: 61000 }`. */
export type Money = { dollars: number; cents?: never } | { cents: number; dollars?: never };

const USD = { style: 'currency', currency: 'USD' } as const;

// whole amounts without ".00", like the prices a seller types ("$610"); cents only when there are some ("$610.50")
const usd = new Intl.NumberFormat('en-US', { ...USD, trailingZeroDisplay: 'stripIfInteger' });

/** Number options for a NumberField that takes whole dollars (a price filter): "$350", the same look as formatMoney. */
export const wholeDollarsField: Intl.NumberFormatOptions = { ...USD, maximumFractionDigits: 0 };

/** The amount in whole cents; a RangeError for an amount that is no amount (NaN, Infinity, a fraction of a cent). */
function toCents(amount: Money): number {
  if (amount.cents !== undefined) {
    // a fraction of a cent is not an amount the wire sends: most likely dollars passed as cents
    if (!Number.isSafeInteger(amount.cents))
      throw new RangeError(`Not a whole number of cents: ${amount.cents}`);
    return amount.cents;
  }
  if (!Number.isFinite(amount.dollars)) throw new RangeError(`Not an amount of dollars: ${amount.dollars}`);
  // the contract's dollars are stored rounded to the cent; this also settles float noise (0.1 + 0.2)
  return Math.round(amount.dollars * 100);
}

/**
 * "$610", "$610.50", "$1,099", "$0", "-$5": the amount in US dollars, en-US. Throws a RangeError for NaN, an
 * infinity or a fraction of a cent, which are bugs upstream, not amounts to show.
 */
export function formatMoney(amount: Money): string {
  // `|| 0` turns -0 (a tiny negative amount rounded) into 0, so it never reads "-$0"
  return usd.format(toCents(amount) / 100 || 0);
}
