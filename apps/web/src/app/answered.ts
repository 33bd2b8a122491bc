// A route's own prefetch (its screen's first query) run with a client that answers it as it is told: the one way
// the server learns a signed-in list page's first call (page-manifest.ts) and the way its first answer is put in
// a cache under the key its screen reads, to draw its frame (frame.tsx) and to adopt it (main.tsx).
import { createApiClient } from '@recell/api';
import type { QueryClient } from '@tanstack/react-query';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { createQueryClient } from '../lib/query-client';
import { routeAt } from './routes';

/** `path`'s route's prefetch into `client`, its calls answered by `fetch`; false for a route without one. */
export async function prefetchWith(
  path: string,
  search: string,
  client: QueryClient,
  fetch: (request: Request) => Promise<Response>,
): Promise<boolean> {
  const route = routeAt(path);
  if (!route?.prefetch) return false;
  const [, params] = matchRoute(parse, route.path, path);
  // any origin does: nothing leaves
  const api = createApiClient({ baseUrl: 'http://prefetch.invalid/api', fetch });
  await route.prefetch({
    params: params ?? {},
    search,
    api,
    prefetch: (options) => client.prefetchQuery(options),
  });
  return true;
}

/** `path`'s route's first answer, `answer`, in a new query client; none for a route without a first call. */
export async function answeredQueryClient(
  path: string,
  search: string,
  answer: unknown,
): Promise<QueryClient | undefined> {
  const queryClient = createQueryClient();
  const answered = await prefetchWith(path, search, queryClient, () =>
    Promise.resolve(
      new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  return answered ? queryClient : undefined;
}
