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

/** A Google sign-in; `isNewUser` when it made the identity account (the first time this Google account came). */
export interface GoogleSignedIn extends SignedIn {
  isNewUser: boolean;
}

export interface Identity {
  signIn(email: string, password: string): Promise<SignedIn>;
  /**
   * Continue with Google: a popup, or with `redirect` (a phone) or when the browser blocks the popup, the whole
   * page goes to Google and comes back; then it resolves null and `googleRedirectResult` finishes on return.
   */
  signInWithGoogle(options: { redirect: boolean }): Promise<GoogleSignedIn | null>;
  /** The Google sign-in a redirect came back with, or null when this page load is not such a return. */
  googleRedirectResult(): Promise<GoogleSignedIn | null>;
  /** Creates the account and sets its display name; the ID token already carries the name. */
  signUp(input: { name: string; email: string; password: string }): Promise<SignedIn>;
  /**
   * Forgot password: asks the identity service to email a reset link. Resolves the same whether or not an
   * account uses the email (nobody learns who has one); on the emulator, with where it keeps the link instead.
   */
  sendPasswordReset(email: string): Promise<{ emulatorInbox: string | null }>;
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
