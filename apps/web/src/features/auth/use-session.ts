import { useAtomValue } from 'jotai';
import { authBusyAtom, sessionAtom, type Session } from './atoms';

export type SessionState =
  | { status: 'loading'; session: Session | null }
  | { status: 'signed-in'; session: Session }
  | { status: 'signed-out'; session: null };

/** Renew this long before the access token runs out, so no request carries a dead token. */
export const RENEW_MARGIN_MS = 60_000;

export function isFresh(session: Session, now = Date.now()): boolean {
  return session.expiresAt - RENEW_MARGIN_MS > now;
}

export function useSession(): SessionState {
  const session = useAtomValue(sessionAtom);
  const busy = useAtomValue(authBusyAtom);
  if (busy || (session && !isFresh(session))) return { status: 'loading', session };
  return session ? { status: 'signed-in', session } : { status: 'signed-out', session: null };
}

/** Book, Add To Cart, Report and Add to Wishlist are for signed-in users who are not sellers (§5). */
export function useCanBuy(): boolean {
  const { status, session } = useSession();
  return status === 'signed-in' && session.role !== 'seller';
}
