import type { Logger } from 'pino';
import { type components, type Role, sameEmail, type User, webLinks } from '@recell/api';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from '../../auth/access-token';
import type { Identity, IdentityClaims } from '../../auth/identity';
import type { Database } from '../../db/database';
import { requireOwnEmail, type CurrentUser } from '../../auth/policy';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import type { BookingsRepository } from '../bookings/repository';
import type { DealsRepository } from '../deals/repository';
import type { DealService } from '../deals/service';
import { removeMobiles, type OffersEnded } from '../catalogue/removal';
import type { CatalogueRepository } from '../catalogue/repository';
import type { WishlistRepository } from '../wishlist/repository';
import type { AuditRepository } from '../audit/repository';
import type { SellerRatings } from '../reviews/seller-ratings';
import { toUser, type IdentityDeletion, type UserRow, type UsersRepository } from './repository';
import type { Notice } from '../notifications/service';

type NewUser = components['schemas']['NewUser'];

export function usersService(deps: {
  db: Database;
  users: UsersRepository;
  mobiles: CatalogueRepository;
  bookings: BookingsRepository;
  deals: DealsRepository;
  deal: DealService;
  wishlist: WishlistRepository;
  audit: AuditRepository;
  /** The stored seller ratings: a deleted author's reviews leave them (reviews/seller-ratings.ts). */
  ratings: SellerRatings;
  identity: Identity;
  secret: Uint8Array;
  adminEmails: Set<string>;
  logger: Logger;
  /** The notifications module's `notify`, in the change's transaction (wired in app.ts). */
  notify?: (notice: Notice) => Promise<void>;
  /** A removed listing's open offers end with it, in the removal's transaction (the offers module; app.ts). */
  offersEnded?: OffersEnded;
  /** A deleted buyer's open offers are withdrawn, in the deletion's transaction (the offers module; app.ts). */
  buyerLeaving?: (email: string) => Promise<void>;
}) {
  const { db, users, mobiles, bookings, deals, wishlist, audit, identity } = deps;

  /** Admins come from configuration, and only for an address the identity service has verified. */
  const configuredAdmin = (claims: IdentityClaims) =>
    claims.emailVerified && deps.adminEmails.has(claims.email.toLowerCase());

  /**
   * The user record behind a Firebase identity. A record that exists before its first sign-in (the seed, or an
   * admin address) is claimed only by a verified email, so nobody can take it over by signing up with it.
   */
  async function findForIdentity(claims: IdentityClaims): Promise<(UserRow & { linked?: true }) | undefined> {
    // A deleted user whose identity account is not removed yet must not come back as a new record.
    if (await users.identityBeingDeleted(claims.uid, claims.email)) unauthorized();
    const byUid = await users.findByUid(claims.uid);
    if (byUid) return byUid;
    const byEmail = await users.findByEmail(claims.email);
    if (!byEmail) return undefined;
    if (byEmail.firebase_uid || !claims.emailVerified) forbidden('This email belongs to another account');
    await users.linkUid(byEmail.id, claims.uid);
    return { ...byEmail, firebase_uid: claims.uid, linked: true };
  }

  async function promoteIfConfigured(user: UserRow, claims: IdentityClaims): Promise<UserRow> {
    if (configuredAdmin(claims) && user.role !== 'admin') {
      await users.setRole(user.id, 'admin');
      return { ...user, role: 'admin' };
    }
    return user;
  }

  /** The identity half of a deletion the database made; a failure stays queued for the reconcile job. */
  async function removeIdentity(pending: IdentityDeletion): Promise<boolean> {
    try {
      // An account already gone counts as removed.
      await identity.deleteAccount(pending.firebase_uid, pending.email);
    } catch (error) {
      deps.logger.error(
        { err: error, userId: pending.user_id },
        'identity account of a deleted user not removed yet; the reconcile job retries',
      );
      return false;
    }
    await users.identityDeleted(pending.user_id);
    return true;
  }

  async function roleOf(caller: CurrentUser, email: string): Promise<Role | undefined> {
    requireOwnEmail(caller, email);
    return (await users.findByEmail(email))?.role;
  }

  return {
    async exchangeToken(claims: IdentityClaims, email: string | undefined) {
      if (email && !sameEmail(claims.email, email)) forbidden();
      let accountsChanged = false;
      const user = await db.transaction(async () => {
        const found = await findForIdentity(claims);
        accountsChanged = !found || found.linked === true;
        if (found) return promoteIfConfigured(found, claims);
        // Signed up with the identity service but the record was never saved: a buyer, as the mocks do.
        const created: UserRow = {
          id: newId('u'),
          firebase_uid: claims.uid,
          email: claims.email,
          name: claims.name ?? claims.email,
          role: configuredAdmin(claims) ? 'admin' : 'buyer',
          verified: 0,
        };
        await users.insert(created, now());
        return created;
      });
      // A record now names this uid: demo mode saves the emulator's accounts so it can sign in after a restart.
      if (accountsChanged) await identity.accountsChanged?.();
      const accessToken = await signAccessToken(deps.secret, {
        sub: user.id,
        email: user.email,
        role: user.role,
        secondFactor: claims.secondFactor,
        authTime: claims.authTime,
      });
      return { accessToken, role: user.role, expiresIn: ACCESS_TOKEN_SECONDS };
    },

    async createUser(claims: IdentityClaims, body: NewUser): Promise<User> {
      const user = await db.transaction(async () => {
        if (await users.identityBeingDeleted(claims.uid, claims.email)) unauthorized();
        if ((await users.findByUid(claims.uid)) || (await users.findByEmail(claims.email))) {
          conflict('This account already exists');
        }
        const role: Role = configuredAdmin(claims) ? 'admin' : body.role;
        const created: UserRow = {
          id: newId('u'),
          firebase_uid: claims.uid,
          email: claims.email,
          name: body.name,
          role,
          verified: 0,
        };
        await users.insert(created, now());
        return toUser(created);
      });
      await identity.accountsChanged?.();
      return user;
    },

    async listUsers(filter: { role?: Role | undefined; words?: string | undefined }, page: PageRequest) {
      const { rows, total } = await users.list(filter, page);
      return pageOf(rows.map(toUser), total, page);
    },

    /**
     * All or nothing, the database first (as the money path): one transaction deletes the record with everything
     * it owns and queues its identity account for removal, so their access token stops working at once; the
     * identity service is told second, and what a failure or a crash leaves is finished by the reconcile job
     * (finishIdentityDeletions). Deletes of one user at once: the first answers 200, the others 404.
     */
    async deleteUser(admin: CurrentUser, id: string) {
      const { target, holds } = await db.transaction(async () => {
        const target = (await users.findById(id)) ?? notFound();
        if (target.role === 'admin') forbidden('An admin cannot be deleted');
        const listings = await mobiles.idsOfSeller(target.id);
        const removed = await removeMobiles(
          { mobiles, deals, offersEnded: deps.offersEnded },
          listings.map((listing) => listing.id),
        );
        // A held deal of the buyer ends as if they walked away: the unit back now, the hold voided below.
        // Bookings with money history stay as records, like paid ones; the rest go.
        const walkedAway = await deals.endHeldOf(target.email, now());
        await deps.buyerLeaving?.(target.email);
        await bookings.deleteUnpaidOf(target.email);
        await wishlist.deleteOfBuyer(target.email);
        // Their reviews go with the account (ON DELETE CASCADE), so the sellers they rated are rated without them.
        await deps.ratings.authorLeaving(target.id);
        if ((await users.delete(target.id)).changes !== 1) notFound();
        await users.queueIdentityDeletion(target, now());
        await audit.record(admin.email, 'user.delete', target.id, target.name);
        return { target, holds: [...removed.holds, ...walkedAway] };
      });
      // Cards held for their listings, or by them as a buyer, are let go now (reconciliation is the safety net).
      await deps.deal.voidEnded(holds);
      await removeIdentity({ user_id: target.id, firebase_uid: target.firebase_uid, email: target.email });
      await identity.accountsChanged?.();
      return { deletedCount: 1 };
    },

    /** The reconcile job: identity accounts of deleted users that a failure or a crash left. Idempotent. */
    async finishIdentityDeletions() {
      let finished = 0;
      let left = 0;
      for (const pending of await users.pendingIdentityDeletions()) {
        if (await removeIdentity(pending)) finished += 1;
        else left += 1;
      }
      // The saved demo accounts lose theirs too.
      if (finished > 0) await identity.accountsChanged?.();
      return { finished, left };
    },

    async setSellerVerified(admin: CurrentUser, id: string, verified: boolean): Promise<User> {
      return db.transaction(async () => {
        const target = (await users.findById(id)) ?? notFound();
        if (target.role !== 'seller') conflict('Only sellers can be verified');
        await users.setVerified(id, verified);
        // the badge granted (not granted again, nor taken away) is news to the seller, in this transaction
        if (verified && target.verified === 0) {
          await deps.notify?.({
            kind: 'seller_verified',
            to: [{ id, side: 'seller', link: webLinks.myProducts() }],
            actor: admin.id,
          });
        }
        await audit.record(admin.email, verified ? 'user.verify' : 'user.unverify', id, target.name);
        return toUser({ ...target, verified: verified ? 1 : 0 });
      });
    },

    async getAdminStatus(caller: CurrentUser, email: string) {
      return { isAdmin: (await roleOf(caller, email)) === 'admin' };
    },

    async getSellerStatus(caller: CurrentUser, email: string) {
      return { isSeller: (await roleOf(caller, email)) === 'seller' };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
