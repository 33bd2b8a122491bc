// Private, seller and admin routes (§2): a spinner while the session loads; signed-out users go to /login,
// which returns them here afterwards; the wrong role goes to /login too, as the spec says; an admin whose
// sign-in had no second step goes to turn it on (/account/security), which returns them here.
import type { Role } from '@recell/api';
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Spinner } from '@recell/ui/Spinner';
import { useSession } from '../../features/auth/use-session';
import { loginPath } from '../../lib/safe-return';

export function RequireAuth({ only, children }: { only?: Exclude<Role, 'buyer'>; children: ReactNode }) {
  const { status, session } = useSession();
  const [path] = useLocation();
  const search = useSearch();
  if (status === 'loading') return <Spinner label="Checking your sign-in" />;
  const here = search ? `${path}?${search}` : path;
  if (status === 'signed-out' || (only && session?.role !== only))
    return <Redirect to={loginPath(here)} replace />;
  // Admins must sign in with a second step (the server refuses their operations without it): turn it on first.
  if (only === 'admin' && session?.secondStep === false)
    return <Redirect to={`/account/security?from=${encodeURIComponent(here)}`} replace />;
  return children;
}

/**
 * A public screen whose data differs by who asks (a listing's seller number): wait until the session is known,
 * so a signed-in user's first request carries the token and a visitor's copy is never cached for them.
 */
export function AfterSessionCheck({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === 'loading' ? <Spinner label="Checking your sign-in" /> : children;
}
