import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../EmptyState/EmptyState';

export interface ErrorStateProps {
  title?: ReactNode;
  /** The error's message, in words a person can act on. */
  message?: ReactNode;
  /** Retry, go home, sign out... */
  actions?: ReactNode;
  /** 1 when the state is the whole page (a listing that is gone). */
  headingLevel?: 1 | 2 | 3 | 4;
}

/** A failed load or a broken route: announced as an alert, with a way out. */
export function ErrorState({
  title = 'Something went wrong',
  message,
  actions,
  headingLevel,
}: ErrorStateProps) {
  return (
    <EmptyState
      role="alert"
      tone="error"
      icon={TriangleAlert}
      title={title}
      description={message}
      actions={actions}
      headingLevel={headingLevel}
    />
  );
}
