// Phone truth in the mocks, as the server runs it (apps/server/src/modules/phone-truth/): the same TAC comparison
// (@recell/api's tac.ts), ReCell's registry as the only device source, one IMEI one active listing, and the same
// learning rule (tac-learning.ts; the mocks keep no account ages, so every mock account counts as old enough).
import { sameEmail } from '../rules';
import type { components } from '../generated/schema';
import { imeiRefusals, IMEI_CHECK_REPORTER } from '../phone-truth';
import { compareModel, learnedModel, modelName, shippedTac, tacOf, type TacRow } from '../tac';
import { conflicted, learnableModel } from '../tac-learning';
import type { MockStore, MockTacConfirmation } from './store';
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

/** Every listing with the TAC is compared again with its row. */
function compareAgain(store: MockStore, tac: string) {
  for (const other of store.mobiles) {
    const otherImei = store.imeis.get(other._id);
    if (otherImei && tacOf(otherImei) === tac && other.imeiCheck) {
      other.imeiCheck = { ...other.imeiCheck, model: compareModel(tacRow(store, otherImei), other) };
    }
  }
}

/** An admin confirms a row for the TAC: it replaces a learned row; learning never overrides it. */
export function confirmByAdmin(store: MockStore, row: TacRow) {
  if (shippedTac(row.tac)) fail(409, 'ReCell ships the model of this TAC; it is not changed here');
  store.learnedTacs.set(row.tac, row);
  store.adminTacs.add(row.tac);
  compareAgain(store, row.tac);
}

/** An admin saw a listing's phone (confirmImeiModel): an admin row, unless the TAC already names a model. */
export function confirmListingModel(store: MockStore, mobile: Mobile) {
  const imei = store.imeis.get(mobile._id) ?? fail(409, 'This listing has no IMEI to confirm');
  if (!tacRow(store, imei))
    confirmByAdmin(store, { tac: tacOf(imei), category_id: mobile.category_id, model: learnedModel(mobile) });
}

/** A completed handover where the buyer's own IMEI check matched (the server's imeiWitnessed port). */
export function witnessed(store: MockStore, mobile: Mobile, buyerEmail: string) {
  const imei = store.imeis.get(mobile._id);
  if (!imei || shippedTac(tacOf(imei))) return;
  const tac = tacOf(imei);
  const buyer = store.users.find((user) => sameEmail(user.email, buyerEmail));
  const seller = store.users.find((user) => sameEmail(user.email, mobile.email));
  if (!buyer || !seller) return;
  const [buyerPhone, sellerPhone] = [
    store.phones.get(buyer._id) ?? null,
    store.phones.get(seller._id) ?? null,
  ];
  const samePair = (row: MockTacConfirmation) =>
    (row.buyer_id === buyer._id && row.seller_id === seller._id) ||
    (row.buyer_id === seller._id && row.seller_id === buyer._id);
  store.tacConfirmations.push({
    _id: store.nextId('tc'),
    tac,
    mobileId: mobile._id,
    category_id: mobile.category_id,
    title: mobile.title,
    model: learnedModel(mobile),
    buyer_id: buyer._id,
    seller_id: seller._id,
    buyerEmail: buyer.email,
    sellerEmail: seller.email,
    buyer_phone: buyerPhone,
    seller_phone: sellerPhone,
    not_counted:
      buyer._id === seller._id || (buyerPhone !== null && buyerPhone === sellerPhone)
        ? 'same_person'
        : store.tacConfirmations.some(samePair)
          ? 'repeat_pair'
          : null,
    confirmedAt: now(),
  });
  if (store.learnedTacs.has(tac)) return;
  const learned = learnableModel(store.tacConfirmations.filter((row) => row.tac === tac));
  if (learned) {
    store.learnedTacs.set(tac, { tac, ...learned });
    compareAgain(store, tac);
  }
}

type TacConflict = components['schemas']['TacConflict'];

/** A TAC with its row (if any) and its confirmations, newest first, as the server answers it. */
export function tacEvidence(store: MockStore, tac: string): TacConflict {
  const row = store.learnedTacs.get(tac);
  return {
    tac,
    ...(row ? { modelName: modelName(row), source: store.adminTacs.has(tac) ? 'admin' : 'learned' } : {}),
    confirmations: store.tacConfirmations
      .filter((confirmation) => confirmation.tac === tac)
      .reverse()
      .map((confirmation) => ({
        _id: confirmation._id,
        mobileId: confirmation.mobileId,
        title: confirmation.title,
        modelName: modelName(confirmation),
        buyerEmail: confirmation.buyerEmail,
        sellerEmail: confirmation.sellerEmail,
        confirmedAt: confirmation.confirmedAt,
        counts: confirmation.not_counted === null,
        ...(confirmation.not_counted ? { notCounted: confirmation.not_counted } : {}),
      })),
  };
}

/** TACs whose counting confirmations disagree and that no admin decided, the most recently confirmed first. */
export function tacConflicts(store: MockStore): TacConflict[] {
  const tacs = [...new Set(store.tacConfirmations.map((row) => row.tac).reverse())];
  return tacs
    .filter(
      (tac) =>
        !store.adminTacs.has(tac) &&
        !shippedTac(tac) &&
        conflicted(store.tacConfirmations.filter((row) => row.tac === tac)),
    )
    .slice(0, 50)
    .map((tac) => tacEvidence(store, tac));
}
