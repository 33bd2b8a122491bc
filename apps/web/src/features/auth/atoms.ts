// Session state (jotai): the app's access token and who it belongs to. Server data stays in react-query.
import type { Role } from '@recell/api';
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
}

// Kept in localStorage (as the earlier version kept its token) so a reload or a new tab stays signed in without
// loading the identity SDK; the token is short-lived (1 hour) and is renewed through the identity service.
// jotai's default storage is window.localStorage, or none where there is no window (the build's static first
// frame, app/frame.tsx, renders a visitor's page in Node).
export const sessionAtom = atomWithStorage<Session | null>(
  'recell.session',
  null,
  createJSONStorage<Session | null>(),
  { getOnInit: true },
);

/** True while a sign-in, sign-up, sign-out or token renewal is under way. */
export const authBusyAtom = atom(false);
