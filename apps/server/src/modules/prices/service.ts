// The price guide: what phones really sold for on ReCell. A deal's captured price is kept in the
// transaction that completes it (the deals module's PriceCaptured port, wired in app.ts); the guide reads a model's
// captures of the last 90 days (figures per storage and condition) and of the last 12 months (the history), and
// keeps it computed (price_guides): a capture recomputes its model's guide in the same transaction, and a read
// recomputes one only when the deal clock has left the moments it holds for (a 90-day capture turned older, a later
// capture came into the window, a new month began), so most reads are one primary-key lookup. The
// rules (the window, the minimum of deals, the percentiles, the months, a title's key) are @recell/api's
// price-guide.ts; the "one person" rule is tac-learning's notCounted.
import {
  CONDITIONS,
  historyMonths,
  notCounted,
  PRICE_GUIDE_MIN_DEALS,
  PRICE_GUIDE_WINDOW_DAYS,
  priceFigures,
  listingModelKey,
  type components,
} from '@recell/api';
import { findPhoneModel, modelTitle } from '@recell/api/phone-models';
import { notFound } from '../../http/errors';
import type { CompletedDealRow, PricesRepository } from './repository';

export type PriceGuide = components['schemas']['PriceGuide'];
type PriceRange = components['schemas']['PriceRange'];
type StorageGb = components['schemas']['StorageGb'];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The model key a completed deal counts under: the listing's catalogue model, else the model its IMEI's TAC
 * names ("Samsung Galaxy S21", as phone truth stored it on the listing), else the listing's title, normalised.
 */
export function dealModelKey(
  deal: Pick<CompletedDealRow, 'model_key' | 'imei_model_name' | 'title' | 'mobile_name'>,
): string {
  // the one rule the mocks and the web use (@recell/api's listingModelKey), fed from the stored row
  return listingModelKey({
    ...(deal.model_key ? { modelKey: deal.model_key } : {}),
    title: deal.title ?? deal.mobile_name,
    ...(deal.imei_model_name
      ? { imeiCheck: { model: { outcome: 'match', name: deal.imei_model_name } } }
      : {}),
  });
}

/** One account, or one verified number, on both sides: the deal never counts (young accounts and pairs do). */
function samePerson(deal: CompletedDealRow): boolean {
  if (!deal.buyer_id || !deal.seller_id) return false;
  const side = (id: string, createdAt: string | null, phone: string | null) => ({
    id,
    created_at: createdAt ?? deal.completed_at,
    phone,
  });
  return (
    notCounted({
      buyer: side(deal.buyer_id, deal.buyer_created_at, deal.buyer_phone),
      seller: side(deal.seller_id, deal.seller_created_at, deal.seller_phone),
      completedDeals: 1,
      at: new Date(deal.completed_at),
    }) === 'same_person'
  );
}

/** Ranges by storage (a listing that named none last), then condition as the grades go. */
const rangeOrder = (a: PriceRange, b: PriceRange) =>
  (a.storageGb ?? Infinity) - (b.storageGb ?? Infinity) ||
  CONDITIONS.indexOf(a.condition) - CONDITIONS.indexOf(b.condition);

interface RangeCents {
  storageGb: StorageGb | null;
  condition: PriceRange['condition'];
  cents: number[];
}

export function pricesService(deps: {
  prices: PricesRepository;
  /** The deal's clock (demo mode moves it; the window moves with it). */
  now: () => Date;
}) {
  const { prices } = deps;

  /** A model key's title: the catalogue's, else its newest capture's (undefined for neither). */
  async function modelOf(modelKey: string): Promise<PriceGuide['model'] | undefined> {
    const row = findPhoneModel(modelKey);
    if (row) return { key: row.key, brand: row.brand, name: row.name, title: modelTitle(row) };
    const latest = await prices.latest(modelKey);
    return latest && { key: modelKey, brand: latest.category_id, name: latest.title, title: latest.title };
  }

  /**
   * The guide of a model key computed from its captures as of `now`, with the first moment the same captures
   * would give other figures; undefined when the catalogue lacks the key and no deal ever counted under it.
   */
  async function computeGuide(
    modelKey: string,
    now: Date,
  ): Promise<{ guide: PriceGuide; freshUntil: Date } | undefined> {
    const model = await modelOf(modelKey);
    if (!model) return undefined;
    const until = now.toISOString();
    const since = new Date(now.getTime() - PRICE_GUIDE_WINDOW_DAYS * DAY_MS).toISOString();
    const months = historyMonths(now);
    const groups = await prices.groups(modelKey, months[0]!, since, until);
    // The figures hold until the next month (the history's 12 months), the oldest capture of the 90 days turning
    // older, or a capture after now coming in, whichever is first.
    const changes = [Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)];
    const next = await prices.nextCapture(modelKey, until);
    if (next) changes.push(Date.parse(next));
    for (const group of groups) {
      if (group.first_recent)
        changes.push(Date.parse(group.first_recent) + PRICE_GUIDE_WINDOW_DAYS * DAY_MS + 1);
    }
    const freshUntil = new Date(Math.max(now.getTime() + 1, Math.min(...changes.filter(Number.isFinite))));

    const all: number[] = [];
    const byRange = new Map<string, RangeCents>();
    const byMonth = new Map<string, number[]>(months.map((month) => [month, []]));
    const centsOf = (joined: string | null) => (joined ? joined.split(',').map(Number) : []);
    for (const group of groups) {
      const cents = centsOf(group.recent);
      byMonth.get(group.month)?.push(...centsOf(group.older), ...cents);
      if (cents.length === 0) continue;
      const storageGb = group.storage_gb === null ? null : (Number(group.storage_gb) as StorageGb);
      const key = `${storageGb}|${group.condition}`;
      let range = byRange.get(key);
      if (!range) byRange.set(key, (range = { storageGb, condition: group.condition, cents: [] }));
      range.cents.push(...cents);
      all.push(...cents);
    }
    const ranges = [...byRange.values()]
      .map(({ storageGb, condition, cents }): PriceRange => ({
        ...(storageGb === null ? {} : { storageGb }),
        condition,
        ...priceFigures(cents),
      }))
      .sort(rangeOrder);
    const history = months.map((month) => {
      const { count, median } = priceFigures(byMonth.get(month)!);
      return median === undefined ? { month, count } : { month, count, median };
    });

    return {
      guide: {
        model,
        windowDays: PRICE_GUIDE_WINDOW_DAYS,
        minDeals: PRICE_GUIDE_MIN_DEALS,
        overall: priceFigures(all),
        ranges,
        history,
      },
      freshUntil,
    };
  }

  /** Computes a model's guide as of `now` and keeps it. Call inside a transaction (see storeGuide). */
  async function recompute(modelKey: string, now: Date): Promise<PriceGuide | undefined> {
    const computed = await computeGuide(modelKey, now);
    if (!computed) return undefined;
    await prices.storeGuide(modelKey, {
      guide: JSON.stringify(computed.guide),
      computed_at: now.toISOString(),
      fresh_until: computed.freshUntil.toISOString(),
    });
    return computed.guide;
  }

  /** The guide of a model key, or undefined when the catalogue lacks it and no deal ever counted under it. */
  async function priceGuide(modelKey: string): Promise<PriceGuide | undefined> {
    const now = deps.now();
    const at = now.toISOString();
    const stored = await prices.storedGuide(modelKey);
    // kept and still holding: the read is this one lookup (a restart that set the demo clock back recomputes)
    if (stored && stored.computed_at <= at && at < stored.fresh_until)
      return JSON.parse(stored.guide) as PriceGuide;
    // a key that names nothing is answered without a transaction (and nothing is kept for it)
    if (!stored && !(await modelOf(modelKey))) return undefined;
    // the first read past the kept moments computes it again, once, for the reads after
    return prices.transaction(() => recompute(modelKey, now));
  }

  return {
    /**
     * The guide of a model key (GET /price-guide/{modelKey}, and the public /prices/{model} page): undefined when
     * the key is neither a catalogue model nor has any capture.
     */
    priceGuide,

    async getPriceGuide(modelKey: string): Promise<PriceGuide> {
      return (await priceGuide(modelKey)) ?? notFound();
    },

    /**
     * The PriceCaptured port: a completed deal's price kept, once per booking, with the listing as it is at the
     * handover. Call inside the completing transaction.
     */
    async captured(bookingId: string): Promise<void> {
      const deal = await prices.completedDeal(bookingId);
      // a listing gone (or a deal not completed) leaves nothing to count under
      if (!deal?.condition || !deal.category_id) return;
      const modelKey = dealModelKey(deal);
      const inserted = await prices.insert({
        id: `pc-${deal.id}`,
        booking_id: deal.id,
        source: 'deal',
        model_key: modelKey,
        category_id: deal.category_id,
        title: deal.title ?? deal.mobile_name,
        storage_gb: deal.storage_gb === null ? null : (Number(deal.storage_gb) as StorageGb),
        condition: deal.condition,
        price_cents: Number(deal.price_cents),
        captured_at: deal.completed_at,
        not_counted: samePerson(deal) ? 'same_person' : null,
      });
      // the model's guide counts it at once (a retried completion wrote nothing and changes nothing)
      if (inserted) await recompute(modelKey, deps.now());
    },
  };
}

export type PricesService = ReturnType<typeof pricesService>;
