// Success and failure notices (§8) go to the design system's toast queue; the app provides one queue, and
// tests get a fresh one per render.
import type { ToastQueue } from '@recell/ui/Toast';
import { createContext, useContext, useMemo } from 'react';

export const ToastContext = createContext<ToastQueue | null>(null);

export function useToast() {
  const queue = useContext(ToastContext);
  if (!queue) throw new Error('useToast needs a ToastContext provider');
  return useMemo(
    () => ({
      success: (message: string) => void queue.success(message),
      error: (message: string) => void queue.error(message),
    }),
    [queue],
  );
}

/** The words to show for anything thrown: the server's message for an ApiError, else the error's own. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
