// Phone truth (issue 26): what an IMEI says (the model its TAC names, the device's status) and the admins'
// registry. The catalogue asks it when a listing is published or its IMEI changes; the deal asks it again at the
// handover (a port wired in app.ts). Uses no other module.
import type { CategoryId, components } from '@recell/api';
import type { Database } from '../../db/database';
import type { CurrentUser } from '../../auth/policy';
import { luhnValid } from '@recell/api/test-cards';
import { conflict, HttpError, notFound } from '../../http/errors';
import { now } from '../../ids';
import type { AuditRepository } from '../audit/repository';
import type { DeviceStatus, DeviceStatusSource } from './device-status';
import type { PhoneTruthRepository } from './repository';
import {
  compareModel,
  learnedModel,
  modelName,
  shippedTac,
  tacOf,
  type ModelOutcome,
  type TacRow,
} from '@recell/api';

type ImeiCheck = components['schemas']['ImeiCheck'];
type ImeiRecord = components['schemas']['ImeiRecord'];
type ImeiStatusUpdate = components['schemas']['ImeiStatusUpdate'];

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
}) {
  const { db, truth, audit, device } = deps;

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

  /** A TAC learned: listings whose model was unknown are compared again. */
  async function learn(row: TacRow, source: 'listing' | 'handover', mobileId: string) {
    if (shippedTac(row.tac) || !(await truth.learn({ ...row, source, mobile_id: mobileId, at: now() })))
      return;
    for (const listing of await truth.unknownModelsOf(row.tac)) {
      await truth.setModel(listing.id, compareModel(row, listing));
    }
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

    /** An admin saw the phone: its TAC learns the listing's model (the first confirmation wins); audited. */
    async confirmImeiModel(admin: CurrentUser, mobileId: string): Promise<ImeiCheck> {
      const listing = (await truth.listing(mobileId)) ?? notFound();
      if (!listing.imei) return conflict('This listing has no IMEI to confirm');
      const imei = listing.imei;
      await db.transaction(async () => {
        await learn(
          { tac: tacOf(imei), category_id: listing.category_id, model: learnedModel(listing) },
          'listing',
          mobileId,
        );
        await audit.record(admin.email, 'imei.confirm-model', mobileId, listing.title);
      });
      return { model: await model(imei, listing), device: await device.check(imei) };
    },

    /** The buyer confirmed the IMEI on *#06# at a completed handover: its TAC learns the listing's model. */
    async learnFromHandover(mobileId: string) {
      const listing = await truth.listing(mobileId);
      if (!listing?.imei) return;
      const imei = listing.imei;
      await db.transaction(() =>
        learn(
          { tac: tacOf(imei), category_id: listing.category_id, model: learnedModel(listing) },
          'handover',
          mobileId,
        ),
      );
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
