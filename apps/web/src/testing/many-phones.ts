// Enough listings for several pages (a page is 20): copies of a seeded Samsung, newest first, priced $101 up.
import { mobiles } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';

const s21 = mobiles.find((mobile) => mobile._id === 'm-samsung-s21')!;

/** Adds `count` Samsungs named "Samsung Galaxy Extra 1..count", priced $101, $102...; returns the store. */
export function addSamsungs(store: MockStore, count = 45): MockStore {
  for (let i = 1; i <= count; i++)
    store.mobiles.push({
      ...s21,
      _id: `m-extra-${i}`,
      title: `Samsung Galaxy Extra ${i}`,
      resale_price: 100 + i,
      the_time_it_posted: new Date(Date.UTC(2030, 0, 1) - i * 60_000).toISOString(),
    });
  return store;
}
