import { requireOwnEmail, type CurrentUser } from '../../auth/policy';
import { conflict, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import type { CatalogueRepository } from '../catalogue/repository';
import type { WishlistRepository } from './repository';

export function wishlistService(deps: { wishlist: WishlistRepository; mobiles: CatalogueRepository }) {
  return {
    async addToWishlist(buyer: CurrentUser, mobileId: string) {
      const mobile = (await deps.mobiles.find(mobileId)) ?? notFound();
      const id = newId('w');
      const added = await deps.wishlist.insert({
        id,
        buyer_email: buyer.email,
        buyer_name: buyer.name,
        mobile_id: mobile.id,
        mobile_name: mobile.title,
        price_cents: mobile.resale_cents,
        picture: mobile.picture,
        wishlisted_at: now(),
      });
      if (!added) conflict('This phone is already in your cart', 'duplicate');
      return { acknowledged: true as const, insertedId: id };
    },
    async listWishlist(user: CurrentUser, email: string, page: PageRequest) {
      requireOwnEmail(user, email);
      const { rows: items, total } = await deps.wishlist.byBuyer(email, page);
      return pageOf(items, total, page);
    },
  };
}

export type WishlistService = ReturnType<typeof wishlistService>;
