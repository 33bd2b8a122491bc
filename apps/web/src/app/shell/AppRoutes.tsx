// The router: the layout around the route table's screens (../routes.ts), each behind its guard, with its title.
import { Spinner } from '@recell/ui/Spinner';
import { Suspense, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { Session } from '../../features/auth/atoms';
import { useSession } from '../../features/auth/use-session';
import { useDocumentTitle } from '../../lib/document-title';
import { routes, type AppRoute, type RouteTitle } from '../routes';
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

/** A route's screen behind its guard: its title set, inside the dashboard's layout where it has one. */
function RouteScreen({ route, params }: { route: AppRoute } & ScreenProps) {
  const { session } = useSession();
  const inLayout = (screen: ReactNode) => {
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
