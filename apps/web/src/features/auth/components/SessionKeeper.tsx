// Renews the access token before it runs out (and after a reload that finds it expired), through the identity
// service's remembered user. Renders nothing.
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { authBusyAtom, sessionAtom } from '../atoms';
import { useAuthActions } from '../use-auth-actions';
import { RENEW_MARGIN_MS } from '../use-session';

export function SessionKeeper() {
  const session = useAtomValue(sessionAtom);
  const busy = useAtomValue(authBusyAtom);
  const { renew } = useAuthActions();
  const expiresAt = session?.expiresAt;

  useEffect(() => {
    if (expiresAt === undefined || busy) return;
    const wait = Math.max(0, expiresAt - RENEW_MARGIN_MS - Date.now());
    const timer = setTimeout(() => void renew(), wait);
    return () => clearTimeout(timer);
  }, [expiresAt, busy, renew]);

  return null;
}
