import {
  seesSellerNumber,
  withoutSellerNumber,
  type CategoryId,
  type components,
  type Mobile,
} from '@recell/api';
import { luhnValid } from '@recell/api/test-cards';
import type { Database, SqlValue } from '../../db/database';
import { requireOwnEmail, type CurrentUser } from '../../auth/policy';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import { toCents } from '../../money';
import { removeMobiles, type ListingsRemoved } from './removal';
import { EDITABLE, toMobile, type CatalogueRepository, type SearchQuery } from './repository';
import type { DealsRepository } from '../deals/repository';
import type { DealService } from '../deals/service';
import { requireOwnPicture } from '../pictures/own';

type NewMobile = components['schemas']['NewMobile'];
type MobileUpdate = components['schemas']['MobileUpdate'];

export function catalogueService(deps: {
  db: Database;
  mobiles: CatalogueRepository;
  deals: DealsRepository;
  deal: DealService;
  /** Told after a removal commits (the messages module closes the listing's conversations; wired in app.ts). */
  listingsRemoved?: ListingsRemoved;
}) {
  const { db, mobiles, deals } = deps;

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

  async function search(query: SearchQuery, page: PageRequest) {
    const { rows, total, totalCapped } = await mobiles.search(query, page);
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
      if (body.imei && !luhnValid(body.imei)) {
        throw new HttpError(400, 'request/body/imei has a wrong check digit', {
          errors: [{ path: '/body/imei', message: 'has a wrong check digit' }],
        });
      }
      requireOwnPicture(body.picture);
      const id = newId('m');
      await mobiles.insert({
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
        seller_name: body.Seller_name,
        condition: body.condition,
        number_of_seller: body.number_of_seller,
        details: body.details,
        booking_ref: body.bookingId,
        stock: body.stock,
        imei: body.imei ?? null,
      });
      return { acknowledged: true as const, insertedId: id };
    },

    async updateMobile(user: CurrentUser, id: string, patch: MobileUpdate): Promise<Mobile> {
      await ownMobile(user, id);
      requireOwnPicture(patch.picture);
      const changes = Object.entries(patch).flatMap(([field, value]): [string, SqlValue][] => {
        const column = EDITABLE[field as keyof typeof EDITABLE];
        if (!column || value === undefined) return [];
        return [[column, field === 'resale_price' ? toCents(value as number) : (value as SqlValue)]];
      });
      if (changes.length > 0) await mobiles.update(id, changes);
      return toMobile((await mobiles.find(id)) ?? notFound());
    },

    async deleteMobile(user: CurrentUser, id: string) {
      await ownMobile(user, id);
      const { removed, holds } = await db.transaction(async () => {
        if (await mobiles.hasPaidBooking(id)) {
          conflict('A phone with a paid booking cannot be deleted', 'paid_booking');
        }
        return removeMobiles({ mobiles, deals }, [id]);
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

    async listSellerMobiles(user: CurrentUser, email: string, page: PageRequest) {
      requireOwnEmail(user, email);
      const { rows, total } = await mobiles.bySeller(email, page);
      return pageOf(rows.map(toMobile), total, page);
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
