// The web's pages as the server links to them (emails, the bell, page heads, the sitemap): one builder per page,
// so a link is written once. apps/web/src/app/links.test.ts holds every builder against the web's route table,
// so renaming a route fails a test instead of breaking links silently; scripts/lint-rules.test.mjs fails when the
// server writes a page's path by hand.

/** A path segment from a value (an id, a model key): any character that could bend the path is escaped. */
const segment = (value: string) => encodeURIComponent(value);

export const webLinks = {
  home: () => '/',
  blogs: () => '/blogs',
  about: () => '/about',
  /** The signed-in person's dashboard (a buyer's orders). */
  dashboard: () => '/dashboard',
  /** The seller's listings. */
  myProducts: () => '/dashboard/myProduct',
  /** The seller's buyers and their deals. */
  myBuyers: () => '/dashboard/myBuyers',
  /** The buyer's offers (My Orders' Offers tab). */
  myOffers: () => '/dashboard/offers',
  /** The offers on the seller's listings (My Buyers' Offers tab). */
  offersReceived: () => '/dashboard/myBuyers/offers',
  /** The seller's earnings, payout account and payout history. */
  payouts: () => '/dashboard/payouts',
  /** The local payout provider's onboarding form (the embedded default's stand-in for a hosted onboarding). */
  payoutOnboarding: () => '/dashboard/payouts/onboarding',
  /** A claim on a completed deal (its buyer, its seller, admins). */
  claim: (id: string) => `/dashboard/claims/${segment(id)}`,
  /** The admins' claims queue. */
  claimsQueue: () => '/dashboard/claims',
  conversation: (id: string) => `/dashboard/messages/${segment(id)}`,
  notificationSettings: () => '/dashboard/notifications/settings',
  listing: (id: string) => `/mobile/${segment(id)}`,
  category: (id: string) => `/category/${segment(id)}`,
  seller: (id: string) => `/seller/${segment(id)}`,
  /** A model's public price guide. */
  priceGuide: (modelKey: string) => `/prices/${segment(modelKey)}`,
  /** An email's unsubscribe page; its signed query is the notifications module's. */
  unsubscribe: () => '/unsubscribe',
} as const;

export type WebLink = keyof typeof webLinks;
