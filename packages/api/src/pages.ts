// The web build's page manifest (dist/pages.json), which the server reads to serve each page of the app: one
// row per row of the web's route table (apps/web/src/app/routes.ts), in its order, written by the build
// (apps/web/build-tools/pages-manifest.ts) and read by apps/server/src/modules/seo/. Shared here so the two
// sides cannot drift apart.

import type { BlogPage, PriceGuide, PublicMobile, Role } from './index';

export const PAGES_FILE = 'pages.json';

/**
 * The element id of the seller profile the server computed for a /seller/:id page's head and served in it as
 * JSON: the app's first render reads it instead of asking the server to compute the same profile again. (Its name
 * must not contain a demo account's password: the production build's scan for mocked sign-ins would flag it.)
 */
export const SERVED_PROFILE_ELEMENT = 'served-seller-profile';

/** The same for a /mobile/:id page: the listing as a visitor's GET /mobile/{id} answers it. */
export const SERVED_LISTING_ELEMENT = 'served-listing';

/** The same for /blogs: the posts as GET /blogs answers them (the same for everyone). */
export const SERVED_BLOGS_ELEMENT = 'served-blogs';

/** The same for a /prices/:modelKey page: the model's guide as GET /price-guide/{modelKey} answers it. */
export const SERVED_PRICE_GUIDE_ELEMENT = 'served-price-guide';

/**
 * The web build's server-side module beside index.html (the same sources as the browser's): it draws a listing's
 * page from its record, so the listing (its picture, title, price and condition) paints with the HTML, before
 * the app's scripts have run.
 */
export const FRAMES_MODULE = 'ssr/page-manifest.js';

/**
 * Where the web app keeps the signed-in session (localStorage, JSON: `accessToken`, `expiresAt` in ms): the app's
 * session atom, and the page head's first-answer script, which starts a signed-in page's first call with it.
 */
export const SESSION_STORAGE_KEY = 'recell.session';

/**
 * The meta element (its `content`: a root-relative API URL) naming the call a signed-in list page makes first.
 * The head's inline script starts that call with the HTML, with the kept session, while the app's scripts are
 * still on their way; the app's API client takes its answer instead of asking again.
 */
export const FIRST_ANSWER_META = 'recell-first-answer';

/**
 * The meta tag naming the Auth emulator a demo-mode server uses: the web app reads it at run time, so one build
 * (cached by turbo) serves whichever port a run's emulator got.
 */
export const AUTH_EMULATOR_META = 'recell-auth-emulator';

/**
 * The window property where that script leaves the call in flight: `{ url, token, at, response }`, then `data`
 * (the answer's JSON, once it is in) and `frame` (the drawn frame on its way).
 */
export const FIRST_ANSWER_GLOBAL = '__recellFirstAnswer';

/**
 * The request header (value `1`) with which the same script asks the page's own URL, with the session, for the
 * page as that person's first render draws it once the first call has answered: only #root's contents. The
 * script puts them in #root if the app has not started by then, so the list and its largest picture paint
 * before the app's scripts have arrived.
 */
export const SIGNED_IN_FRAME_HEADER = 'x-recell-frame';

/** Set on #root (an empty attribute) by the app as it starts: from then on #root is React's alone. */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';

/** Set on #root by the head's script when it has put a signed-in page's drawn frame there. */
export const SIGNED_IN_FRAME_ATTRIBUTE = 'data-signed-in-frame';

/** Who a signed-in frame is drawn for: what the server knows of the session's person. */
export interface FrameSession {
  uid: string;
  email: string;
  displayName: string | null;
  role: Role;
  /** Epoch milliseconds, as the app's session keeps it. */
  expiresAt: number;
  secondStep: boolean;
}

export interface FramesModule {
  /**
   * The API URL (root-relative) of the first call the page at `path` and `search` (`?q=...` or '') makes for a
   * signed-in person, built by the screen's own query; undefined for a page without one.
   */
  firstAnswerUrl(path: string, search: string): Promise<string | undefined>;
  /** The page at `path` (a /mobile/:id) as the browser's first render draws it for a visitor, given `listing`. */
  renderListingFrame(path: string, listing: PublicMobile): Promise<string>;
  /** /blogs as the browser's first render draws it for a visitor, given the posts. */
  renderBlogsFrame(path: string, blogs: BlogPage): Promise<string>;
  /** A model's price guide page (a /prices/:modelKey) as the browser's first render draws it, given `guide`. */
  renderPriceGuideFrame(path: string, guide: PriceGuide): Promise<string>;
  /**
   * The signed-in page at `path` and `search` as `session`'s first render draws it once its first call (the
   * URL firstAnswerUrl names) has answered `answer`; undefined for a page without a first call.
   */
  renderSignedInFrame(
    path: string,
    search: string,
    session: FrameSession,
    answer: unknown,
  ): Promise<string | undefined>;
}

/** A page whose head the server writes from a record named by the path's `:id`. */
export type DataHead = 'listing' | 'category' | 'seller' | 'blogs' | 'priceGuide';

export interface PageEntry {
  /** wouter's pattern, as in the table (`/mobile/:id`). */
  path: string;
  /**
   * The path as the app's router matches it (regexparam, which wouter uses): a RegExp's source and flags, and
   * the names of its groups in order, so the server matches a URL exactly as the browser will.
   */
  match: { source: string; flags: string; keys: string[] };
  /** The tab's whole title ("Blogs | ReCell"), where the route has one that is the same for everyone. */
  title?: string;
  /**
   * What search results and link previews say of the page. A row with one gets its own head from the server
   * (its title, this, a canonical link and Open Graph); only public pages without parameters have one.
   */
  description?: string;
  /** The head comes from the record the page shows (`:id`): the server reads it (a listing, a category, a seller). */
  dataHead?: DataHead;
  /** The page's static first frame (public, no parameters), sent inside #root at exactly `path`. */
  frame?: string;
  /**
   * A page behind a sign-in: its first frame at any of its paths, the shell while the session is checked (the
   * navbar and "Checking your sign-in"), so it paints with the HTML rather than after the app's scripts.
   */
  sessionFrame?: string;
  /** The page's first call can start with the HTML (FramesModule.firstAnswerUrl names it). */
  firstAnswer?: true;
  /** Root-relative URLs of the JS chunks the screen loads beyond the entry's own, its own chunk first. */
  files: string[];
}
