// What a listing's IMEI may say, one of each outcome, for the screens' stories and tests: the model
// (match, mismatch, unknown) and the device (clean, blocked, not checked).
import { compareModel, shippedTac, tacOf, type components } from '@recell/api';
import type { MockStore } from '@recell/api/mocks';
import { withCheckDigit } from '@recell/api/test-cards';

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

/** Whole IMEIs whose TAC says each outcome for a listing, as the mocks compare them. */
export const imeis = {
  /** TAC 00202101: the seed's Samsung Galaxy S21. */
  galaxyS21: withCheckDigit('00202101123456'),
  /** TAC 00200403: the seed's Samsung Galaxy Z Flip4. */
  galaxyZFlip4: withCheckDigit('00200403123456'),
  /** A TAC no shipped row names, so its model is not yet known. */
  unknownTac: withCheckDigit('35999901000012'),
};

/**
 * Seeds the mock store with the listing's whole IMEI and what it says, computed as the mocks compute it, so the
 * screens' own calls (an admin's confirmation, the seller's correction) go on from there.
 */
export const withImei = (mobileId: string, imei: string) => (store: MockStore) => {
  const mobile = store.mobiles.find((candidate) => candidate._id === mobileId);
  if (!mobile) return;
  store.imeis.set(mobileId, imei);
  mobile.imeiMasked = `***********${imei.slice(-4)}`;
  const row = shippedTac(tacOf(imei)) ?? store.learnedTacs.get(tacOf(imei));
  mobile.imeiCheck = { model: compareModel(row, mobile), device: clean() };
};

/** A listing posted without an IMEI (it is optional): every seed phone has one. */
export const withoutImei = (mobileId: string) => (store: MockStore) => {
  const mobile = store.mobiles.find((candidate) => candidate._id === mobileId);
  if (!mobile) return;
  store.imeis.delete(mobileId);
  delete mobile.imeiMasked;
  delete mobile.imeiCheck;
};
