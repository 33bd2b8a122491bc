// Sign-in, sign-up, sign-out and token renewal: the identity service first, then the server's token exchange.
import { ApiError, type Role } from '@recell/api';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useApi, type Api } from '../../lib/api';
import { errorMessage, useToast } from '../../lib/toast';
import { createUser } from './api/create-user';
import { exchangeToken } from './api/exchange-token';
import { authBusyAtom, sessionAtom, type Session } from './atoms';
import { googleReturn, prefersRedirect, type GoogleReturn } from './google-return';
import type { GoogleSignedIn, PhoneEnrolment, SecondStep, SignedIn } from './identity';
import { useIdentityLoader } from './identity-loader';

/** What the server's access token says of the sign-in (its claims are readable; only the server trusts them). */
function secondStepOf(accessToken: string): { secondStep?: boolean } {
  try {
    const claims = JSON.parse(
      atob((accessToken.split('.')[1] ?? '').replaceAll('-', '+').replaceAll('_', '/')),
    ) as {
      second_factor?: unknown;
    };
    return typeof claims.second_factor === 'boolean' ? { secondStep: claims.second_factor } : {};
  } catch {
    return {};
  }
}

async function sessionFor(api: Api, { user, idToken }: SignedIn): Promise<Session> {
  const { accessToken, role, expiresIn } = await exchangeToken(api, idToken, user.email);
  return { accessToken, role, expiresAt: Date.now() + expiresIn * 1000, user, ...secondStepOf(accessToken) };
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  role: Exclude<Role, 'admin'>;
}

export function useAuthActions() {
  const api = useApi();
  const loadIdentity = useIdentityLoader();
  const queryClient = useQueryClient();
  const setSession = useSetAtom(sessionAtom);
  const setBusy = useSetAtom(authBusyAtom);
  const toast = useToast();

  const busyWhile = useCallback(
    async <T>(work: () => Promise<T>): Promise<T> => {
      setBusy(true);
      try {
        return await work();
      } finally {
        setBusy(false);
      }
    },
    [setBusy],
  );

  const start = useCallback(
    (session: Session) => {
      // another user's data must not show from the cache
      queryClient.clear();
      setSession(session);
    },
    [queryClient, setSession],
  );

  const googleSession = useCallback(
    async (signedIn: GoogleSignedIn, { returnTo, role }: GoogleReturn) => {
      // Register's role for an account Google just made; otherwise the token exchange finds the record, or
      // makes a buyer's (Login), who may then choose to sell.
      if (signedIn.isNewUser && role) {
        const name = signedIn.user.displayName ?? signedIn.user.email;
        try {
          await createUser(api, signedIn.idToken, { name, role });
          toast.success('User Created Successfully.');
        } catch (error) {
          // a record already saved under this email (the seed's) is the one the exchange signs in to
          if (!(error instanceof ApiError && error.status === 409)) throw error;
        }
      }
      start(await sessionFor(api, signedIn));
      return returnTo;
    },
    [api, start, toast],
  );

  return useMemo(
    () => ({
      signIn: (email: string, password: string) =>
        busyWhile(async () => {
          const identity = await loadIdentity();
          start(await sessionFor(api, await identity.signIn(email, password)));
        }),

      /** The code step of a sign-in (signIn rejected with SecondStepRequired). */
      finishSecondStep: (step: SecondStep, code: string) =>
        busyWhile(async () => start(await sessionFor(api, await step.confirm(code)))),

      secondStepEnrolled: async () => (await loadIdentity()).secondStepEnrolled(),

      /** Texts a code to the phone to turn on the second step. */
      enrolPhone: async (phoneNumber: string) => (await loadIdentity()).enrolPhone(phoneNumber),

      /** Texts a code to the number a seller verifies. */
      verifyPhone: async (phoneNumber: string) => (await loadIdentity()).verifyPhone(phoneNumber),

      /** Turns it on with the code; the session is renewed from a sign-in that passed it. */
      // Not busyWhile: the page stays (a busy session shows the guard's spinner in its place, losing the step).
      confirmEnrolment: async (enrolment: PhoneEnrolment, code: string) =>
        setSession(await sessionFor(api, await enrolment.confirm(code))),

      signUp: ({ name, email, password, role }: SignUpInput) =>
        busyWhile(async () => {
          const identity = await loadIdentity();
          const signedIn = await identity.signUp({ name, email, password });
          await createUser(api, signedIn.idToken, { name, role });
          toast.success('User Created Successfully.');
          start(await sessionFor(api, signedIn));
        }),

      /**
       * Continue with Google: resolves with where to go once signed in, or null while the page goes to Google
       * (a phone, or a blocked popup); `finishGoogleRedirect` takes over when it comes back.
       */
      continueWithGoogle: (next: GoogleReturn) =>
        busyWhile(async () => {
          const identity = await loadIdentity();
          googleReturn.save(next);
          try {
            const signedIn = await identity.signInWithGoogle({ redirect: prefersRedirect() });
            if (!signedIn) return null;
            googleReturn.take();
            return await googleSession(signedIn, next);
          } catch (error) {
            googleReturn.take();
            throw error;
          }
        }),

      /**
       * After a redirect to Google: signs in and resolves with where to go; null at once (nothing loaded) when
       * this page load is no such return.
       */
      finishGoogleRedirect: (): Promise<string | null> | null => {
        const next = googleReturn.take();
        return (
          next &&
          busyWhile(async () => {
            const signedIn = await (await loadIdentity()).googleRedirectResult();
            return signedIn ? googleSession(signedIn, next) : null;
          })
        );
      },

      /** Forgot password: the reset email; in demo mode, the link's path on this app. */
      sendPasswordReset: async (email: string) => (await loadIdentity()).sendPasswordReset(email),
      /** The reset page: whose password a link's code resets, then the new password with it. */
      checkPasswordResetCode: async (code: string) => (await loadIdentity()).checkPasswordResetCode(code),
      resetPassword: async (code: string, newPassword: string) =>
        (await loadIdentity()).resetPassword(code, newPassword),

      /** A fresh access token for the user the identity service remembers; signed out when there is none. */
      renew: () =>
        busyWhile(async () => {
          try {
            const signedIn = await (await loadIdentity()).current();
            if (signedIn) setSession(await sessionFor(api, signedIn));
            else setSession(null);
          } catch {
            setSession(null);
          }
        }),

      signOut: async () => {
        try {
          await busyWhile(async () => (await loadIdentity()).signOut());
          setSession(null);
          queryClient.clear();
          toast.success('User Logged Out');
        } catch (error) {
          toast.error(errorMessage(error));
        }
      },
    }),
    [api, busyWhile, googleSession, loadIdentity, queryClient, setSession, start, toast],
  );
}
