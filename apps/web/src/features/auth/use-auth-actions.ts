// Sign-in, sign-up, sign-out and token renewal: the identity service first, then the server's token exchange.
import type { Role } from '@recell/api';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useApi, type Api } from '../../lib/api';
import { errorMessage, useToast } from '../../lib/toast';
import { createUser } from './api/create-user';
import { exchangeToken } from './api/exchange-token';
import { authBusyAtom, sessionAtom, type Session } from './atoms';
import type { SignedIn } from './identity';
import { useIdentityLoader } from './identity-loader';

async function sessionFor(api: Api, { user, idToken }: SignedIn): Promise<Session> {
  const { accessToken, role, expiresIn } = await exchangeToken(api, idToken, user.email);
  return { accessToken, role, expiresAt: Date.now() + expiresIn * 1000, user };
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

  return useMemo(
    () => ({
      signIn: (email: string, password: string) =>
        busyWhile(async () => {
          const identity = await loadIdentity();
          start(await sessionFor(api, await identity.signIn(email, password)));
        }),

      signUp: ({ name, email, password, role }: SignUpInput) =>
        busyWhile(async () => {
          const identity = await loadIdentity();
          const signedIn = await identity.signUp({ name, email, password });
          await createUser(api, signedIn.idToken, { name, role });
          toast.success('User Created Successfully.');
          start(await sessionFor(api, signedIn));
        }),

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
    [api, busyWhile, loadIdentity, queryClient, setSession, start, toast],
  );
}
