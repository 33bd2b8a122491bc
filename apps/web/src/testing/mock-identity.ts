// A stand-in for the identity service over the MSW mock store: the demo accounts' passwords, new accounts
// kept in memory, and ID tokens the mocked token exchange accepts. Used by tests (and later a mocked QA build).
import type { MockStore } from '@recell/api/mocks';
import { mockIdToken } from '@recell/api/mocks';
import { IdentityError, type Identity, type IdentityLoader, type SignedIn } from '../features/auth/identity';

export function createMockIdentity(store: MockStore): Identity & { failNext(code: string): void } {
  const names = new Map(store.users.map((user) => [user.email, user.name]));
  let current: SignedIn | null = null;
  let nextFailure: string | null = null;

  const signedIn = (email: string): SignedIn => {
    const displayName = names.get(email) ?? null;
    return {
      user: { uid: `firebase-${email}`, email, displayName },
      idToken: mockIdToken({ email, ...(displayName ? { name: displayName } : {}) }),
    };
  };
  const checkFailure = () => {
    if (nextFailure) {
      const code = nextFailure;
      nextFailure = null;
      throw new IdentityError(`auth/${code}`, `Firebase: Error (auth/${code}).`);
    }
  };

  return {
    failNext: (code) => (nextFailure = code),
    async signIn(email, password) {
      checkFailure();
      if (store.passwords.get(email) !== password)
        throw new IdentityError('auth/invalid-credential', 'Firebase: Error (auth/invalid-credential).');
      current = signedIn(email);
      return current;
    },
    async signUp({ name, email, password }) {
      checkFailure();
      if (store.passwords.has(email))
        throw new IdentityError('auth/email-already-in-use', 'Firebase: Error (auth/email-already-in-use).');
      store.passwords.set(email, password);
      names.set(email, name);
      current = signedIn(email);
      return current;
    },
    async current() {
      return current;
    },
    async signOut() {
      checkFailure();
      current = null;
    },
  };
}

export const mockIdentityLoader =
  (identity: Identity): IdentityLoader =>
  () =>
    Promise.resolve(identity);
