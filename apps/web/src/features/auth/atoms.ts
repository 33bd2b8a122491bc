// Session state (jotai): the app's access token and who it belongs to. Server data stays in react-query.
import type { Role } from '@recell/api';
import { SESSION_STORAGE_KEY } from '@recell/api/pages';
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

export interface SessionUser {
  uid: string;
  email: string;
  displayName: string | null;
}

export interface Session {
  accessToken: string;
  role: Role;
  /** Epoch milliseconds after which the server refuses the token. */
  expiresAt: number;
  user: SessionUser;
  /**
   * Whether this sign-in passed a second step, as the server's access token says (`second_factor`); absent
   * when the token does not say (the QA mocks'). An admin without one is sent to turn it on.
   */
  secondStep?: boolean;
}

// Kept in localStorage (as the earlier version kept its token) so a reload or a new tab stays signed in without
// loading the identity SDK; the token is short-lived (1 hour) and is renewed through the identity service.
// jotai's default storage is window.localStorage, or none where there is no window (the build's static first
// frame, app/frame.tsx, renders a visitor's page in Node).
// (The key is shared with the server's page head: @recell/api/pages.)
export { SESSION_STORAGE_KEY };

export const sessionAtom = atomWithStorage<Session | null>(
  SESSION_STORAGE_KEY,
  null,
  createJSONStorage<Session | null>(),
  { getOnInit: true },
);

/** True while a sign-in, sign-up, sign-out or token renewal is under way. */
export const authBusyAtom = atom(false);
