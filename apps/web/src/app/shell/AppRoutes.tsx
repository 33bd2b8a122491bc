// The router: the layout around the route table's screens (../routes.ts), each behind its guard, with its title.
import { Spinner } from '@recell/ui/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import type { Session } from '../../features/auth/atoms';
import { useSession } from '../../features/auth/use-session';
import { useApi } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { prefetchOnce, routes, type AppRoute, type RouteTitle } from '../routes';
import { DashboardLayout } from './DashboardLayout';
import { ErrorPage } from './ErrorPage';
import { AfterSessionCheck, RequireAuth } from './guards';
import { Layout } from './Layout';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import type { ScreenProps } from './screen';

function Titled({
  title,
  session,
  children,
}: {
  title: RouteTitle;
  session: Session | null;
  children: ReactNode;
}) {
  useDocumentTitle(
    typeof title === 'function' ? (session ? title(session.role) : undefined) : (title ?? undefined),
  );
  return children;
}

/**
 * Starts the route's first request (its row's `prefetch`) while the screen's chunk loads. It runs during render:
 * the screen suspends on its chunk before any effect could run. A query the cache has, fetching, failed or done,
 * is left to the screen, which refetches and shows failures as it always did; so re-renders ask nothing more.
 */
function Prefetch({ route, params }: { route: AppRoute } & ScreenProps) {
  const client = useQueryClient();
  const api = useApi();
  const search = useSearch();
  route.prefetch?.({
    params,
    search,
    api,
    prefetch: prefetchOnce(client),
  });
  return null;
}

/** A route's screen behind its guard: its title set, inside the dashboard's layout where it has one. */
function RouteScreen({ route, params }: { route: AppRoute } & ScreenProps) {
  const { session } = useSession();
  const inLayout = (element: ReactNode) => {
    // behind the guard, so a request goes only with the token (and role) the screen's own would have
    const screen = (
      <>
        <Prefetch route={route} params={params} />
        {element}
      </>
    );
    // the title (and the dashboard's side menu) stay while the screen's chunk loads
    const laidOut = route.layout === 'dashboard' ? <DashboardLayout>{screen}</DashboardLayout> : screen;
    return route.title === undefined ? (
      laidOut
    ) : (
      <Titled title={route.title} session={session}>
        {laidOut}
      </Titled>
    );
  };
  switch (route.access) {
    case 'public':
      return inLayout(<route.screen params={params} />);
    case 'session-checked':
      return <AfterSessionCheck>{inLayout(<route.screen params={params} />)}</AfterSessionCheck>;
    default:
      return (
        <RequireAuth {...(route.access === 'signed-in' ? {} : { only: route.access })}>
          {/* the session goes at sign-out, before the guard sends the user away */}
          {session ? inLayout(<route.screen params={params} session={session} />) : null}
        </RequireAuth>
      );
  }
}

export function AppRoutes() {
  const [location] = useLocation();
  return (
    <Layout>
      <RouteErrorBoundary key={location}>
        <Suspense fallback={<Spinner label="Loading the page" />}>
          <Switch>
            {routes.map((route) => (
              <Route key={route.path} path={route.path}>
                {(params) => <RouteScreen route={route} params={params} />}
              </Route>
            ))}
            <Route>
              <ErrorPage statusText="Not Found" />
            </Route>
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </Layout>
  );
}
