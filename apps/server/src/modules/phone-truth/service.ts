// Phone truth: what an IMEI says (the model its TAC names, the device's status) and the admins'
// registry. The catalogue asks it when a listing is published or its IMEI changes; the deal asks it again at the
// handover and tells it of a buyer-witnessed IMEI match (ports wired in app.ts). A TAC's model comes from the
// shipped rows, an admin's confirmation, or learning from separate pairs' confirmations
// (@recell/api's tac-learning.ts); nothing a listing or a seller says teaches it. Uses only the audit log.
import type { CategoryId, components } from '@recell/api';
import type { Database } from '../../db/database';
import type { CurrentUser } from '../../auth/policy';
import { luhnValid } from '@recell/api/test-cards';
import { conflict, HttpError, notFound } from '../../http/errors';
import { newId, now } from '../../ids';
import type { AuditRepository } from '../audit/repository';
import type { DeviceStatus, DeviceStatusSource } from './device-status';
import type { PhoneTruthRepository } from './repository';
import {
  compareModel,
  conflicted,
  learnableModel,
  learnedModel,
  modelName,
  notCounted,
  shippedTac,
  tacOf,
  type ModelOutcome,
  type TacRow,
} from '@recell/api';
import type { ConfirmationRow } from './repository';

type ImeiCheck = components['schemas']['ImeiCheck'];
type ImeiRecord = components['schemas']['ImeiRecord'];
type ImeiStatusUpdate = components['schemas']['ImeiStatusUpdate'];
type TacConflict = components['schemas']['TacConflict'];
type TacModelChoice = components['schemas']['TacModelChoice'];

/** A completed handover where the buyer's own IMEI check matched the listing (the deal's port). */
export interface ImeiWitness {
  mobileId: string;
  buyerId: string;
  sellerId: string;
}

/** At most this many disputed TACs on the admin's list at once (the newest). */
const CONFLICTS_SHOWN = 50;

/** 15 digits is the contract's; the check digit is the server's (and the mocks'). */
export function requireLuhn(imei: string | undefined) {
  if (imei && !luhnValid(imei)) {
    throw new HttpError(400, 'request/body/imei has a wrong check digit', {
      errors: [{ path: '/body/imei', message: 'has a wrong check digit' }],
    });
  }
}

export function phoneTruthService(deps: {
  db: Database;
  truth: PhoneTruthRepository;
  audit: AuditRepository;
  device: DeviceStatusSource;
  /** The deal clock: an account's age is read at the deal's time (tests and the demo move it). */
  clock?: () => Date;
}) {
  const { db, truth, audit, device } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function tacRow(imei: string): Promise<TacRow | undefined> {
    const tac = tacOf(imei);
    return shippedTac(tac) ?? (await truth.learnedTac(tac));
  }

  async function model(
    imei: string,
    listed: { category_id: CategoryId; title: string },
  ): Promise<ModelOutcome> {
    return compareModel(await tacRow(imei), listed);
  }

  /** A TAC learned (never over a shipped, admin or learned row): listings whose model was unknown are compared again. */
  async function learn(row: TacRow) {
    if (shippedTac(row.tac) || !(await truth.learn({ ...row, at: clock().toISOString() }))) return;
    for (const listing of await truth.unknownModelsOf(row.tac)) {
      await truth.setModel(listing.id, compareModel(row, listing));
    }
  }

  /** An admin's row: every listing with the TAC is compared again (it may replace a learned row). */
  async function confirmByAdmin(admin: CurrentUser, row: TacRow, mobileId: string | null) {
    await truth.confirmByAdmin({ ...row, mobile_id: mobileId, decided_by: admin.email, at: now() });
    for (const listing of await truth.modelsOf(row.tac)) {
      await truth.setModel(listing.id, compareModel(row, listing));
    }
  }

  const toConfirmation = (row: ConfirmationRow): TacConflict['confirmations'][number] => ({
    _id: row.id,
    mobileId: row.mobile_id,
    title: row.title,
    modelName: modelName(row),
    buyerEmail: row.buyer_email,
    sellerEmail: row.seller_email,
    confirmedAt: row.confirmed_at,
    counts: row.not_counted === null,
    ...(row.not_counted ? { notCounted: row.not_counted } : {}),
  });

  /** A TAC with its model now (if any), where it came from, and every confirmation, newest first. */
  async function tacEvidence(tac: string, confirmations?: ConfirmationRow[]): Promise<TacConflict> {
    const [row, rows] = await Promise.all([
      truth.learnedTac(tac),
      confirmations ?? truth.confirmationsOf(tac),
    ]);
    return {
      tac,
      ...(row ? { modelName: modelName(row), source: row.source } : {}),
      confirmations: [...rows].reverse().map(toConfirmation),
    };
  }

  async function record(imei: string): Promise<ImeiRecord> {
    const [row, mark, listings, status] = await Promise.all([
      tacRow(imei),
      truth.lastMark(imei),
      truth.listingsOf(imei),
      device.check(imei),
    ]);
    return {
      imei,
      tac: tacOf(imei),
      ...(row ? { modelName: modelName(row) } : {}),
      device: status,
      ...(mark
        ? {
            mark: {
              status: mark.status,
              reason: mark.reason,
              markedBy: mark.marked_by,
              markedAt: mark.marked_at,
            },
          }
        : {}),
      listings: listings.map((listing) => ({
        _id: listing.id,
        title: listing.title,
        sellerEmail: listing.seller_email,
        postedAt: listing.posted_at,
        active: listing.imei_released === 0,
      })),
    };
  }

  return {
    model,
    device: (imei: string): Promise<DeviceStatus> => device.check(imei),
    soldThroughRecell: truth.soldThroughRecell,
    imeiOf: async (mobileId: string) => (await truth.listing(mobileId))?.imei ?? null,

    /** What a seller is told before publishing; nothing is stored. */
    async checkImei(body: { imei: string; category_id: CategoryId; title: string }): Promise<ImeiCheck> {
      requireLuhn(body.imei);
      const [outcome, status] = await Promise.all([model(body.imei, body), device.check(body.imei)]);
      return { model: outcome, device: status };
    },

    getImei: record,

    /** An admin's word on an IMEI, audited; its active listings take the new verdict at once. */
    async setImeiStatus(admin: CurrentUser, imei: string, update: ImeiStatusUpdate) {
      await db.transaction(async () => {
        await truth.mark({
          imei,
          status: update.status,
          reason: update.reason,
          marked_by: admin.email,
          marked_at: now(),
        });
        await audit.record(admin.email, update.status === 'blocked' ? 'imei.block' : 'imei.clear', imei);
      });
      await truth.recordDevice(imei, await device.check(imei));
      return record(imei);
    },

    /**
     * An admin saw the phone and confirms it is the listed model: an admin row for its TAC, audited. Offered
     * while the model is unknown; a TAC the table ships keeps its row.
     */
    async confirmImeiModel(admin: CurrentUser, mobileId: string): Promise<ImeiCheck> {
      const listing = (await truth.listing(mobileId)) ?? notFound();
      if (!listing.imei) return conflict('This listing has no IMEI to confirm');
      const imei = listing.imei;
      const tac = tacOf(imei);
      await db.transaction(async () => {
        if (!shippedTac(tac) && !(await truth.learnedTac(tac)))
          await confirmByAdmin(
            admin,
            { tac, category_id: listing.category_id, model: learnedModel(listing) },
            mobileId,
          );
        await audit.record(admin.email, 'imei.confirm-model', mobileId, listing.title);
      });
      return { model: await model(imei, listing), device: await device.check(imei) };
    },

    /**
     * A completed handover where the buyer's own IMEI check matched the listing (the deal's port): kept as a
     * confirmation of the listing's model by this pair, counting or not as the pair was at the deal; the TAC
     * learns a model once enough separate pairs agree (@recell/api's learnableModel).
     */
    async imeiWitnessed({ mobileId, buyerId, sellerId }: ImeiWitness) {
      const listing = await truth.listing(mobileId);
      if (!listing?.imei) return;
      const tac = tacOf(listing.imei);
      if (shippedTac(tac)) return;
      await db.transaction(async () => {
        const buyer = await truth.account(buyerId);
        const seller = await truth.account(sellerId);
        if (!buyer || !seller) return;
        const at = clock();
        const completedDeals = await truth.completedDealsBetween(buyerId, sellerId);
        await truth.recordConfirmation({
          id: newId('tc'),
          tac,
          mobile_id: mobileId,
          category_id: listing.category_id,
          title: listing.title,
          model: learnedModel(listing),
          buyer_id: buyer.id,
          seller_id: seller.id,
          buyer_email: buyer.email,
          seller_email: seller.email,
          buyer_phone: buyer.phone_e164,
          seller_phone: seller.phone_e164,
          not_counted: notCounted({
            buyer: { ...buyer, phone: buyer.phone_e164 },
            seller: { ...seller, phone: seller.phone_e164 },
            completedDeals,
            at,
          }),
          confirmed_at: at.toISOString(),
        });
        if (await truth.learnedTac(tac)) return;
        const learned = learnableModel(await truth.confirmationsOf(tac));
        if (learned) await learn({ tac, ...learned });
      });
    },

    /** TACs whose counting confirmations name different models and no admin has decided, with the evidence. */
    async listTacConflicts(): Promise<TacConflict[]> {
      const disputed: TacConflict[] = [];
      for (const { tac } of await truth.disputedTacs(CONFLICTS_SHOWN)) {
        if (shippedTac(tac)) continue;
        const confirmations = await truth.confirmationsOf(tac);
        if (conflicted(confirmations)) disputed.push(await tacEvidence(tac, confirmations));
      }
      return disputed;
    },

    /** An admin confirms the model one of a TAC's confirmations names: an admin row, audited; learning never overrides it. */
    async confirmTacModel(admin: CurrentUser, tac: string, choice: TacModelChoice): Promise<TacConflict> {
      const chosen = await truth.confirmation(choice.confirmationId);
      if (!chosen || chosen.tac !== tac) return notFound();
      if (shippedTac(tac)) return conflict('ReCell ships the model of this TAC; it is not changed here');
      const row = { tac, category_id: chosen.category_id, model: chosen.model };
      await db.transaction(async () => {
        await confirmByAdmin(admin, row, chosen.mobile_id);
        await audit.record(admin.email, 'imei.confirm-tac-model', tac, modelName(row));
      });
      return tacEvidence(tac);
    },

    /** Listings published "not checked" (the provider did not answer): asked again. */
    async recheckUnknown(limit = 100) {
      let checked = 0;
      for (const { imei } of await truth.unchecked(limit)) {
        const verdict = await device.check(imei);
        if (verdict.status === 'unknown') continue;
        await truth.recordDevice(imei, verdict);
        checked += 1;
      }
      return { checked };
    },
  };
}

export type PhoneTruthService = ReturnType<typeof phoneTruthService>;
