// Every route of the app, and only here (§2 and decisions.md).
import { Spinner } from '@recell/ui/Spinner';
import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { Session, SessionUser } from '../features/auth/atoms';
import { useSession } from '../features/auth/use-session';
import { BuyButton } from '../features/bookings/components/BuyButton';
import { isCategoryId } from '../features/catalogue/categories';
import { useDocumentTitle } from '../lib/document-title';
import { DashboardLayout } from './DashboardLayout';
import { ErrorPage } from './ErrorPage';
import { AfterSessionCheck, RequireAuth } from './guards';
import { HomePage } from './HomePage';
import { Layout } from './Layout';
import { ListingActions } from './ListingActions';
import {
  AboutPage,
  AddProductPage,
  AllUsersPage,
  AuditLogPage,
  BlogsPage,
  CartPage,
  CategoryPage,
  LoginPage,
  MobilePage,
  MyBuyersPage,
  MyOrdersPage,
  MyProductPage,
  PaymentPage,
  RegisterPage,
  ReportsPage,
  SearchPage,
} from './lazy-screens';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Page({ title, children }: { title?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

type Role = 'seller' | 'admin';
type SessionRole = Session['role'];

/** A dashboard screen: signed in (with the role, if any), inside the dashboard layout. */
function Dashboard({
  title,
  only,
  children,
}: {
  /** The tab's title, or a title by role when the screen differs by role. */
  title: string | ((role: SessionRole | undefined) => string);
  /** The role the screen is for, if only one. */
  only?: Role;
  children: (user: SessionUser, role: SessionRole) => ReactNode;
}) {
  const { session } = useSession();
  return (
    <RequireAuth {...(only ? { only } : {})}>
      <Page title={typeof title === 'string' ? title : title(session?.role)}>
        <DashboardLayout>
          <SignedInUser>{children}</SignedInUser>
        </DashboardLayout>
      </Page>
    </RequireAuth>
  );
}

function SignedInUser({ children }: { children: (user: SessionUser, role: SessionRole) => ReactNode }) {
  const { session } = useSession();
  return session ? children(session.user, session.role) : null;
}

const payerOf = (user: SessionUser) => ({
  name: user.displayName ?? user.email,
  email: user.email,
  ...(user.displayName ? { cardName: user.displayName } : {}),
});

export function AppRoutes() {
  const [location] = useLocation();
  return (
    <Layout>
      <RouteErrorBoundary key={location}>
        <Suspense fallback={<Spinner label="Loading the page" />}>
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
            {/* the navbar's search over every brand; signed in, as the category pages are (§2) */}
            <Route path="/search">
              <RequireAuth>
                <SearchPage
                  renderActions={(listing) => <ListingActions listing={listing} place="category" />}
                />
              </RequireAuth>
            </Route>
            <Route path="/mobile/:id">
              {({ id }) => (
                <AfterSessionCheck>
                  <MobilePage
                    id={id}
                    renderActions={(listing) => <ListingActions listing={listing} place="detail" />}
                  />
                </AfterSessionCheck>
              )}
            </Route>
            <Route path="/dashboard">
              <Dashboard title={(role) => (role === 'seller' ? 'My Product' : 'My Orders')}>
                {/* sellers have no orders (§6): their dashboard opens on their products */}
                {({ email }, role) =>
                  role === 'seller' ? (
                    <Redirect to="/dashboard/myProduct" replace />
                  ) : (
                    <MyOrdersPage email={email} />
                  )
                }
              </Dashboard>
            </Route>
            <Route path="/dashboard/wishlist">
              <Dashboard title="Cart">
                {({ email }) => (
                  <CartPage
                    email={email}
                    renderBuy={(item) => (
                      <BuyButton mobileId={item.wishlistedID} title={item.MobileName} email={email} />
                    )}
                  />
                )}
              </Dashboard>
            </Route>
            <Route path="/dashboard/payment/:id">
              {({ id }) => (
                <Dashboard title="Payment">
                  {(user) => <PaymentPage id={id} payer={payerOf(user)} />}
                </Dashboard>
              )}
            </Route>
            <Route path="/dashboard/users">
              <Dashboard title="All Users" only="admin">
                {() => <AllUsersPage />}
              </Dashboard>
            </Route>
            <Route path="/dashboard/report">
              <Dashboard title="Reports" only="admin">
                {() => <ReportsPage />}
              </Dashboard>
            </Route>
            <Route path="/dashboard/auditLog">
              <Dashboard title="Audit log" only="admin">
                {() => <AuditLogPage />}
              </Dashboard>
            </Route>
            <Route path="/dashboard/addProduct">
              <Dashboard title="Add Product" only="seller">
                {(user) => <AddProductPage sellerName={user.displayName ?? ''} />}
              </Dashboard>
            </Route>
            <Route path="/dashboard/myProduct">
              <Dashboard title="My Product" only="seller">
                {({ email }) => <MyProductPage email={email} />}
              </Dashboard>
            </Route>
            <Route path="/dashboard/myBuyers">
              <Dashboard title="My Buyers" only="seller">
                {({ email }) => <MyBuyersPage email={email} />}
              </Dashboard>
            </Route>
            <Route>
              <ErrorPage statusText="Not Found" />
            </Route>
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </Layout>
  );
}
