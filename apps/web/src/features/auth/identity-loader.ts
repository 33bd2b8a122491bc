// Which identity service screens use: the Firebase one unless a test, story or the mocked QA build provides
// another. Apart from identity.ts, so firebase-identity.ts can import the interface without an import cycle.
import { createContext, useContext } from 'react';
import { firebaseConfig } from './firebase-config';
import type { Identity, IdentityLoader } from './identity';

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

/**
 * Whether the code step may show the code that was "sent": on the Auth emulator (demo mode) and with a mocked
 * identity (tests, stories, the QA build), where no text message comes; never with a real Firebase project.
 */
export function useSentCodesShown(): boolean {
  const identity = useIdentityLoader();
  return identity !== loadFirebaseIdentity || firebaseConfig().emulatorUrl !== null;
}
