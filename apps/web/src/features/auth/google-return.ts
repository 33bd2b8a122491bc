// A Google sign-in by redirect leaves the page and comes back to it: what to do then is kept for the tab
// (sessionStorage) meanwhile. Only set while such a sign-in is under way, so a page load that finds nothing
// here never loads the identity SDK to ask.
import type { Role } from '@recell/api';

export interface GoogleReturn {
  /** Where the person was going (checked by safeReturnPath before use). */
  returnTo: string;
  /** Register's choice, for an account Google makes; Login's first sign-in is a buyer. */
  role?: Exclude<Role, 'admin'>;
}

const KEY = 'recell.google-return';

export const googleReturn = {
  save(value: GoogleReturn, storage: Storage = sessionStorage) {
    storage.setItem(KEY, JSON.stringify(value));
  },
  pending: (storage: Storage = sessionStorage) => storage.getItem(KEY) !== null,
  /** What was saved, removed so it is acted on once; null when there is nothing (or nothing readable). */
  take(storage: Storage = sessionStorage): GoogleReturn | null {
    const raw = storage.getItem(KEY);
    storage.removeItem(KEY);
    try {
      const value = raw ? (JSON.parse(raw) as Partial<GoogleReturn>) : null;
      if (typeof value?.returnTo !== 'string') return null;
      return value.role === 'seller' || value.role === 'buyer'
        ? { returnTo: value.returnTo, role: value.role }
        : { returnTo: value.returnTo };
    } catch {
      return null;
    }
  },
};

/** Phones get the redirect at once: a popup there is a new tab that is easy to lose. */
export const prefersRedirect = (userAgent = globalThis.navigator?.userAgent ?? '') =>
  /Android|iPhone|iPad|iPod|Mobi/i.test(userAgent);
