// Who the user is comes from an identity service (Firebase Auth). Screens talk to this small interface, so
// tests and a mocked QA build can hand in their own, and the Firebase SDK loads only when it is needed.
import { createContext, useContext } from 'react';

export interface IdentityUser {
  uid: string;
  email: string;
  displayName: string | null;
}

export interface SignedIn {
  user: IdentityUser;
  /** A fresh ID token for the server's token exchange. */
  idToken: string;
}

export interface Identity {
  signIn(email: string, password: string): Promise<SignedIn>;
  /** Creates the account and sets its display name; the ID token already carries the name. */
  signUp(input: { name: string; email: string; password: string }): Promise<SignedIn>;
  /** The user the identity service remembers (after a reload), or null. */
  current(): Promise<SignedIn | null>;
  signOut(): Promise<void>;
}

/** An identity service failure; `code` is the service's own (`auth/network-request-failed` ...). */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code);
  }
}

export type IdentityLoader = () => Promise<Identity>;

let firebaseIdentity: Promise<Identity> | undefined;

/** Loads the Firebase SDK on first use (a separate chunk: public pages never download it). */
export const loadFirebaseIdentity: IdentityLoader = () => {
  firebaseIdentity ??= import('./firebase-identity').then(({ createFirebaseIdentity }) =>
    createFirebaseIdentity(),
  );
  // a failed chunk load may be retried on the next attempt
  firebaseIdentity.catch(() => (firebaseIdentity = undefined));
  return firebaseIdentity;
};

export const IdentityContext = createContext<IdentityLoader>(loadFirebaseIdentity);

export const useIdentityLoader = (): IdentityLoader => useContext(IdentityContext);
