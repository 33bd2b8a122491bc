// The one API client reaches screens through context, so tests and stories can hand in their own.
import { createApiClient, type paths } from '@recell/api';
import type { Client } from 'openapi-fetch';
import { createContext, useContext, useState, type ReactNode } from 'react';

export type Api = Client<paths>;

/** Where the API is and the token it takes: for the few calls the typed client cannot make (upload progress). */
export interface ApiConnection {
  baseUrl: string;
  getToken: () => string | null | undefined;
}

const ApiContext = createContext<{ api: Api; connection: ApiConnection } | null>(null);

export function ApiProvider({
  connection,
  api,
  children,
}: {
  connection: ApiConnection;
  api?: Api;
  children: ReactNode;
}) {
  const [value] = useState(() => ({ api: api ?? createApiClient(connection), connection }));
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

function useApiContext() {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi needs an <ApiProvider>');
  return value;
}

export const useApi = (): Api => useApiContext().api;

export const useApiConnection = (): ApiConnection => useApiContext().connection;
