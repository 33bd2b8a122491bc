// When the server refuses an operation for want of a recent sign-in (403 `recent_sign_in_required`: deleting a
// user, the Verified badge, changing one's phone; the contract marks them `x-recent-sign-in`), this asks the
// person to sign in again, which brings them back to this page to do it once more. Mounted once beside the routes;
// it watches every mutation, so no screen has to remember to ask.
import { ApiError } from '@recell/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Confirm } from '../../../components/Confirm';
import { loginPath } from '../../../lib/safe-return';
import { useAuthActions } from '../use-auth-actions';

export const needsRecentSignIn = (error: unknown) =>
  error instanceof ApiError && error.code === 'recent_sign_in_required';

export function StepUpPrompt() {
  const client = useQueryClient();
  const [asked, setAsked] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { signOut } = useAuthActions();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (
          event.type === 'updated' &&
          event.action.type === 'error' &&
          needsRecentSignIn(event.action.error)
        )
          setAsked(true);
      }),
    [client],
  );
  if (!asked) return null;
  const here = search ? `${path}?${search}` : path;
  return (
    <Confirm
      title="Sign in again to continue"
      action="Sign in again"
      keep="Not now"
      pending={leaving}
      onClose={() => setAsked(false)}
      onConfirm={() => {
        setLeaving(true);
        void signOut().then(() => {
          setLeaving(false);
          setAsked(false);
          navigate(loginPath(here));
        });
      }}
    >
      <p>
        For your safety, this change needs a sign-in from the last few minutes. Sign in again and you come
        back here to make it.
      </p>
    </Confirm>
  );
}
