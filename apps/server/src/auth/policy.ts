// Who may act on what, beyond the role an operation requires (requireUser): one place for the rules the
// services share. The email rule itself lives in @recell/api (rules.ts), so the mocks enforce the same one.
import { actsFor, sameEmail } from '@recell/api';
import { forbidden } from '../http/errors';
import type { UserRow } from '../modules/users/repository';

/** The signed-in user a request acts as (from a verified access token; see http/authenticate.ts). */
export type CurrentUser = UserRow;

/** Admin, or your own email: 403 otherwise. */
export function requireOwnEmail(user: CurrentUser, email: string): void {
  if (!actsFor(user, email)) forbidden();
}

/** Your own email only, admins included: nobody pays for, or walks away from, someone else's booking. */
export function requireSelf(user: CurrentUser, email: string): void {
  if (!isSelf(user, email)) forbidden();
}

/** A listing's own seller (none when the listing is gone), or an admin (who resolves a locked or disputed deal). */
export function requireSellerOrAdmin(user: CurrentUser, sellerId: string | null): void {
  if (user.role !== 'admin' && (user.role !== 'seller' || sellerId !== user.id)) forbidden();
}

export function isSelf(user: CurrentUser, email: string): boolean {
  return sameEmail(user.email, email);
}
