// Everything a screen needs around it. Tests and stories pass their own store, client, identity and location.
import { ToastQueue, ToastRegion } from '@recell/ui/Toast';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, getDefaultStore } from 'jotai';
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { Router, useLocation } from 'wouter';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';
import { sessionAtom } from '../../features/auth/atoms';
import { SessionKeeper } from '../../features/auth/components/SessionKeeper';
import { StepUpPrompt } from '../../features/auth/components/StepUpPrompt';
import type { IdentityLoader } from '../../features/auth/identity';
import { IdentityContext, loadFirebaseIdentity } from '../../features/auth/identity-loader';
import { ApiProvider } from '../../lib/api';
import { ToastContext } from '../../lib/toast';
import { createQueryClient } from '../../lib/query-client';
import { ThemeSync } from './theme';

type JotaiStore = ReturnType<typeof getDefaultStore>;

export interface AppProvidersProps {
  children: ReactNode;
  store?: JotaiStore;
  queryClient?: QueryClient;
  /** Where the API is; `/api` on this origin unless told otherwise (tests use an absolute URL). */
  apiBaseUrl?: string;
  identity?: IdentityLoader;
  /** A memory location for tests; the browser's address bar otherwise. */
  location?: { hook: BaseLocationHook; searchHook: BaseSearchHook };
  /** The path a render without a browser draws (the build's static first frame, app/frame.tsx). */
  ssrPath?: string;
}

/** The design system's links (react-aria) navigate inside the app through wouter, without a page load. */
function AriaRouter({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  return <RouterProvider navigate={(path) => navigate(path)}>{children}</RouterProvider>;
}

export function AppProviders({
  children,
  store,
  queryClient,
  apiBaseUrl = '/api',
  identity,
  location,
  ssrPath,
}: AppProvidersProps) {
  const [jotaiStore] = useState(() => store ?? getDefaultStore());
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [toasts] = useState(() => new ToastQueue());
  const [connection] = useState(() => ({
    baseUrl: apiBaseUrl,
    getToken: () => jotaiStore.get(sessionAtom)?.accessToken,
  }));
  const routerProps = {
    ...(location ? { hook: location.hook, searchHook: location.searchHook } : {}),
    ...(ssrPath === undefined ? {} : { ssrPath }),
  };
  return (
    <JotaiProvider store={jotaiStore}>
      <QueryClientProvider client={client}>
        <ApiProvider connection={connection}>
          <ToastContext.Provider value={toasts}>
            <IdentityContext.Provider value={identity ?? loadFirebaseIdentity}>
              <Router {...routerProps}>
                <AriaRouter>{children}</AriaRouter>
                <SessionKeeper />
                <StepUpPrompt />
                <ThemeSync />
                <ToastRegion queue={toasts} />
              </Router>
            </IdentityContext.Provider>
          </ToastContext.Provider>
        </ApiProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
