// A query client holding a signed-in list page's first answer under the key its screen reads: the route's own
// prefetch run with a client that answers it. The server draws the page's frame from it (frame.tsx), and the
// browser's first render adopts that frame from the same answer (main.tsx), so both draw the same list.
import { createApiClient } from '@recell/api';
import type { QueryClient } from '@tanstack/react-query';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { createQueryClient } from '../lib/query-client';
import { routeAt } from './routes';

/** `path`'s route's first answer, `answer`, in a new query client; none for a route without a first call. */
export async function answeredQueryClient(
  path: string,
  search: string,
  answer: unknown,
): Promise<QueryClient | undefined> {
  const route = routeAt(path);
  if (!route?.prefetch) return undefined;
  const [, params] = matchRoute(parse, route.path, path);
  const queryClient = createQueryClient();
  const api = createApiClient({
    // any origin does: nothing leaves, the answer is given
    baseUrl: 'http://answered.invalid/api',
    fetch: () =>
      Promise.resolve(
        new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
      ),
  });
  await route.prefetch({
    params: params ?? {},
    search,
    api,
    prefetch: (options) => queryClient.prefetchQuery(options),
  });
  return queryClient;
}
