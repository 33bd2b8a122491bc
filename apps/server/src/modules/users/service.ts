import { sameEmail, type components, type Role, type User } from '@recell/api';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from '../../auth/access-token';
import type { Identity, IdentityClaims } from '../../auth/identity';
import type { Database } from '../../db/database';
import { requireOwnEmail, type CurrentUser } from '../../auth/policy';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import type { BookingsRepository } from '../bookings/repository';
import type { DealsRepository } from '../deals/repository';
import type { DealService } from '../deals/service';
import { removeMobiles } from '../catalogue/removal';
import type { CatalogueRepository } from '../catalogue/repository';
import type { WishlistRepository } from '../wishlist/repository';
import type { AuditRepository } from '../reports/audit-repository';
import { toUser, type UserRow, type UsersRepository } from './repository';

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
  identity: Identity;
  secret: Uint8Array;
  adminEmails: Set<string>;
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
      });
      return { accessToken, role: user.role, expiresIn: ACCESS_TOKEN_SECONDS };
    },

    async createUser(claims: IdentityClaims, body: NewUser): Promise<User> {
      const user = await db.transaction(async () => {
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

    async listUsers(role: Role | undefined, page: PageRequest) {
      const { rows, total } = await users.list(role, page);
      return pageOf(rows.map(toUser), total, page);
    },

    async deleteUser(admin: CurrentUser, id: string) {
      const target = (await users.findById(id)) ?? notFound();
      if (target.role === 'admin') forbidden('An admin cannot be deleted');
      // The identity account goes first: if that fails nothing changes, and a kept record never outlives it.
      await identity.deleteAccount(target.firebase_uid, target.email);
      const holds = await db.transaction(async () => {
        const listings = await mobiles.idsOfSeller(target.id);
        const removed = await removeMobiles(
          { mobiles, deals },
          listings.map((listing) => listing.id),
        );
        // A held deal of the buyer ends as if they walked away: the unit back now, the hold voided below.
        // Bookings with money history stay as records, like paid ones; the rest go.
        const walkedAway = await deals.endHeldOf(target.email, now());
        await bookings.deleteUnpaidOf(target.email);
        await wishlist.deleteOfBuyer(target.email);
        const deleted = await users.delete(target.id);
        if (deleted.changes !== 1) throw new HttpError(409, 'This user changed meanwhile; try again');
        await audit.record(admin.email, 'user.delete', target.id);
        return [...removed.holds, ...walkedAway];
      });
      // Cards held for their listings, or by them as a buyer, are let go now (reconciliation is the safety net).
      await deps.deal.voidEnded(holds);
      await identity.accountsChanged?.();
      return { deletedCount: 1 };
    },

    async setSellerVerified(admin: CurrentUser, id: string, verified: boolean): Promise<User> {
      return db.transaction(async () => {
        const target = (await users.findById(id)) ?? notFound();
        if (target.role !== 'seller') conflict('Only sellers can be verified');
        await users.setVerified(id, verified);
        await audit.record(admin.email, verified ? 'user.verify' : 'user.unverify', id);
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
