// Numbers of the marketplace's rules that the server and the mocks both enforce, so the two cannot drift.
import type { components } from './generated/schema';

type Role = components['schemas']['Role'];

/** Open (unpaid) bookings a buyer may hold at once: enough for real shopping, not for reserving a shop. */
export const MAX_OPEN_BOOKINGS = 20;

/** Search matches stop being counted (and paged) here: "1,000+ results". */
export const SEARCH_RESULT_CAP = 1000;

/**
 * The words of a search as the server's full-text index splits text (letters and digits, case and accents
 * folded by the index): each must start some word of a listing's title or details.
 */
export function searchWords(q: string): string[] {
  return (
    q
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 10);
}

/** Email addresses are compared case-blind: the identity service keeps the case a person typed. */
export function sameEmail(a: string, b: string | null | undefined): boolean {
  return typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

/**
 * Admin, or your own email: who may read what belongs to an address (My Orders, My Products, My Buyers, the
 * cart, earnings, a booking, whether an address is an admin or a seller).
 */
export function actsFor(caller: { role: Role; email: string }, email: string | null | undefined): boolean {
  return caller.role === 'admin' || sameEmail(caller.email, email);
}

/**
 * Who sees a seller's phone number (docs/decisions.md, privacy over the spec's card): the seller, an admin, and a
 * buyer whose card is held for the phone, since the meetup needs it. Everyone else talks through ReCell.
 */
export function seesSellerNumber(
  caller: { role: Role; email: string } | null | undefined,
  sellerEmail: string,
  callerHoldsADeal: boolean,
): boolean {
  return !!caller && (callerHoldsADeal || actsFor(caller, sellerEmail));
}

/** A listing without its seller's phone number: what a search, a category page and a non-party get. */
export function withoutSellerNumber<T extends { number_of_seller?: string }>(
  mobile: T,
): Omit<T, 'number_of_seller'> {
  const { number_of_seller: _number, ...rest } = mobile;
  return rest;
}

/**
 * How recent a sign-in must be for the operations the contract marks `x-recent-sign-in` (deleting a user, the
 * Verified badge): older, the server answers 403 `recent_sign_in_required` and the web asks to sign in again.
 */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/** The server's (and the mocks') words for any call by an admin whose sign-in had no second step. */
export const SECOND_FACTOR_REQUIRED =
  'Admins sign in with a second step: turn it on in your account, then sign in again';
