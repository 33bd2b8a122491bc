// The "Demo mode" marker. A build made for the Firebase Auth emulator (VITE_FIREBASE_AUTH_EMULATOR, as `npm start`
// builds it) signs people in with local test accounts that anyone at this computer can use, so every page says
// so in one quiet line. Stories and tests pass a mocked identity and show the screens as production shows them.
import { firebaseConfig } from '../../features/auth/firebase-config';
import { loadFirebaseIdentity, useIdentityLoader } from '../../features/auth/identity-loader';
import * as styles from './layout.css';

/** The marker itself, always shown (for the story). */
export function DemoModeStrip() {
  return (
    <p role="note" aria-label="Demo mode" className={styles.demoMode}>
      <strong>Demo mode</strong> · local test accounts (Firebase Auth emulator)
    </p>
  );
}

/** The marker when this build signs in on the Auth emulator; nothing otherwise. */
export function DemoModeNote() {
  const identity = useIdentityLoader();
  const onEmulator = identity === loadFirebaseIdentity && firebaseConfig().emulatorUrl !== null;
  return onEmulator ? <DemoModeStrip /> : null;
}
