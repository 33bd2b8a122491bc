// A stand-in for the identity service over the MSW mock store: the demo accounts' passwords, new accounts
// kept in the store, and ID tokens the mocked token exchange accepts. Used by tests and by the mocked QA build
// (`npm run dev:mock`), which remembers who is signed in across reloads as Firebase does.
import type { MockStore } from '@recell/api/mocks';
import { mockIdToken } from '@recell/api/mocks';
import {
  IdentityError,
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

export function createMockIdentity(
  store: MockStore,
  remembered?: RememberedUser,
): Identity & { failNext(code: string): void } {
  const names = new Map(store.users.map((user) => [user.email, user.name]));
  let nextFailure: string | null = null;
  const googleAccounts = new Set<string>();

  const signedIn = (email: string): SignedIn => {
    const displayName = names.get(email) ?? null;
    return {
      user: { uid: `firebase-${email}`, email, displayName },
      idToken: mockIdToken({ email, ...(displayName ? { name: displayName } : {}) }),
    };
  };
  const rememberedEmail = remembered?.load();
  let current: SignedIn | null =
    rememberedEmail && store.passwords.has(rememberedEmail) ? signedIn(rememberedEmail) : null;
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
    async signIn(email, password) {
      checkFailure();
      if (store.passwords.get(email) !== password)
        throw new IdentityError('auth/invalid-credential', 'Firebase: Error (auth/invalid-credential).');
      return setCurrent(signedIn(email));
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
    async sendPasswordReset() {
      checkFailure();
      return { emulatorInbox: null };
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
