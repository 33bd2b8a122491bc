// The real identity service. Imported only through `loadFirebaseIdentity` (a dynamic import), so the SDK is
// a chunk of its own that public pages never load.
import { FirebaseError, initializeApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAdditionalUserInfo,
  getAuth,
  getMultiFactorResolver,
  getRedirectResult,
  GoogleAuthProvider,
  linkWithCredential,
  multiFactor,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  type MultiFactorError,
  type MultiFactorResolver,
  type PhoneMultiFactorInfo,
  sendPasswordResetEmail,
  confirmPasswordReset,
  verifyPasswordResetCode,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  updatePhoneNumber,
  updateProfile,
  type User,
  type UserCredential,
} from 'firebase/auth';
import { firebaseConfig, type FirebaseConfig } from './firebase-config';
import {
  IdentityError,
  SecondStepRequired,
  type GoogleSignedIn,
  type Identity,
  type SecondStep,
  type SignedIn,
} from './identity';

async function signedIn(user: User, forceRefresh = false): Promise<SignedIn> {
  return {
    user: { uid: user.uid, email: user.email ?? '', displayName: user.displayName },
    idToken: await user.getIdToken(forceRefresh),
  };
}

async function googleSignedIn(credential: UserCredential): Promise<GoogleSignedIn> {
  return {
    ...(await signedIn(credential.user)),
    isNewUser: getAdditionalUserInfo(credential)?.isNewUser === true,
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

/**
 * Google's sign-in loads Google's own script (apis.google.com), even against the emulator: without internet (a
 * demo offline) the SDK says only `internal-error`. Said as what it is.
 */
async function viaGoogle<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await translated(call);
  } catch (error) {
    if (error instanceof IdentityError && GOOGLE_UNREACHABLE.has(error.code))
      throw new IdentityError('auth/google-unreachable', error.message);
    throw error;
  }
}
const GOOGLE_UNREACHABLE = new Set(['auth/internal-error', 'auth/network-request-failed']);

export function createFirebaseIdentity(config: FirebaseConfig = firebaseConfig()): Identity {
  const app = initializeApp({
    apiKey: config.apiKey,
    projectId: config.projectId,
    authDomain: config.authDomain,
  });
  const auth = getAuth(app);
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  // On the emulator the popup and the redirect go to its own Google page (no internet, any made-up account).
  const google = new GoogleAuthProvider();
  google.setCustomParameters({ prompt: 'select_account' });

  // Texting a code needs a reCAPTCHA check, invisible; the emulator skips it (Firebase's documented switch).
  if (config.emulatorUrl) auth.settings.appVerificationDisabledForTesting = true;
  let verifier: RecaptchaVerifier | undefined;
  const appVerifier = () => {
    if (!verifier) {
      const container = document.createElement('div');
      container.hidden = true;
      document.body.append(container);
      verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
    }
    return verifier;
  };
  const phoneCode = (verificationId: string | undefined, code: string) => {
    if (!verificationId) throw new IdentityError('auth/missing-verification-id');
    return PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code));
  };

  /** The code step of a sign-in the service answered with `auth/multi-factor-auth-required`. */
  const secondStep = (resolver: MultiFactorResolver): SecondStep => {
    const hint = resolver.hints.find((factor) => factor.factorId === PhoneMultiFactorGenerator.FACTOR_ID);
    if (!hint) throw new IdentityError('auth/unsupported-first-factor');
    let verificationId: string | undefined;
    return {
      phoneHint: (hint as PhoneMultiFactorInfo).phoneNumber,
      sendCode: () =>
        translated(async () => {
          verificationId = await new PhoneAuthProvider(auth).verifyPhoneNumber(
            { multiFactorHint: hint, session: resolver.session },
            appVerifier(),
          );
        }),
      confirm: (code) =>
        translated(async () =>
          signedIn((await resolver.resolveSignIn(phoneCode(verificationId, code))).user),
        ),
    };
  };
  const signedInUser = () => {
    if (!auth.currentUser) throw new IdentityError('auth/no-current-user', 'Please sign in again.');
    return auth.currentUser;
  };

  return {
    signIn: (email, password) =>
      translated(async () => {
        try {
          return await signedIn((await signInWithEmailAndPassword(auth, email, password)).user);
        } catch (error) {
          // the password was right; the account has a second step (its resolver carries the pending sign-in)
          if (error instanceof FirebaseError && error.code === 'auth/multi-factor-auth-required')
            throw new SecondStepRequired(secondStep(getMultiFactorResolver(auth, error as MultiFactorError)));
          throw error;
        }
      }),
    secondStepEnrolled: async () => {
      await auth.authStateReady();
      return (auth.currentUser && multiFactor(auth.currentUser).enrolledFactors.length > 0) === true;
    },
    enrolPhone: (phoneNumber) =>
      translated(async () => {
        const user = signedInUser();
        const session = await multiFactor(user).getSession();
        const verificationId = await new PhoneAuthProvider(auth).verifyPhoneNumber(
          { phoneNumber, session },
          appVerifier(),
        );
        return {
          confirm: (code) =>
            translated(async () => {
              await multiFactor(user).enroll(phoneCode(verificationId, code), 'Phone');
              // a fresh token: it says this sign-in passed the second step
              return signedIn(user, true);
            }),
        };
      }),
    verifyPhone: (phoneNumber) =>
      translated(async () => {
        const user = signedInUser();
        const verificationId = await new PhoneAuthProvider(auth).verifyPhoneNumber(
          phoneNumber,
          appVerifier(),
        );
        return {
          confirm: (code) =>
            translated(async () => {
              const credential = PhoneAuthProvider.credential(verificationId, code);
              // A new number replaces the one linked before; a first one is linked.
              if (user.phoneNumber) await updatePhoneNumber(user, credential);
              else await linkWithCredential(user, credential);
              // The token the confirmation issued: its phone_number claim is the number just confirmed.
              return user.getIdToken();
            }),
        };
      }),
    signUp: ({ name, email, password }) =>
      translated(async () => {
        const { user } = await createUserWithEmailAndPassword(auth, email, password);
        await updateProfile(user, { displayName: name });
        // a fresh token, so it carries the display name just set
        return signedIn(user, true);
      }),
    signInWithGoogle: ({ redirect }) =>
      viaGoogle(async () => {
        if (!redirect) {
          try {
            return await googleSignedIn(await signInWithPopup(auth, google, browserPopupRedirectResolver));
          } catch (error) {
            // A blocked popup falls back to the redirect; any other failure (a closed popup) is the caller's.
            if (!(error instanceof FirebaseError && error.code === 'auth/popup-blocked')) throw error;
          }
        }
        await signInWithRedirect(auth, google, browserPopupRedirectResolver);
        return null;
      }),
    googleRedirectResult: () =>
      viaGoogle(async () => {
        const credential = await getRedirectResult(auth, browserPopupRedirectResolver);
        return credential ? googleSignedIn(credential) : null;
      }),
    sendPasswordReset: (email) =>
      translated(async () => {
        try {
          // back to Login once the new password is set
          await sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/login` });
        } catch (error) {
          if (!(error instanceof FirebaseError && error.code === 'auth/user-not-found')) throw error;
        }
        return { demoResetPath: config.emulatorUrl ? await emulatorResetPath(config, email) : null };
      }),
    checkPasswordResetCode: (code) => translated(() => verifyPasswordResetCode(auth, code)),
    resetPassword: (code, newPassword) => translated(() => confirmPasswordReset(auth, code, newPassword)),
    current: () =>
      translated(async () => {
        await auth.authStateReady();
        return auth.currentUser ? signedIn(auth.currentUser) : null;
      }),
    signOut: () => translated(() => signOut(auth)),
  };
}

/**
 * The emulator sends no email: it keeps each link, listed at its oobCodes address (as open as the emulator is,
 * demo mode only). The newest reset link of `email` becomes this app's own reset page, or null when none.
 */
async function emulatorResetPath(config: FirebaseConfig, email: string): Promise<string | null> {
  const inbox = `${config.emulatorUrl}/emulator/v1/projects/${config.projectId}/oobCodes`;
  const response = await fetch(inbox);
  if (!response.ok) return null;
  const { oobCodes = [] } = (await response.json()) as {
    oobCodes?: { email: string; oobCode: string; requestType: string }[];
  };
  const newest = oobCodes.findLast(
    (entry) => entry.requestType === 'PASSWORD_RESET' && entry.email.toLowerCase() === email.toLowerCase(),
  );
  return newest ? `/reset?${new URLSearchParams({ oobCode: newest.oobCode })}` : null;
}
