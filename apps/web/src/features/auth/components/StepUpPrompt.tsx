// When the server refuses an operation for want of a recent sign-in (403 `recent_sign_in_required`: deleting a
// user, the Verified badge, changing one's phone; the contract marks them `x-recent-sign-in`), this asks the
// person to sign in again, which brings them back to this page to do it once more. Mounted once beside the routes;
// it watches every mutation, so no screen has to remember to ask.
import { ApiError } from '@recell/api';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';

export const needsRecentSignIn = (error: unknown) =>
  error instanceof ApiError && error.code === 'recent_sign_in_required';

// The dialog's code (the design system's Modal) loads when it is first asked for, not with every first page.
const StepUpDialog = lazy(() =>
  import('./StepUpDialog').then((module) => ({ default: module.StepUpDialog })),
);

export function StepUpPrompt() {
  const client = useQueryClient();
  const [asked, setAsked] = useState(false);
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
  return asked ? (
    <Suspense fallback={null}>
      <StepUpDialog onClose={() => setAsked(false)} />
    </Suspense>
  ) : null;
}
