// Every route of the app, and only here (§2 and decisions.md): one row per path, read by the router and its
// guards (shell/AppRoutes.tsx). Each screen is its own chunk, loaded on first visit.
import type { DataHead } from '@recell/api/pages';
import type { QueryClient } from '@tanstack/react-query';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { Session } from '../features/auth/atoms';
import { getMobileQueryOptions } from '../features/catalogue/api/get-mobile';
import { listCategoryMobilesQueryOptions } from '../features/catalogue/api/list-category-mobiles';
import { searchMobilesQueryOptions } from '../features/catalogue/api/search-mobiles';
import { isCategoryId } from '../features/catalogue/categories';
import { PAGE_SIZE, parseSearch } from '../features/catalogue/search-params';
import type { Api } from '../lib/api';
import { lazyComponent, type LazyComponent } from '../lib/lazy-component';
import type { ScreenProps, SignedInScreenProps } from './shell/screen';

/**
 * Who may see a route. `public`: anyone, at once. `session-checked`: anyone, once the session is known (the
 * data differs by who asks). `signed-in`: a signed-in user; `seller` / `admin`: only that role. The others go to
 * /login, which brings them back.
 */
export type Access = 'public' | 'session-checked' | 'signed-in' | 'seller' | 'admin';

/**
 * The tab's title ("… | ReCell"), or one by role; `null` for the app's own title. A route without one leaves
 * it to its screen, which names the page from its data (a category's brand, a phone's name).
 */
export type RouteTitle = string | null | ((role: Session['role']) => string);

/** What a route's prefetch is given: the URL's parts, the API client, and how to start a query. */
export interface PrefetchContext extends ScreenProps {
  /** The query string, without its `?`. */
  search: string;
  api: Api;
  /** Starts a query unless the cache has it (or is fetching it) already. */
  prefetch: QueryClient['prefetchQuery'];
}

interface RouteBase {
  /** wouter's pattern (`/mobile/:id`). */
  path: string;
  title?: RouteTitle;
  /** The dashboard's side menu beside the screen. */
  layout?: 'dashboard';
  /**
   * Starts the screen's first request (its query's own options, so the screen finds it in the cache) as soon as
   * the route matches and its guard lets the user in, while the screen's chunk is still loading: the page's
   * largest picture is known only once that answer is there.
   */
  prefetch?: (context: PrefetchContext) => unknown;
  /**
   * The build draws this page ahead, as a visitor first sees it, and the server sends that static frame with the
   * HTML (app/frame.tsx). Only public pages without parameters, and none whose point is a form:
   * what someone types into the frame before the app has arrived is lost when the app replaces it.
   */
  frame?: true;
  /**
   * What search results and link previews say of the page: with its title, the server writes the page's own
   * head into the HTML (title, this, canonical link, Open Graph; apps/server/src/modules/seo/). Public pages
   * without parameters only: the others are described from their data (`dataHead`) or not at all.
   */
  description?: string;
  /**
   * The server describes the page from the record its `:id` names, or (`blogs`) serves the data it shows and
   * draws it (apps/server/src/modules/seo/pages.ts).
   */
  dataHead?: DataHead;
}
export type AppRoute = RouteBase &
  (
    | { access: 'public' | 'session-checked'; screen: Screen<ScreenProps> }
    | { access: 'signed-in' | 'seller' | 'admin'; screen: Screen<SignedInScreenProps> }
  );

/**
 * A screen: its module's chunk loads when the route is first shown, or before. The entry preloads the first
 * page's screen (main.tsx), so its first render does not suspend.
 */
const screen = lazyComponent;
type Screen<Props> = LazyComponent<Props>;

export const routes: readonly AppRoute[] = [
  {
    path: '/',
    access: 'public',
    frame: true,
    title: null,
    description:
      'Buy and sell used Xiaomi, Samsung and Apple phones. Verified sellers, masked IMEIs, and a safe deal ' +
      'that holds your payment until you meet.',
    screen: screen(() => import('./pages/HomePage').then((m) => m.HomePage)),
  },
  {
    path: '/login',
    access: 'public',
    title: 'Login',
    screen: screen(() => import('../features/auth/components/LoginPage').then((m) => m.LoginPage)),
  },
  {
    // a password reset link's page (Firebase's action URL, demo mode's link): the code in the link is the key
    path: '/reset',
    access: 'public',
    title: 'Reset your password',
    screen: screen(() =>
      import('../features/auth/components/ResetPasswordPage').then((m) => m.ResetPasswordPage),
    ),
  },
  {
    path: '/account/security',
    access: 'signed-in',
    title: 'Sign-in security',
    screen: screen(() =>
      import('../features/auth/components/AccountSecurityPage').then((m) => m.AccountSecurityPage),
    ),
  },
  {
    path: '/register',
    access: 'public',
    title: 'Sign Up',
    screen: screen(() => import('../features/auth/components/RegisterPage').then((m) => m.RegisterPage)),
  },
  {
    path: '/blogs',
    access: 'public',
    frame: true,
    title: 'Blogs',
    description:
      'Guides to buying and selling a used phone safely: what to check, where to meet, how to price it.',
    // the first post's text is the page's largest paint: the server serves the posts in the page and draws them
    dataHead: 'blogs',
    screen: screen(() => import('../features/blogs/components/BlogsPage').then((m) => m.BlogsPage)),
  },
  {
    path: '/about',
    access: 'public',
    frame: true,
    title: 'About',
    description:
      'ReCell is a marketplace for used mobile phones, built so that buyers and sellers can trust a deal.',
    screen: screen(() => import('../features/home/components/AboutPage').then((m) => m.AboutPage)),
  },
  {
    path: '/safe-deal',
    access: 'public',
    frame: true,
    title: 'How a safe deal works',
    description:
      'Your card is only held: the seller is paid when you hand over your code at the meetup, with the phone ' +
      'in your hand.',
    screen: screen(() => import('../features/home/components/SafeDealPage').then((m) => m.SafeDealPage)),
  },
  {
    path: '/category/:id',
    access: 'signed-in',
    // signed in to browse, but a link to a brand's page still previews as that brand
    dataHead: 'category',
    // from a tablet up the filter fields are drawn at once: the screen waits for their chunk too
    screen: screen(() =>
      import('./pages/CategoryScreen').then((m) => m.preloadFilterFields().then(() => m.CategoryScreen)),
    ),
    prefetch: ({ params: { id = '' }, search, api, prefetch }) =>
      isCategoryId(id) && prefetch(listCategoryMobilesQueryOptions(api, id, parseSearch(search), PAGE_SIZE)),
  },
  // the navbar's search over every brand; signed in, as the category pages are (§2)
  {
    path: '/search',
    access: 'signed-in',
    screen: screen(() =>
      import('./pages/SearchScreen').then((m) => m.preloadFilterFields().then(() => m.SearchScreen)),
    ),
    prefetch: ({ search, api, prefetch }) =>
      prefetch(searchMobilesQueryOptions(api, parseSearch(search), PAGE_SIZE)),
  },
  {
    path: '/mobile/:id',
    access: 'session-checked',
    dataHead: 'listing',
    screen: screen(() => import('./pages/ListingScreen').then((m) => m.ListingScreen)),
    prefetch: ({ params: { id = '' }, api, prefetch }) => prefetch(getMobileQueryOptions(api, id)),
  },
  {
    path: '/seller/:id',
    access: 'public',
    title: 'Seller',
    // a shared profile link previews as that seller, with their rating (AggregateRating) for search results
    dataHead: 'seller',
    screen: screen(() => import('./pages/SellerScreen').then((m) => m.SellerScreen)),
  },
  {
    // what a model really sold for: the server serves the guide in the page and draws it, so it
    // paints with JavaScript off; its head comes from the guide
    path: '/prices/:modelKey',
    access: 'public',
    dataHead: 'priceGuide',
    screen: screen(() => import('../features/prices/pages/PriceGuidePage').then((m) => m.PriceGuidePage)),
  },
  {
    path: '/dashboard',
    access: 'signed-in',
    layout: 'dashboard',
    title: (role) => (role === 'seller' ? 'My Product' : 'My Orders'),
    screen: screen(() => import('./pages/DashboardHome').then((m) => m.DashboardHome)),
  },
  {
    path: '/dashboard/wishlist',
    access: 'signed-in',
    layout: 'dashboard',
    title: 'Cart',
    screen: screen(() => import('./pages/CartScreen').then((m) => m.CartScreen)),
  },
  {
    path: '/dashboard/payment/:id',
    access: 'signed-in',
    layout: 'dashboard',
    title: 'Payment',
    screen: screen(() => import('./pages/PaymentPage').then((m) => m.PaymentScreen)),
  },
  {
    // an offer paid as a booking is: the card held for its amount, or for the seller's counter
    path: '/dashboard/payment/offer/:id',
    access: 'signed-in',
    layout: 'dashboard',
    title: 'Hold your card for the offer',
    screen: screen(() => import('./pages/OfferPaymentPage').then((m) => m.OfferPaymentScreen)),
  },
  {
    // My Orders' Offers tab (webLinks.myOffers)
    path: '/dashboard/offers',
    access: 'signed-in',
    layout: 'dashboard',
    title: 'My Offers',
    screen: screen(() => import('./pages/OffersScreens').then((m) => m.MyOffersScreen)),
  },
  {
    path: '/dashboard/users',
    access: 'admin',
    layout: 'dashboard',
    title: 'All Users',
    screen: screen(() => import('../features/admin/components/AllUsersPage').then((m) => m.AllUsersPage)),
  },
  {
    path: '/dashboard/report',
    access: 'admin',
    layout: 'dashboard',
    title: 'Reports',
    screen: screen(() => import('../features/admin/components/ReportsPage').then((m) => m.ReportsPage)),
  },
  {
    path: '/dashboard/report/:id/conversation',
    access: 'admin',
    layout: 'dashboard',
    title: 'Reported conversation',
    screen: screen(() => import('./pages/MessagesScreens').then((m) => m.ReportedConversationScreen)),
  },
  {
    path: '/dashboard/auditLog',
    access: 'admin',
    layout: 'dashboard',
    title: 'Audit log',
    screen: screen(() => import('../features/admin/components/AuditLogPage').then((m) => m.AuditLogPage)),
  },
  {
    path: '/dashboard/meetupSpots',
    access: 'admin',
    layout: 'dashboard',
    title: 'Meetup spots',
    screen: screen(() =>
      import('../features/admin/components/MeetupSpotsPage').then((m) => m.MeetupSpotsPage),
    ),
  },
  {
    path: '/dashboard/imei',
    access: 'admin',
    layout: 'dashboard',
    title: 'IMEI registry',
    screen: screen(() => import('../features/admin/components/ImeiPage').then((m) => m.ImeiPage)),
  },
  {
    path: '/dashboard/addProduct',
    access: 'seller',
    layout: 'dashboard',
    title: 'Add Product',
    screen: screen(() => import('./pages/AddProductScreen').then((m) => m.AddProductScreen)),
  },
  {
    path: '/dashboard/myProduct',
    access: 'seller',
    layout: 'dashboard',
    title: 'My Product',
    screen: screen(() => import('./pages/MyProductScreen').then((m) => m.MyProductScreen)),
  },
  {
    path: '/dashboard/myBuyers',
    access: 'seller',
    layout: 'dashboard',
    title: 'My Buyers',
    screen: screen(() => import('./pages/MyBuyersScreen').then((m) => m.MyBuyersScreen)),
  },
  {
    // My Buyers' Offers tab (webLinks.offersReceived), with each listing's decline floor
    path: '/dashboard/myBuyers/offers',
    access: 'seller',
    layout: 'dashboard',
    title: 'Offers on your phones',
    screen: screen(() => import('./pages/OffersScreens').then((m) => m.OffersReceivedScreen)),
  },
  {
    // the seller's money by state, payout account and history (webLinks.payouts)
    path: '/dashboard/payouts',
    access: 'seller',
    layout: 'dashboard',
    title: 'Payouts',
    screen: screen(() => import('./pages/PayoutsScreens').then((m) => m.PayoutsScreen)),
  },
  {
    // the local payout provider's form (webLinks.payoutOnboarding)
    path: '/dashboard/payouts/onboarding',
    access: 'seller',
    layout: 'dashboard',
    title: 'Add a bank account',
    screen: screen(() => import('./pages/PayoutsScreens').then((m) => m.PayoutOnboardingScreen)),
  },
  {
    // the admins' claims queue (webLinks.claimsQueue)
    path: '/dashboard/claims',
    access: 'admin',
    layout: 'dashboard',
    title: 'Claims',
    screen: screen(() => import('./pages/PayoutsScreens').then((m) => m.ClaimsQueueScreen)),
  },
  {
    // one claim, to its buyer, its seller and admins (webLinks.claim); the server answers 404 to anyone else
    path: '/dashboard/claims/:id',
    access: 'signed-in',
    layout: 'dashboard',
    title: 'Claim',
    screen: screen(() => import('./pages/PayoutsScreens').then((m) => m.ClaimScreen)),
  },
  {
    path: '/dashboard/allPayouts',
    access: 'admin',
    layout: 'dashboard',
    title: 'All payouts',
    screen: screen(() => import('./pages/PayoutsScreens').then((m) => m.AdminPayoutsScreen)),
  },
  {
    path: '/dashboard/messages',
    access: 'signed-in',
    layout: 'dashboard',
    title: 'Messages',
    screen: screen(() => import('./pages/MessagesScreens').then((m) => m.InboxScreen)),
  },
  {
    path: '/dashboard/messages/booking/:bookingId',
    access: 'seller',
    layout: 'dashboard',
    title: 'Write to your buyer',
    screen: screen(() => import('./pages/MessagesScreens').then((m) => m.WriteToBuyerScreen)),
  },
  {
    path: '/dashboard/messages/:id',
    access: 'signed-in',
    layout: 'dashboard',
    title: 'Messages',
    screen: screen(() => import('./pages/MessagesScreens').then((m) => m.ThreadScreen)),
  },
  {
    path: '/dashboard/notifications',
    access: 'signed-in',
    layout: 'dashboard',
    title: 'Notifications',
    screen: screen(() => import('./pages/NotificationsScreens').then((m) => m.NotificationsScreen)),
  },
  {
    path: '/dashboard/notifications/settings',
    access: 'signed-in',
    layout: 'dashboard',
    title: 'Notification settings',
    screen: screen(() => import('./pages/NotificationsScreens').then((m) => m.NotificationSettingsScreen)),
  },
  {
    // an email's "Unsubscribe from these emails" link: no sign-in (the token in the link is the authority)
    path: '/unsubscribe',
    access: 'public',
    title: 'Unsubscribe',
    screen: screen(() => import('./pages/NotificationsScreens').then((m) => m.UnsubscribeScreen)),
  },
  {
    path: '/dashboard/mail',
    access: 'admin',
    layout: 'dashboard',
    title: 'Demo mail',
    screen: screen(() => import('./pages/NotificationsScreens').then((m) => m.CaughtMailListScreen)),
  },
  {
    path: '/dashboard/mail/:id',
    access: 'admin',
    layout: 'dashboard',
    title: 'Demo mail',
    screen: screen(() => import('./pages/NotificationsScreens').then((m) => m.CaughtMailScreen)),
  },
];

/** The row the router shows at a path: the first that matches, as wouter's <Switch> picks it. */
export const routeAt = (path: string): AppRoute | undefined =>
  routes.find((route) => matchRoute(parse, route.path, path)[0]);

/** A route's `prefetch`: starts a query unless the cache has it (fetching, failed or done: the screen's then). */
export const prefetchOnce =
  (client: QueryClient): PrefetchContext['prefetch'] =>
  (options) =>
    client.getQueryState(options.queryKey) ? Promise.resolve() : client.prefetchQuery(options);
