// Firebase identity through firebase-admin: verifies ID tokens and removes accounts. On the embedded default,
// FIREBASE_AUTH_EMULATOR_HOST points firebase-admin at the Auth emulator (project demo-recell, no credentials).
import { randomBytes } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { emulatorSignIns } from './emulator-sign-ins';

export interface IdentityClaims {
  uid: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  /** Whether this sign-in passed a second step (the token's `firebase.sign_in_second_factor`). */
  secondFactor: boolean;
  /** When the person signed in (seconds since 1970; the token's `auth_time`), for step-up operations. */
  authTime: number;
  /** How this token's sign-in was made (`firebase.sign_in_provider`: password, google.com, phone, ...). */
  signInProvider: string;
  /** The phone number Firebase confirmed by SMS code for this account (E.164), when it has one. */
  phoneNumber?: string;
}

export interface Identity {
  /** The verified claims of a Firebase ID token, or null when it is not a valid token with an email. */
  verifyIdToken(token: string): Promise<IdentityClaims | null>;
  /** Removes the identity account (by uid, else by email); an account already gone is not an error. */
  deleteAccount(uid: string | null, email: string): Promise<void>;
  /**
   * Creates the account with this password unless it exists (demo accounts on the emulator). With `uid` (the
   * one the users table holds for this email), an account under another uid is replaced by one with `uid`.
   */
  ensureAccount(account: { email: string; password: string; name: string }, uid?: string): Promise<string>;
  /**
   * Demo mode: enrols this phone as the account's second step unless it has one (the demo admin, who must sign
   * in with one; the emulator texts nobody and keeps the codes for the demo's sign-in screen).
   */
  ensurePhoneSecondFactor(uid: string, phoneNumber: string): Promise<void>;
  /** Called after a user record is created, linked or deleted: demo mode saves the emulator's accounts. */
  accountsChanged?(): Promise<void>;
  close(): Promise<void>;
}

export function firebaseIdentity(options: {
  projectId: string;
  emulatorHost?: string | undefined;
  /** Demo mode: keeps the emulator's accounts across restarts (see emulator-accounts.ts). */
  onAccountsChanged?: () => Promise<void>;
}): Identity {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  // A named app per server instance, so tests can run several side by side.
  const app: App = initializeApp(
    { projectId: options.projectId },
    `recell-${randomBytes(6).toString('hex')}`,
  );
  const auth: Auth = getAuth(app);
  // The emulator's tokens are unsigned: each is also held to the emulator's record of its account. A real
  // project's tokens are signed by Google, and firebase-admin checks the signature.
  const signIns = options.emulatorHost
    ? emulatorSignIns({ host: options.emulatorHost, projectId: options.projectId })
    : undefined;
  return {
    async verifyIdToken(token) {
      try {
        const decoded = await auth.verifyIdToken(token);
        if (!decoded.email) return null;
        if (signIns && !(await signIns.recorded(decoded))) return null;
        return {
          uid: decoded.uid,
          email: decoded.email.toLowerCase(),
          emailVerified: decoded.email_verified === true,
          secondFactor: typeof decoded.firebase.sign_in_second_factor === 'string',
          authTime: decoded.auth_time,
          signInProvider: decoded.firebase.sign_in_provider,
          ...(typeof decoded.name === 'string' ? { name: decoded.name } : {}),
          ...(typeof decoded.phone_number === 'string' ? { phoneNumber: decoded.phone_number } : {}),
        };
      } catch {
        return null;
      }
    },
    async deleteAccount(uid, email) {
      try {
        await auth.deleteUser(uid ?? (await auth.getUserByEmail(email)).uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    async ensureAccount({ email, password, name }, uid) {
      try {
        const existing = await auth.getUserByEmail(email);
        if (!uid || existing.uid === uid) {
          // Left as it is otherwise: changing the password would end the account's current sessions.
          if (!existing.emailVerified) await auth.updateUser(existing.uid, { emailVerified: true });
          return existing.uid;
        }
        // The users table owns this email under `uid`; an account with another uid could never sign in.
        await auth.deleteUser(existing.uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
      const created = await auth.createUser({
        ...(uid ? { uid } : {}),
        email,
        password,
        displayName: name,
        emailVerified: true,
      });
      return created.uid;
    },
    async ensurePhoneSecondFactor(uid, phoneNumber) {
      const { multiFactor } = await auth.getUser(uid);
      if ((multiFactor?.enrolledFactors.length ?? 0) > 0) return;
      await auth.updateUser(uid, {
        // The emulator's admin API takes the enrolment's id from the caller (a real project makes its own).
        multiFactor: {
          enrolledFactors: [
            {
              uid: randomBytes(14).toString('hex'),
              factorId: 'phone',
              phoneNumber,
              displayName: 'Demo phone',
            },
          ],
        },
      });
    },
    accountsChanged: () => options.onAccountsChanged?.() ?? Promise.resolve(),
    close: () => deleteApp(app),
  };
}
