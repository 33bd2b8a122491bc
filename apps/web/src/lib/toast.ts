// Toasts are UI state: a jotai list the <Toaster> shows in a live region.
import { atom, useSetAtom } from 'jotai';
import { useMemo } from 'react';

export interface Toast {
  id: number;
  tone: 'success' | 'error';
  message: string;
}

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;
const TOAST_MS = 5000;

export function useToast() {
  const setToasts = useSetAtom(toastsAtom);
  return useMemo(() => {
    const dismiss = (id: number) => setToasts((toasts) => toasts.filter((toast) => toast.id !== id));
    const show = (tone: Toast['tone'], message: string) => {
      const id = nextId++;
      setToasts((toasts) => [...toasts, { id, tone, message }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    };
    return {
      success: (message: string) => show('success', message),
      error: (message: string) => show('error', message),
      dismiss,
    };
  }, [setToasts]);
}

/** The words to show for anything thrown: the server's message for an ApiError, else the error's own. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
