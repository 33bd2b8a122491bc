import {
  seesSellerNumber,
  withoutSellerNumber,
  gradeProblem,
  IMEI_CHECK_REPORTER,
  imeiRefusals,
  type CategoryId,
  type components,
  type Mobile,
} from '@recell/api';
import { modelKeyProblem } from '@recell/api/phone-models';
import { isConstraintViolation, ReadTooSlow, type Database, type SqlValue } from '../../db/database';
import type { Config } from '../../config';
import { requireOwnEmail, type CurrentUser } from '../../auth/policy';
import { conflict, forbidden, HttpError, notFound, refuse } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import { toCents } from '../../money';
import { removeMobiles, type ListingsRemoved, type OffersEnded } from './removal';
import {
  EDITABLE,
  publicMobile,
  toMobile,
  type CatalogueRepository,
  type ImeiColumns,
  type SearchQuery,
} from './repository';
import type { DealsRepository } from '../deals/repository';
import type { DealService } from '../deals/service';
import { requireOwnPicture } from '../pictures/own';
import type { FileReport } from '../deals/service';
import { requireLuhn, type PhoneTruthService } from '../phone-truth/service';

type NewMobile = components['schemas']['NewMobile'];
type Condition = components['schemas']['Condition'];
type MobileUpdate = components['schemas']['MobileUpdate'];

/**
 * A listing's model key names a catalogue model of its brand, with a storage size it was sold with, and a stated
 * battery health keeps its grade's promise: else a 400 in the Error shape, as the mocks answer.
 */
function requireKnownModel(
  listing: Pick<NewMobile, 'category_id' | 'modelKey' | 'storageGb' | 'batteryHealth'> & {
    condition: Condition;
  },
  check: { model: boolean; grade: boolean } = { model: true, grade: true },
) {
  const problem =
    (check.model ? modelKeyProblem(listing) : undefined) ?? (check.grade ? gradeProblem(listing) : undefined);
  if (problem) {
    throw new HttpError(400, `request${problem.path} ${problem.message}`, { errors: [problem] });
  }
}

/** A search stopped at its budget (SEARCH_BUDGET_MS): the 503's sentence. */
export const SEARCH_TOO_SLOW =
  'This search took too long. Narrow it with a brand, a price or fewer words, and try again.';

export function catalogueService(deps: {
  db: Database;
  /** searchBudgetMs, read at each search (a test may change it on the running server). */
  config: Pick<Config, 'searchBudgetMs'>;
  mobiles: CatalogueRepository;
  deals: DealsRepository;
  deal: DealService;
  /** Told after a removal commits (the messages module closes the listing's conversations; wired in app.ts). */
  listingsRemoved?: ListingsRemoved;
  /** The listing's open offers end with it, in the removal's transaction (the offers module; app.ts). */
  offersEnded?: OffersEnded;
  /** Refuses (403 phone_verification_required) a seller whose number is not verified. */
  phoneVerified: (seller: CurrentUser) => Promise<string>;
  truth: PhoneTruthService;
  fileReport: FileReport;
}) {
  const { db, mobiles, deals, truth } = deps;

  /**
   * What the IMEI says, checked when a listing is published or its IMEI changes. A blocked device is not listed;
   * a provider that does not answer leaves it "not checked" (the re-check job asks again).
   */
  async function imeiColumns(
    imei: string | null,
    listed: { category_id: CategoryId; title: string },
  ): Promise<ImeiColumns> {
    if (!imei) {
      return {
        imei: null,
        imei_model: null,
        imei_model_name: null,
        device_status: null,
        device_source: null,
        device_checked_at: null,
      };
    }
    const [model, device] = await Promise.all([truth.model(imei, listed), truth.device(imei)]);
    if (device.status === 'blocked') refuse(imeiRefusals.blockedAtListing);
    return {
      imei,
      imei_model: model.outcome,
      imei_model_name: model.outcome === 'unknown' ? null : model.name,
      device_status: device.status,
      device_source: device.source,
      device_checked_at: device.checkedAt ?? now(),
    };
  }

  /** A phone sold through ReCell that comes back from someone is allowed, and moderation hears of it. */
  async function flagIfReturning(imei: string | null, mobileId: string, title: string) {
    if (!imei || !(await truth.soldThroughRecell(imei))) return;
    await deps.fileReport({
      mobileId,
      mobileName: title,
      reason: 'IMEI check: this phone was sold through ReCell before and is listed again by its new holder',
      reporterEmail: IMEI_CHECK_REPORTER,
      at: now(),
    });
  }

  /**
   * The listing, if the caller may change it: only its own seller (decisions.md). Admins take a listing down
   * through report moderation, which is audited.
   */
  async function ownMobile(user: CurrentUser, id: string) {
    if (user.role !== 'seller') forbidden();
    const mobile = (await mobiles.find(id)) ?? notFound();
    if (mobile.seller_id !== user.id) forbidden();
    return mobile;
  }

  /**
   * A search's reads share one budget: past it they are stopped (never a write: a search writes nothing) and the
   * caller gets a 503 that says what to do, rather than the read holding a connection, and every request queued
   * behind it, for seconds.
   */
  async function search(query: SearchQuery, page: PageRequest) {
    const { rows, total, totalCapped } = await db
      .withinBudget(deps.config.searchBudgetMs, () => mobiles.search(query, page))
      .catch((error: unknown) => {
        throw error instanceof ReadTooSlow ? new HttpError(503, SEARCH_TOO_SLOW) : error;
      });
    // Never the seller's number on a results page (docs/decisions.md): one account must not harvest them all.
    const items = rows.map((row) => withoutSellerNumber(toMobile(row)));
    return { ...pageOf(items, total, page), ...(totalCapped ? { totalCapped } : {}) };
  }

  return {
    async listCategories(page: PageRequest) {
      const { rows, total } = await mobiles.categories(page);
      return pageOf(rows, total, page);
    },
    async listBlogs(page: PageRequest) {
      const { rows, total } = await mobiles.blogs(page);
      return pageOf(rows, total, page);
    },
    async listAdvertised(page: PageRequest) {
      const { rows, total } = await mobiles.advertised(page);
      return pageOf(rows, total, page);
    },
    /** A category page: the same filters, sorts and pages as a search of every brand. */
    listCategoryMobiles(categoryId: CategoryId, filters: SearchQuery, page: PageRequest) {
      return search({ ...filters, categoryId }, page);
    },
    searchMobiles: search,
    /** The listing, with the seller's number only for the parties (seesSellerNumber). */
    async getMobile(id: string, caller: CurrentUser | undefined): Promise<Mobile> {
      const mobile = toMobile((await mobiles.find(id)) ?? notFound());
      const holds = caller?.role === 'buyer' && (await mobiles.heldFor(id, caller.email));
      return seesSellerNumber(caller, mobile.email, !!holds) ? mobile : withoutSellerNumber(mobile);
    },

    async createMobile(seller: CurrentUser, body: NewMobile) {
      const verifiedNumber = await deps.phoneVerified(seller);
      requireLuhn(body.imei);
      requireOwnPicture(body.picture);
      requireKnownModel(body);
      const id = newId('m');
      const imei = await imeiColumns(body.imei ?? null, body);
      // The partial unique index decides, race-free: a second active listing of the IMEI is not inserted.
      const { changes } = await mobiles.insert({
        id,
        seller_id: seller.id,
        category_id: body.category_id,
        title: body.title,
        picture: body.picture,
        location: body.location,
        resale_cents: toCents(body.resale_price),
        buying_cents: toCents(body.buying_price),
        year_of_purchase: body.Year_of_purchase,
        year_of_uses: body.Year_of_uses,
        posted_at: now(),
        // Known from the account; a seller's own wording is still taken (the spec's form sent one).
        seller_name: body.Seller_name ?? seller.name,
        condition: body.condition,
        // The verified number, whatever an older client still sends (the contract marks it deprecated).
        number_of_seller: verifiedNumber,
        details: body.details,
        // The seller's own reference, or the listing's id, which means the same to them.
        booking_ref: body.bookingId ?? id,
        stock: body.stock,
        storage_gb: body.storageGb ?? null,
        colour: body.colour ?? null,
        battery_health: body.batteryHealth ?? null,
        area: body.area ?? null,
        model_key: body.modelKey ?? null,
        ...imei,
      });
      if (changes === 0) refuse(imeiRefusals.listed);
      await flagIfReturning(imei.imei, id, body.title);
      return { acknowledged: true as const, insertedId: id };
    },

    async updateMobile(user: CurrentUser, id: string, patch: MobileUpdate): Promise<Mobile> {
      const before = await ownMobile(user, id);
      await deps.phoneVerified(user);
      requireOwnPicture(patch.picture);
      requireLuhn(patch.imei);
      // What the patch touches of the model, storage, condition and battery is checked with what it keeps.
      requireKnownModel(
        {
          category_id: before.category_id,
          modelKey: patch.modelKey ?? before.model_key ?? undefined,
          storageGb: patch.storageGb ?? (before.storage_gb as MobileUpdate['storageGb']) ?? undefined,
          condition: patch.condition ?? before.condition,
          batteryHealth: patch.batteryHealth ?? before.battery_health ?? undefined,
        },
        {
          model: patch.modelKey !== undefined || patch.storageGb !== undefined,
          grade: patch.condition !== undefined || patch.batteryHealth !== undefined,
        },
      );
      if (patch.stock && before.device_status === 'blocked') refuse(imeiRefusals.blockedAtListing);
      const changes = Object.entries(patch).flatMap(([field, value]): [string, SqlValue][] => {
        const column = EDITABLE[field as keyof typeof EDITABLE];
        if (!column || value === undefined) return [];
        return [[column, field === 'resale_price' ? toCents(value as number) : (value as SqlValue)]];
      });
      // A corrected IMEI or title: what the IMEI says is worked out again (the seller may correct either),
      // before the write, so a refusal leaves the listing as it was.
      const current = await truth.imeiOf(id);
      const imeiChanged = patch.imei !== undefined && patch.imei !== current;
      if (imeiChanged && (await deals.openDealOf(id))) refuse(imeiRefusals.inDeal);
      const columns =
        imeiChanged || (patch.title !== undefined && current)
          ? await imeiColumns(patch.imei ?? current, {
              category_id: before.category_id,
              title: patch.title ?? before.title,
            })
          : undefined;
      try {
        await db.transaction(async () => {
          if (changes.length > 0) await mobiles.update(id, changes);
          if (columns) await mobiles.setImei(id, columns);
        });
      } catch (error) {
        // The partial unique index: another active listing holds this IMEI.
        if (isConstraintViolation(error)) refuse(imeiRefusals.listed);
        throw error;
      }
      if (imeiChanged) await flagIfReturning(patch.imei ?? null, id, before.title);
      return toMobile((await mobiles.find(id)) ?? notFound());
    },

    async deleteMobile(user: CurrentUser, id: string) {
      await ownMobile(user, id);
      const { removed, holds } = await db.transaction(async () => {
        if (await mobiles.hasPaidBooking(id)) {
          conflict('A phone with a paid booking cannot be deleted', 'paid_booking');
        }
        return removeMobiles({ mobiles, deals, offersEnded: deps.offersEnded }, [id]);
      });
      // A buyer's card held for this phone is let go now, not at the next reconciliation.
      await deps.deal.voidEnded(holds);
      if (removed > 0) await deps.listingsRemoved?.([id]);
      return { deletedCount: removed };
    },

    async advertiseMobile(user: CurrentUser, id: string) {
      const mobile = await ownMobile(user, id);
      if (mobile.stock === 0) conflict('A sold-out phone cannot be advertised', 'sold_out');
      const { changes } = await mobiles.advertise(id);
      // Sold meanwhile: the conditional update found no stock.
      if (changes === 0) conflict('A sold-out phone cannot be advertised', 'sold_out');
      return { acknowledged: true as const, insertedId: id };
    },

    /** Public: as a visitor sees each listing; an id that names no seller is a 404, as on their profile. */
    async listSellerListings(sellerId: string, page: PageRequest) {
      if (!(await mobiles.isSeller(sellerId))) notFound();
      const { rows, total } = await mobiles.activeOfSeller(sellerId, page);
      return pageOf(
        rows.map((row) => publicMobile(toMobile(row))),
        total,
        page,
      );
    },

    async listSellerMobiles(user: CurrentUser, email: string, page: PageRequest) {
      requireOwnEmail(user, email);
      const { rows, total } = await mobiles.bySeller(email, page);
      return pageOf(rows.map(toMobile), total, page);
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
