// StepUpPrompt's question: sign in again (signing out, then Login, which comes back to this page) or not now.
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Confirm } from '../../../components/Confirm';
import { loginPath } from '../../../lib/safe-return';
import { useAuthActions } from '../use-auth-actions';

export function StepUpDialog({ onClose }: { onClose: () => void }) {
  const [leaving, setLeaving] = useState(false);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { signOut } = useAuthActions();
  const here = search ? `${path}?${search}` : path;
  return (
    <Confirm
      title="Sign in again to continue"
      action="Sign in again"
      keep="Not now"
      pending={leaving}
      onClose={onClose}
      onConfirm={() => {
        setLeaving(true);
        void signOut().then(() => {
          onClose();
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
