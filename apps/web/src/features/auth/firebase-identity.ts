// The real identity service. Imported only through `loadFirebaseIdentity` (a dynamic import), so the SDK is
// a chunk of its own that public pages never load.
import { FirebaseError, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { firebaseConfig, type FirebaseConfig } from './firebase-config';
import { IdentityError, type Identity, type SignedIn } from './identity';

async function signedIn(user: User, forceRefresh = false): Promise<SignedIn> {
  return {
    user: { uid: user.uid, email: user.email ?? '', displayName: user.displayName },
    idToken: await user.getIdToken(forceRefresh),
  };
}

async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FirebaseError) throw new IdentityError(error.code, error.message);
    throw error;
  }
}

export function createFirebaseIdentity(config: FirebaseConfig = firebaseConfig()): Identity {
  const app = initializeApp({
    apiKey: config.apiKey,
    projectId: config.projectId,
    authDomain: config.authDomain,
  });
  const auth = getAuth(app);
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });

  return {
    signIn: (email, password) =>
      translated(async () => signedIn((await signInWithEmailAndPassword(auth, email, password)).user)),
    signUp: ({ name, email, password }) =>
      translated(async () => {
        const { user } = await createUserWithEmailAndPassword(auth, email, password);
        await updateProfile(user, { displayName: name });
        // a fresh token, so it carries the display name just set
        return signedIn(user, true);
      }),
    current: () =>
      translated(async () => {
        await auth.authStateReady();
        return auth.currentUser ? signedIn(auth.currentUser) : null;
      }),
    signOut: () => translated(() => signOut(auth)),
  };
}
