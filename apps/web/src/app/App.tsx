// The whole app: the providers around the router. The entry renders it in the browser (main.tsx); the build
// renders it once per public page as that page's static first frame (frame.tsx): one tree for both.
import { StrictMode, type ReactNode } from 'react';
import { AppProviders, type AppProvidersProps } from './shell/providers';
import { AppRoutes } from './shell/AppRoutes';

export interface AppProps extends Omit<AppProvidersProps, 'children'> {
  /** Beside the routes, inside the providers (the mocked build's QA panel). */
  children?: ReactNode;
}

export function App({ children, ...providers }: AppProps) {
  return (
    <StrictMode>
      <AppProviders {...providers}>
        <AppRoutes />
        {children}
      </AppProviders>
    </StrictMode>
  );
}
