// The price guide as the server serves it: captured prices only, from the demo's captures
// (fixtures/price-history.ts, moved to the deal clock) and the deals completed in this store, through the one
// rulebook (price-guide.ts) for the figures, the window and the months.
import type { components } from '../../generated/schema';
import { priceCapturesAsOf } from '../../fixtures';
import { CONDITIONS } from '../../grades';
import { findPhoneModel, modelTitle } from '../../phone-models';
import {
  historyMonths,
  PRICE_GUIDE_MIN_DEALS,
  PRICE_GUIDE_WINDOW_DAYS,
  listingModelKey,
  priceFigures,
} from '../../price-guide';
import { sameEmail } from '../../rules';
import { dealNow } from '../deal';
import type { MockStore } from '../store';
import { fail, http, type OperationHandlers } from '../support';

type Schemas = components['schemas'];
type Mobile = Schemas['Mobile'];

/** One captured price, as the guide reads it. */
interface Capture {
  modelKey: string;
  brand: Schemas['CategoryId'];
  title: string;
  storageGb?: Schemas['StorageGb'] | undefined;
  condition: Schemas['Condition'];
  /** Integer cents, as priceFigures takes them. */
  cents: number;
  capturedAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A deal between two accounts of one person never counts: one account on both sides, or one verified phone
 * number on both (the buyer's and the seller's).
 */
function onePerson(store: MockStore, buyerEmail: string, mobile: Mobile): boolean {
  if (sameEmail(buyerEmail, mobile.email)) return true;
  const idOf = (email: string) => store.users.find((user) => sameEmail(user.email, email))?._id;
  const buyerPhone = store.phones.get(idOf(buyerEmail) ?? '');
  const sellerPhone = store.phones.get(mobile.sellerId ?? idOf(mobile.email) ?? '');
  return buyerPhone !== undefined && buyerPhone === sellerPhone;
}

/** Every capture the guide may read: the demo's, then each deal this store completed with a captured payment. */
function captures(store: MockStore, now: Date): Capture[] {
  const demo = priceCapturesAsOf(now).map(
    ({ modelKey, brand, title, storageGb, condition, price, capturedAt }): Capture => ({
      modelKey,
      brand,
      title,
      storageGb,
      condition,
      cents: Math.round(price * 100),
      capturedAt,
    }),
  );
  const completed = store.bookings.flatMap((booking): Capture[] => {
    if (booking.status !== 'completed' || !booking.completedAt) return [];
    const payment = store.payments.find((candidate) => candidate.bookingId === booking._id);
    const mobile = store.mobiles.find((candidate) => candidate._id === booking.mobileId);
    if (payment?.status !== 'captured' || !mobile || onePerson(store, booking.email, mobile)) return [];
    return [
      {
        modelKey: listingModelKey(mobile),
        brand: mobile.category_id,
        title: mobile.title,
        storageGb: mobile.storageGb,
        condition: mobile.condition,
        cents: Math.round(booking.price * 100),
        capturedAt: booking.completedAt,
      },
    ];
  });
  return [...demo, ...completed];
}

/**
 * The model a key names: the catalogue's, else the title of its newest capture (as the server: a key the
 * catalogue lacks is known once a deal was captured under it); undefined if neither.
 */
function modelOf(key: string, all: readonly Capture[]): Schemas['PriceGuide']['model'] | undefined {
  const row = findPhoneModel(key);
  if (row) return { key, brand: row.brand, name: row.name, title: modelTitle(row) };
  const newest = [...all].sort((a, b) => b.capturedAt.localeCompare(a.capturedAt))[0];
  return newest && { key, brand: newest.brand, name: newest.title, title: newest.title };
}

/** Ranges by storage (none last) then condition (best first, as the grades run). */
function byStorageThenCondition(a: Schemas['PriceRange'], b: Schemas['PriceRange']): number {
  const size = (range: Schemas['PriceRange']) => range.storageGb ?? Number.POSITIVE_INFINITY;
  return size(a) - size(b) || CONDITIONS.indexOf(a.condition) - CONDITIONS.indexOf(b.condition);
}

export function priceGuide(store: MockStore, key: string): Schemas['PriceGuide'] | undefined {
  const now = dealNow(store);
  const all = captures(store, now).filter(
    (capture) => capture.modelKey === key && capture.capturedAt <= now.toISOString(),
  );
  const model = modelOf(key, all);
  if (!model) return undefined;
  const since = new Date(now.getTime() - PRICE_GUIDE_WINDOW_DAYS * DAY_MS).toISOString();
  const recent = all.filter((capture) => capture.capturedAt > since);
  const groups = new Map<
    string,
    { storageGb?: Schemas['StorageGb'] | undefined; condition: Schemas['Condition']; cents: number[] }
  >();
  for (const capture of recent) {
    const id = `${capture.storageGb ?? ''}|${capture.condition}`;
    const group = groups.get(id) ?? { storageGb: capture.storageGb, condition: capture.condition, cents: [] };
    group.cents.push(capture.cents);
    groups.set(id, group);
  }
  const ranges = [...groups.values()]
    .map(({ storageGb, condition, cents }): Schemas['PriceRange'] => ({
      ...(storageGb === undefined ? {} : { storageGb }),
      condition,
      ...priceFigures(cents),
    }))
    .sort(byStorageThenCondition);
  const history = historyMonths(now).map((month): Schemas['PriceMonth'] => {
    const { median, count } = priceFigures(
      all.filter((capture) => capture.capturedAt.startsWith(month)).map((capture) => capture.cents),
    );
    return { month, count, ...(median === undefined ? {} : { median }) };
  });
  return {
    model,
    windowDays: PRICE_GUIDE_WINDOW_DAYS,
    minDeals: PRICE_GUIDE_MIN_DEALS,
    overall: priceFigures(recent.map((capture) => capture.cents)),
    ranges,
    history,
  };
}

export function priceHandlers(store: MockStore): OperationHandlers {
  return {
    getPriceGuide: http.get('/price-guide/{modelKey}', ({ params, response }) =>
      response(200).json(priceGuide(store, params.modelKey) ?? fail(404, 'Not found')),
    ),
  };
}
