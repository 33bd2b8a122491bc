// The one openapi-fetch client. Middleware adds the bearer token and turns every non-2xx answer into an
// ApiError carrying the server's message, so screens and toasts read `error.message` and nothing else.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/schema';

export type ErrorBody = components['schemas']['Error'];

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
  get code(): string | undefined {
    return this.body.code;
  }
}

export interface ApiClientOptions {
  /** Where the API is; `/api` on the ReCell server and in the mocks. */
  baseUrl?: string;
  /** The app's access token, read at each request; a request that sets its own Authorization keeps it. */
  getToken?: () => string | null | undefined;
  /** Sends each request; the page's fetch, looked up at each call, unless told otherwise. */
  fetch?: (request: Request) => Promise<Response>;
}

async function errorBody(response: Response): Promise<ErrorBody> {
  const fallback = { message: response.statusText || `Request failed with status ${response.status}` };
  try {
    const body = (await response.clone().json()) as Partial<ErrorBody>;
    return typeof body?.message === 'string' ? (body as ErrorBody) : fallback;
  } catch {
    return fallback;
  }
}

export function createApiClient({
  baseUrl = '/api',
  getToken,
  // MSW patches globalThis.fetch after the client may have been made: look it up at each call.
  fetch = (request) => globalThis.fetch(request),
}: ApiClientOptions = {}): Client<paths> {
  const client = createClient<paths>({ baseUrl, fetch });
  const middleware: Middleware = {
    onRequest({ request }) {
      const token = getToken?.();
      if (token && !request.headers.has('authorization'))
        request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ response }) {
      if (!response.ok) throw new ApiError(response.status, await errorBody(response));
      return response;
    },
  };
  client.use(middleware);
  return client;
}

/** The data of a call whose errors the middleware already threw. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, response } = await call;
  if (data === undefined) throw new ApiError(response.status, { message: 'The server sent no data' });
  return data;
}
