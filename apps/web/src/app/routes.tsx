// Every route of the app, and only here (§2 and decisions.md).
import type { ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { useSession } from '../features/auth/use-session';
import { BlogsPage } from '../features/blogs/components/BlogsPage';
import { BuyButton } from '../features/bookings/components/BuyButton';
import { MyOrdersPage } from '../features/bookings/components/MyOrdersPage';
import { CategoryPage, isCategoryId } from '../features/catalogue/components/CategoryPage';
import { AboutPage } from '../features/home/components/AboutPage';
import { CartPage } from '../features/wishlist/components/CartPage';
import { useDocumentTitle } from '../lib/document-title';
import { DashboardLayout } from './DashboardLayout';
import { ErrorPage } from './ErrorPage';
import { RequireAuth } from './guards';
import { HomePage } from './HomePage';
import { Layout } from './Layout';
import { ListingActions } from './ListingActions';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Page({ title, children }: { title?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

type Role = 'seller' | 'admin';

/** A dashboard screen: signed in (with the role, if any), inside the dashboard layout. */
function Dashboard({
  title,
  role,
  children,
}: {
  title: string;
  role?: Role;
  children: (email: string) => ReactNode;
}) {
  return (
    <RequireAuth {...(role ? { role } : {})}>
      <Page title={title}>
        <DashboardLayout>
          <SignedInEmail>{children}</SignedInEmail>
        </DashboardLayout>
      </Page>
    </RequireAuth>
  );
}

function SignedInEmail({ children }: { children: (email: string) => ReactNode }) {
  const { session } = useSession();
  return session ? children(session.user.email) : null;
}

export function AppRoutes() {
  const [location] = useLocation();
  return (
    <Layout>
      <RouteErrorBoundary key={location}>
        <Switch>
          <Route path="/">
            <Page>
              <HomePage />
            </Page>
          </Route>
          <Route path="/login">
            <Page title="Login">
              <LoginPage />
            </Page>
          </Route>
          <Route path="/register">
            <Page title="Sign Up">
              <RegisterPage />
            </Page>
          </Route>
          <Route path="/blogs">
            <Page title="Blogs">
              <BlogsPage />
            </Page>
          </Route>
          <Route path="/about">
            <Page title="About">
              <AboutPage />
            </Page>
          </Route>
          <Route path="/category/:id">
            {({ id }) =>
              isCategoryId(id) ? (
                <RequireAuth>
                  <CategoryPage
                    id={id}
                    renderActions={(listing) => <ListingActions listing={listing} place="category" />}
                  />
                </RequireAuth>
              ) : (
                <ErrorPage statusText="Not Found" />
              )
            }
          </Route>
          <Route path="/dashboard">
            <Dashboard title="My Orders">{(email) => <MyOrdersPage email={email} />}</Dashboard>
          </Route>
          <Route path="/dashboard/wishlist">
            <Dashboard title="Cart">
              {(email) => (
                <CartPage
                  email={email}
                  renderBuy={(item) => (
                    <BuyButton mobileId={item.wishlistedID} title={item.MobileName} email={email} />
                  )}
                />
              )}
            </Dashboard>
          </Route>
          <Route>
            <ErrorPage statusText="Not Found" />
          </Route>
        </Switch>
      </RouteErrorBoundary>
    </Layout>
  );
}
