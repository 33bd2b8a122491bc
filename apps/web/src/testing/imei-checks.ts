// What a listing's IMEI may say (issue 26), one of each outcome, for the screens' stories and tests: the model
// (match, mismatch, unknown) and the device (clean, blocked, not checked).
import type { components } from '@recell/api';
import type { MockStore } from '@recell/api/mocks';

type ImeiCheck = components['schemas']['ImeiCheck'];

const threeHoursAgo = () => new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
const clean = (): ImeiCheck['device'] => ({ status: 'clean', source: 'recell', checkedAt: threeHoursAgo() });

export const imeiChecks = {
  matchClean: () => ({ model: { outcome: 'match', name: 'Samsung Galaxy S21' }, device: clean() }),
  mismatch: () => ({ model: { outcome: 'mismatch', name: 'Samsung Galaxy A54' }, device: clean() }),
  unknown: () => ({ model: { outcome: 'unknown' }, device: clean() }),
  blocked: () => ({
    model: { outcome: 'match', name: 'Samsung Galaxy S21' },
    device: { status: 'blocked', source: 'recell', checkedAt: threeHoursAgo() },
  }),
  notChecked: () => ({
    model: { outcome: 'match', name: 'Samsung Galaxy S21' },
    device: { status: 'unknown', source: 'provider' },
  }),
} satisfies Record<string, () => ImeiCheck>;

/** Seeds the mock store so the listing's IMEI says `check`. */
export const withImeiCheck = (mobileId: string, check: ImeiCheck) => (store: MockStore) => {
  const mobile = store.mobiles.find((candidate) => candidate._id === mobileId);
  if (mobile) mobile.imeiCheck = check;
};
