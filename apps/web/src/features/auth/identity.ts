// Who the user is comes from an identity service (Firebase Auth). Screens talk to this small interface, so
// tests and a mocked QA build can hand in their own (identity-loader.ts chooses), and the Firebase SDK loads only
// when it is needed. The implementations import this file, so it imports none of them.

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
