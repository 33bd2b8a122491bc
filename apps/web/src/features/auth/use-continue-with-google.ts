// What Login and Register hand their form for "Continue with Google": start it (with where to go after and,
// on Register, the chosen role), and finish a redirect that comes back to the page.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { safeReturnPath } from '../../lib/safe-return';
import { googleReturn, type GoogleReturn } from './google-return';
import { useIdentityLoader } from './identity-loader';
import { useAuthActions } from './use-auth-actions';

export interface GoogleSignInForm {
  start(form: FormData): Promise<void>;
  /** Whether this page load is a redirect's return (read without acting on it). */
  returning(): boolean;
  /** A redirect's return being finished, or null when this page load is not one. */
  finishRedirect(): Promise<void> | null;
}

export function useContinueWithGoogle(next: (form: FormData) => GoogleReturn): GoogleSignInForm {
  const { continueWithGoogle, finishGoogleRedirect } = useAuthActions();
  const loadIdentity = useIdentityLoader();
  const [, navigate] = useLocation();

  // The SDK loads with the page, so the press opens the popup while the browser still counts it as the
  // person's (a popup opened after a slow chunk download is blocked, and would fall back to the redirect).
  useEffect(() => {
    loadIdentity().catch(() => undefined);
  }, [loadIdentity]);

  const go = (path: string | null) => {
    if (path !== null) navigate(safeReturnPath(path), { replace: true });
  };
  return {
    start: async (form) => go(await continueWithGoogle(next(form))),
    returning: () => googleReturn.pending(),
    finishRedirect: () => finishGoogleRedirect()?.then(go) ?? null,
  };
}
