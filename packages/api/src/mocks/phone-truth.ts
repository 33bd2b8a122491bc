// Phone truth in the mocks, as the server runs it (apps/server/src/modules/phone-truth/): the same TAC comparison
// (@recell/api's tac.ts), ReCell's registry as the only device source, one IMEI one active listing.
import type { components } from '../generated/schema';
import { imeiRefusals, IMEI_CHECK_REPORTER } from '../phone-truth';
import { compareModel, learnedModel, shippedTac, tacOf, type TacRow } from '../tac';
import type { MockStore } from './store';
import { fail, now, refuse } from './support';

type ImeiCheck = components['schemas']['ImeiCheck'];
type Mobile = components['schemas']['Mobile'];
type CategoryId = components['schemas']['CategoryId'];

const tacRow = (store: MockStore, imei: string): TacRow | undefined =>
  shippedTac(tacOf(imei)) ?? store.learnedTacs.get(tacOf(imei));

export function deviceOf(store: MockStore, imei: string): ImeiCheck['device'] {
  const blocked = store.imeiMarks.get(imei)?.status === 'blocked';
  return { status: blocked ? 'blocked' : 'clean', source: 'recell', checkedAt: now() };
}

export function imeiCheck(
  store: MockStore,
  imei: string,
  listed: { category_id: CategoryId; title: string },
): ImeiCheck {
  return { model: compareModel(tacRow(store, imei), listed), device: deviceOf(store, imei) };
}

/** The active listing holding this IMEI, other than `except`. */
export const holderOf = (store: MockStore, imei: string, except?: string) =>
  store.mobiles.find(
    (mobile) =>
      mobile._id !== except && store.imeis.get(mobile._id) === imei && !store.imeiReleased.has(mobile._id),
  );

/** A listing takes an IMEI as the server's createMobile and updateMobile do: refused when blocked or held. */
export function takeImei(store: MockStore, mobile: Mobile, imei: string) {
  const check = imeiCheck(store, imei, mobile);
  if (check.device.status === 'blocked') refuse(imeiRefusals.blockedAtListing);
  if (holderOf(store, imei, mobile._id)) refuse(imeiRefusals.listed);
  const returning = store.mobiles.some(
    (other) =>
      other._id !== mobile._id && store.imeis.get(other._id) === imei && store.imeiReleased.has(other._id),
  );
  store.imeis.set(mobile._id, imei);
  mobile.imeiMasked = `***********${imei.slice(-4)}`;
  mobile.imeiCheck = check;
  if (returning) {
    store.reports.push({
      _id: store.nextId('r'),
      mobileId: mobile._id,
      MobileName: mobile.title,
      Report: 'IMEI check: this phone was sold through ReCell before and is listed again by its new holder',
      reporterEmail: IMEI_CHECK_REPORTER,
      createdAt: now(),
      status: 'open',
    });
  }
}

/** A TAC learned from a listing (an admin's confirmation, a buyer's *#06#): listings waiting on it follow. */
export function learnFrom(store: MockStore, mobile: Mobile) {
  const imei = store.imeis.get(mobile._id) ?? fail(409, 'This listing has no IMEI to confirm');
  const tac = tacOf(imei);
  if (!tacRow(store, imei))
    store.learnedTacs.set(tac, { tac, category_id: mobile.category_id, model: learnedModel(mobile) });
  for (const other of store.mobiles) {
    const otherImei = store.imeis.get(other._id);
    if (otherImei && tacOf(otherImei) === tac && other.imeiCheck) {
      other.imeiCheck = { ...other.imeiCheck, model: compareModel(tacRow(store, otherImei), other) };
    }
  }
}
