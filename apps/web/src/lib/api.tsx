// The one API client reaches screens through context, so tests and stories can hand in their own.
import { createApiClient, type paths } from '@recell/api';
import type { Client } from 'openapi-fetch';
import { createContext, useContext, type ReactNode } from 'react';

export type Api = Client<paths>;

const ApiContext = createContext<Api | null>(null);

export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an <ApiProvider>');
  return api;
}

export { createApiClient };
