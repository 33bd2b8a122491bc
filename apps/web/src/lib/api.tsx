// The one API client reaches screens through context, so tests and stories can hand in their own.
import { createApiClient, type paths } from '@recell/api';
import type { Client } from 'openapi-fetch';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { firstAnswer } from './first-answer';

export type Api = Client<paths>;

/** Where the API is and the token it takes: for the few calls the typed client cannot make (upload progress). */
export interface ApiConnection {
  baseUrl: string;
  getToken: () => string | null | undefined;
}

/** The client takes the answer the page's head started, if there is one (lib/first-answer.ts). */
function withFirstAnswer(api: Api): Api {
  // after the token middleware: the answer is taken only for the token the call carries
  api.use(firstAnswer);
  return api;
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
  const [value] = useState(() => ({ api: api ?? withFirstAnswer(createApiClient(connection)), connection }));
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

function useApiContext() {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi needs an <ApiProvider>');
  return value;
}

export const useApi = (): Api => useApiContext().api;

export const useApiConnection = (): ApiConnection => useApiContext().connection;
