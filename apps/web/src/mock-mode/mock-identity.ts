// A stand-in for the identity service over the MSW mock store: the demo accounts' passwords, new accounts
// kept in the store, and ID tokens the mocked token exchange accepts. Used by tests and by the mocked QA build
// (`npm run dev:mock`), which remembers who is signed in across reloads as Firebase does.
import type { MockStore } from '@recell/api/mocks';
import { MOCK_PHONE_CODE, mockIdToken } from '@recell/api/mocks';
import { demoAccounts, demoAdminPhone } from '@recell/api/fixtures';
import {
  IdentityError,
  SecondStepRequired,
  type GoogleSignedIn,
  type Identity,
  type IdentityLoader,
  type SignedIn,
} from '../features/auth/identity';

/**
 * The Google account the mocked identity's "Continue with Google" signs in as (the emulator's Google page lets
 * a person make one up; here there is no page). A popup and a redirect both come straight back.
 */
export const mockGoogleAccount = { email: 'google.person@recell.test', name: 'Gia Google' } as const;

/** Where the signed-in email is kept between page loads (the mocked QA build uses sessionStorage). */
export interface RememberedUser {
  load(): string | null;
  save(email: string | null): void;
}

const RESET_CODE_PREFIX = 'mock-reset:';
/** The reset link's code the mocked identity gives `email` (stories and tests open `/reset` with it). */
export const mockResetCode = (email: string) => `${RESET_CODE_PREFIX}${email}`;

export function createMockIdentity(
  store: MockStore,
  remembered?: RememberedUser,
): Identity & { failNext(code: string): void; failNextCode(code: string): void } {
  const names = new Map(store.users.map((user) => [user.email, user.name]));
  let nextFailure: string | null = null;
  // the next code typed fails so (a second step's or an enrolment's: `code-expired`, `too-many-requests`)
  let nextCodeFailure: string | null = null;
  const googleAccounts = new Set<string>();
  const spentResetCodes = new Set<string>();
  /** A reset code's account; a used one, or one of no account, is refused as Firebase refuses it. */
  const resetEmail = (code: string) => {
    const email = code.startsWith(RESET_CODE_PREFIX) ? code.slice(RESET_CODE_PREFIX.length) : '';
    if (spentResetCodes.has(code) || !store.passwords.has(email))
      throw new IdentityError('auth/invalid-action-code', 'Firebase: Error (auth/invalid-action-code).');
    return email;
  };

  /** `secondFactor`: whether the sign-in passed a second step, as a Firebase ID token says. */
  const signedIn = (email: string, secondFactor = false): SignedIn => {
    const displayName = names.get(email) ?? null;
    return {
      user: { uid: `firebase-${email}`, email, displayName },
      idToken: mockIdToken({ email, ...(displayName ? { name: displayName } : {}), secondFactor }),
    };
  };
  // Second steps, by email: the demo admin has one, as npm start enrols it.
  const phones = new Map<string, string>([[demoAccounts.admin.email, demoAdminPhone]]);
  const rememberedEmail = remembered?.load();
  // A kept session of an account with a second step signed in with it (Firebase's tokens keep saying so), or an
  // admin's reload would lose the step, and with it every call (the server's refusal).
  let current: SignedIn | null =
    rememberedEmail && store.passwords.has(rememberedEmail)
      ? signedIn(rememberedEmail, phones.has(rememberedEmail))
      : null;
  const setCurrent = <T extends SignedIn | null>(next: T): T => {
    current = next;
    remembered?.save(next?.user.email ?? null);
    return next;
  };
  const checkFailure = () => {
    if (nextFailure) {
      const code = nextFailure;
      nextFailure = null;
      throw new IdentityError(`auth/${code}`, `Firebase: Error (auth/${code}).`);
    }
  };

  const hint = (phone: string) => `+${'*'.repeat(phone.length - 5)}${phone.slice(-4)}`;
  /** A code "texted" for the signed-in person; `confirm` checks it, then does what it confirms. */
  const codeTexted = <T>(confirmed: (email: string) => T) => {
    checkFailure();
    const email = current?.user.email;
    if (!email) throw new IdentityError('auth/no-current-user', 'Please sign in again.');
    return {
      confirm: async (code: string) => {
        checkCode(code);
        return confirmed(email);
      },
    };
  };
  const checkCode = (code: string) => {
    checkFailure();
    if (nextCodeFailure) {
      nextFailure = nextCodeFailure;
      nextCodeFailure = null;
      checkFailure();
    }
    if (code !== MOCK_PHONE_CODE)
      throw new IdentityError(
        'auth/invalid-verification-code',
        'Firebase: Error (auth/invalid-verification-code).',
      );
  };
  const signInOrSecondStep = (email: string): SignedIn => {
    const phone = phones.get(email);
    if (!phone) return setCurrent(signedIn(email));
    throw new SecondStepRequired({
      phoneHint: hint(phone),
      sendCode: async () => checkFailure(),
      confirm: async (code) => {
        checkCode(code);
        return setCurrent(signedIn(email, true));
      },
    });
  };

  const google = async (): Promise<GoogleSignedIn> => {
    checkFailure();
    const { email, name } = mockGoogleAccount;
    const isNewUser = !googleAccounts.has(email) && !store.passwords.has(email);
    googleAccounts.add(email);
    if (!names.has(email)) names.set(email, name);
    return { ...setCurrent(signedIn(email)), isNewUser };
  };

  return {
    failNext: (code) => (nextFailure = code),
    failNextCode: (code) => (nextCodeFailure = code),
    async signIn(email, password) {
      checkFailure();
      if (store.passwords.get(email) !== password)
        throw new IdentityError('auth/invalid-credential', 'Firebase: Error (auth/invalid-credential).');
      return signInOrSecondStep(email);
    },
    async secondStepEnrolled() {
      return current !== null && phones.has(current.user.email);
    },
    async enrolPhone(phoneNumber) {
      return codeTexted((email) => {
        phones.set(email, phoneNumber);
        return setCurrent(signedIn(email, true));
      });
    },
    // the token of the confirmation, as Firebase's after linking: it carries the number
    async verifyPhone(phoneNumber) {
      return codeTexted((email) => mockIdToken({ email, phoneNumber }));
    },
    async signUp({ name, email, password }) {
      checkFailure();
      if (store.passwords.has(email))
        throw new IdentityError('auth/email-already-in-use', 'Firebase: Error (auth/email-already-in-use).');
      store.passwords.set(email, password);
      names.set(email, name);
      return setCurrent(signedIn(email));
    },
    signInWithGoogle: google,
    async googleRedirectResult() {
      return null;
    },
    // demo mode here too: the link is this app's reset page, for an email with an account
    async sendPasswordReset(email) {
      checkFailure();
      if (!store.passwords.has(email)) return { demoResetPath: null };
      return { demoResetPath: `/reset?${new URLSearchParams({ oobCode: mockResetCode(email) })}` };
    },
    async checkPasswordResetCode(code) {
      checkFailure();
      return resetEmail(code);
    },
    async resetPassword(code, newPassword) {
      checkFailure();
      const email = resetEmail(code);
      if (newPassword.length < 6)
        throw new IdentityError('auth/weak-password', 'Firebase: Error (auth/weak-password).');
      store.passwords.set(email, newPassword);
      spentResetCodes.add(code);
    },
    async current() {
      return current;
    },
    async signOut() {
      checkFailure();
      setCurrent(null);
    },
  };
}

export const mockIdentityLoader =
  (identity: Identity): IdentityLoader =>
  () =>
    Promise.resolve(identity);
