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

/**
 * The second step of a sign-in, for an account with a phone enrolled: `signIn` rejects with SecondStepRequired
 * carrying it. `sendCode` texts a code to the phone (again); `confirm` signs in with it.
 */
export interface SecondStep {
  /** The phone as the identity service shows it (`+*******0100`): the code went there. */
  phoneHint: string;
  sendCode(): Promise<void>;
  confirm(code: string): Promise<SignedIn>;
}

/** Turning on the second step: a code was texted to the phone; `confirm` enrols it (and re-signs in with it). */
export interface PhoneEnrolment {
  confirm(code: string): Promise<SignedIn>;
}

/**
 * Verifying a seller's phone: a code was texted to the number; `confirm` links the number to the
 * signed-in account (or replaces the one linked before) and resolves with the ID token of that confirmation,
 * whose phone_number claim the server reads (PUT /me/phone).
 */
export interface PhoneLink {
  confirm(code: string): Promise<string>;
}

export interface Identity {
  /** Rejects with SecondStepRequired when the account has a second step. */
  signIn(email: string, password: string): Promise<SignedIn>;
  /** Whether the signed-in account has a second step enrolled. */
  secondStepEnrolled(): Promise<boolean>;
  /** Texts a code to `phoneNumber` (E.164, `+8801...`) to enrol it as the signed-in account's second step. */
  enrolPhone(phoneNumber: string): Promise<PhoneEnrolment>;
  /** Texts a code to `phoneNumber` (E.164) to verify it as the signed-in seller's number. */
  verifyPhone(phoneNumber: string): Promise<PhoneLink>;
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
   * account uses the email (nobody learns who has one). In demo mode (the emulator, the mocks), which send no
   * email, with the link's path on this app (`/reset?oobCode=...`), or null for an email with no account.
   */
  sendPasswordReset(email: string): Promise<{ demoResetPath: string | null }>;
  /** The email of the account a reset link's code is for; rejects an expired, used or made-up code. */
  checkPasswordResetCode(code: string): Promise<string>;
  /** Sets the account's new password with a reset link's code (once: the code is spent). */
  resetPassword(code: string, newPassword: string): Promise<void>;
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

/** `signIn` of an account with a second step: the code step comes next. */
export class SecondStepRequired extends Error {
  override readonly name = 'SecondStepRequired';
  constructor(readonly step: SecondStep) {
    super('auth/multi-factor-auth-required');
  }
}
