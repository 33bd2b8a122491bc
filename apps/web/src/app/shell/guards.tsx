// Private, seller and admin routes (§2): a spinner while the session loads; signed-out users go to /login,
// which returns them here afterwards; the wrong role goes to /login too, as the spec says. An admin whose sign-in
// had no second step has not finished signing in: the server refuses every call their token makes (403
// second_factor_required), so every page that would make one (guarded, or a listing's once the session is known)
// sends them to turn the step on (/account/security), which returns them here. Public pages stay open, as to a
// visitor: they read no token.
import type { Role } from '@recell/api';
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Spinner } from '@recell/ui/Spinner';
import type { Session } from '../../features/auth/atoms';
import { useSession } from '../../features/auth/use-session';
import { loginPath } from '../../lib/safe-return';

/** Where the second step is turned on (the one signed-in page such an admin may see). */
const SECOND_STEP_PATH = '/account/security';

/** An admin whose access token says the sign-in had no second step (one that does not say is let through). */
const mustTurnOnSecondStep = (session: Session | null | undefined): boolean =>
  session?.role === 'admin' && session.secondStep === false;

/** The path and query the user is at, to come back to. */
function useHere(): string {
  const [path] = useLocation();
  const search = useSearch();
  return search ? `${path}?${search}` : path;
}

function ToSecondStep({ from }: { from: string }) {
  return <Redirect to={`${SECOND_STEP_PATH}?from=${encodeURIComponent(from)}`} replace />;
}

export function RequireAuth({ only, children }: { only?: Exclude<Role, 'buyer'>; children: ReactNode }) {
  const { status, session } = useSession();
  const [path] = useLocation();
  const here = useHere();
  if (status === 'loading') return <Spinner label="Checking your sign-in" />;
  if (status === 'signed-out' || (only && session?.role !== only))
    return <Redirect to={loginPath(here)} replace />;
  if (mustTurnOnSecondStep(session) && path !== SECOND_STEP_PATH) return <ToSecondStep from={here} />;
  return children;
}

/**
 * A public screen whose data differs by who asks (a listing's seller number): wait until the session is known,
 * so a signed-in user's first request carries the token and a visitor's copy is never cached for them.
 */
export function AfterSessionCheck({ children }: { children: ReactNode }) {
  const { status, session } = useSession();
  const here = useHere();
  if (status === 'loading') return <Spinner label="Checking your sign-in" />;
  return mustTurnOnSecondStep(session) ? <ToSecondStep from={here} /> : children;
}
