// Which head each page gets. The web's route table says which pages are described and how (the web build's
// pages.json): a page with a title and description of its own gets them, with a canonical link and Open Graph;
// a page that shows a listing or a category is described here from that record. Every other path keeps the
// built index.html as it is.
import { webLinks } from '@recell/api';
import { PRICE_GUIDE_MIN_DEALS } from '@recell/api';
import type { BlogPage, CategoryId, PriceGuide, PublicMobile, SellerProfile } from '@recell/api';
import {
  SERVED_BLOGS_ELEMENT,
  SERVED_LISTING_ELEMENT,
  SERVED_PRICE_GUIDE_ELEMENT,
  SERVED_PROFILE_ELEMENT,
} from '@recell/api/pages';
import type { PageEntry } from '@recell/api/pages';
import { publicMobile, toMobile, type CatalogueRepository } from '../catalogue/repository';
import { isOwnPicture } from '../pictures/own';
import { clip, SITE_NAME, type PageHead } from './head';
import type { SeoRepository } from './repository';
import { productJsonLd, sellerJsonLd } from './structured-data';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The contract's ModelKey: a key of another shape names no model, so it is not looked up. */
const MODEL_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const dollars = (price: number) => `$${Number.isInteger(price) ? price : price.toFixed(2)}`;

export function pageHeads(deps: {
  mobiles: CatalogueRepository;
  repo: SeoRepository;
  origin: string;
  /** A seller's public profile (the reviews module's), undefined when the id names no seller. */
  sellerProfile?: (id: string) => Promise<SellerProfile | undefined>;
  /** The posts as GET /blogs answers them (the catalogue's): served in /blogs and drawn there. */
  blogs?: () => Promise<BlogPage>;
  /** A model's price guide (the prices module's), undefined for a key it does not know: served and drawn. */
  priceGuide?: (modelKey: string) => Promise<PriceGuide | undefined>;
}) {
  const { origin } = deps;

  const plain = (path: string, title: string, description: string): PageHead => ({
    status: 200,
    title,
    description,
    canonical: `${origin}${path}`,
    openGraph: [
      ['og:type', 'website'],
      ['og:site_name', SITE_NAME],
      ['og:title', title],
      ['og:description', description],
      ['og:url', `${origin}${path}`],
    ],
    twitter: [['twitter:card', 'summary']],
  });

  /** A page the web describes itself (home, blogs, about): its own title and description. */
  function described({ path, title, description }: PageEntry): PageHead | undefined {
    if (title === undefined || description === undefined) return undefined;
    return plain(path, title, description);
  }

  /** A listing that is gone: 404 with the app's own "not found", nothing of what it was, kept out of search. */
  const gone: PageHead = {
    status: 404,
    title: `Phone not found | ${SITE_NAME}`,
    description: 'This phone is no longer listed: it may have been sold or removed by its seller.',
    noindex: true,
  };

  // Only one of our own pictures goes into a preview: a link preview fetches whatever og:image names.
  const absolute = (picture: string) => (isOwnPicture(picture) ? `${origin}${picture}` : undefined);

  /**
   * A sold-out listing stays 200: a voided safe deal or the seller's edit can put the unit back, and its buyers
   * still follow links to it. It says "Sold out" in the title and the preview, carries availability SoldOut,
   * and is noindex (and left out of the sitemap) so search results only show phones that can be bought.
   */
  function listingHead(mobile: PublicMobile): PageHead {
    const page = `${origin}${webLinks.listing(mobile._id)}`;
    const picture = absolute(mobile.picture);
    const sold = mobile.stock === 0;
    const price = dollars(mobile.resale_price);
    const headline = `${sold ? 'Sold out: ' : ''}${mobile.title}, ${price}`;
    const summary = `${mobile.condition} condition, ${mobile.location}. Sold by ${mobile.Seller_name}${
      mobile.Verified ? ' (verified seller)' : ''
    }.`;
    const description = clip(`${headline}. ${summary} ${mobile.details}`);
    const image = (prefix: string): [string, string][] =>
      picture
        ? [
            [`${prefix}:image`, picture],
            [`${prefix}:image:alt`, mobile.title],
          ]
        : [];
    return {
      status: 200,
      title: `${sold ? 'Sold out: ' : ''}${mobile.title} | ${SITE_NAME}`,
      description,
      canonical: page,
      noindex: sold,
      openGraph: [
        ['og:type', 'product'],
        ['og:site_name', SITE_NAME],
        ['og:title', headline],
        ['og:description', clip(`${summary} ${mobile.details}`, 200)],
        ['og:url', page],
        ...image('og'),
        ['product:price:amount', mobile.resale_price.toFixed(2)],
        ['product:price:currency', 'USD'],
        ['product:condition', 'used'],
        ['product:availability', sold ? 'out of stock' : 'in stock'],
      ],
      twitter: [
        ['twitter:card', picture ? 'summary_large_image' : 'summary'],
        ['twitter:title', headline],
        ['twitter:description', clip(summary, 200)],
        ...image('twitter'),
      ],
      jsonLd: productJsonLd(mobile, { page, picture }),
      // the listing's picture, exactly as the page's <img> asks for it (a picture elsewhere the CSP would block)
      preloadImage: isOwnPicture(mobile.picture) ? mobile.picture : undefined,
      // as a visitor's GET /mobile/{id} answers: the app's first render and the server's frame of it draw this
      served: { element: SERVED_LISTING_ELEMENT, data: mobile },
    };
  }

  /**
   * The picture of the phone a category's default view (newest first, no filter) shows first: the page's
   * largest paint, known here before the app has asked for the list. A filtered view's first phone differs, and
   * a picture fetched for nothing costs a phone its bandwidth, so those get none.
   */
  async function firstPicture(categoryId: CategoryId): Promise<string | undefined> {
    const { rows } = await deps.mobiles.search(
      { categoryId, sort: 'newest' },
      { page: 1, pageSize: 1, limit: 1, offset: 0 },
    );
    const picture = rows[0] && toMobile(rows[0]).picture;
    return picture && isOwnPicture(picture) ? picture : undefined;
  }

  /** The head of a listing's page, from the listing (`id`). */
  async function listingPage(id: string): Promise<PageHead> {
    // Not a well-formed id: no listing can have it, so no database read.
    const row = ID.test(id) ? await deps.mobiles.find(id) : undefined;
    return row ? listingHead(publicMobile(toMobile(row))) : gone;
  }

  /**
   * A seller's profile: their name, rating and record, as the public page shows them (a seller with fewer than
   * three reviews reads "New seller" there, and here says how many). A missing seller is the app's 404.
   */
  async function sellerPage(id: string): Promise<PageHead> {
    const profile = ID.test(id) ? await deps.sellerProfile?.(id) : undefined;
    if (!profile) {
      return {
        status: 404,
        title: `Seller not found | ${SITE_NAME}`,
        description: 'No seller has this profile on ReCell.',
        noindex: true,
      };
    }
    const page = `${origin}${webLinks.seller(profile._id)}`;
    const { average, count } = profile.rating;
    const rated =
      average !== null && count > 0
        ? `Rated ${average.toFixed(1)} of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`
        : 'No reviews yet';
    const since = new Date(profile.memberSince).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const description = clip(
      `${profile.name} sells used phones on ${SITE_NAME}${profile.verified ? ' (verified seller)' : ''}. ${rated}; ${
        profile.completedDeals
      } completed ${profile.completedDeals === 1 ? 'deal' : 'deals'}; member since ${since}.`,
    );
    const title = `${profile.name}, seller | ${SITE_NAME}`;
    return {
      status: 200,
      title,
      description,
      canonical: page,
      openGraph: [
        ['og:type', 'profile'],
        ['og:site_name', SITE_NAME],
        ['og:title', title],
        ['og:description', description],
        ['og:url', page],
      ],
      twitter: [['twitter:card', 'summary']],
      jsonLd: sellerJsonLd(profile, page),
      // computed once per visit: the app's first render reads this instead of GET /sellers/{id}/profile
      served: { element: SERVED_PROFILE_ELEMENT, data: profile },
    };
  }

  /**
   * A model's price page: what it sold for, in the description a search result shows, and the guide
   * served for the app's first render and the server's frame of it, so the figures paint with JavaScript off. A
   * model with fewer than the guide's minimum of deals in its 12 months has nothing but "not enough deals yet":
   * noindex, as it is left out of the sitemap, until it has. A key that names no model is the app's 404.
   */
  async function priceGuidePage(key: string): Promise<PageHead> {
    const guide = key.length <= 80 && MODEL_KEY.test(key) ? await deps.priceGuide?.(key) : undefined;
    if (!guide) {
      return {
        status: 404,
        title: `Model not found | ${SITE_NAME}`,
        description: 'ReCell has no price guide for this model.',
        noindex: true,
      };
    }
    const { model, overall, windowDays, history } = guide;
    const page = `${origin}${webLinks.priceGuide(model.key)}`;
    const title = `${model.title} price guide | ${SITE_NAME}`;
    const deals = (count: number) => `${count} completed ${count === 1 ? 'deal' : 'deals'}`;
    const figures =
      overall.median !== undefined && overall.p25 !== undefined && overall.p75 !== undefined
        ? `median ${dollars(overall.median)}, half between ${dollars(overall.p25)} and ${dollars(overall.p75)}, from ${deals(overall.count)} in the last ${windowDays} days`
        : `not enough completed deals yet (${Math.min(overall.count, PRICE_GUIDE_MIN_DEALS)} of ${PRICE_GUIDE_MIN_DEALS}) in the last ${windowDays} days`;
    const description = clip(
      `What a used ${model.title} really sold for on ${SITE_NAME}: ${figures}. Prices captured at handovers the buyer witnessed, never asking prices.`,
    );
    const sold = history.reduce((sum, month) => sum + month.count, 0);
    return {
      status: 200,
      title,
      description,
      canonical: page,
      noindex: sold < PRICE_GUIDE_MIN_DEALS,
      openGraph: [
        ['og:type', 'website'],
        ['og:site_name', SITE_NAME],
        ['og:title', `${model.title} price guide`],
        ['og:description', description],
        ['og:url', page],
      ],
      twitter: [['twitter:card', 'summary']],
      // the guide as GET /price-guide/{modelKey} answers it: the app's first render and the server's frame draw it
      served: { element: SERVED_PRICE_GUIDE_ELEMENT, data: guide },
    };
  }

  /** The head of a category's page, from the category (`id`); none for an id that is no category. */
  async function categoryPage(id: string, filtered: boolean): Promise<PageHead | undefined> {
    const category = (await deps.repo.categories()).find((c) => c.id === id);
    if (!category) return undefined;
    const head = plain(
      webLinks.category(category.id),
      `${category.name} phones | ${SITE_NAME}`,
      `Used ${category.name} phones for sale on ${SITE_NAME}: search by price, condition and year.`,
    );
    const preloadImage = filtered ? undefined : await firstPicture(category.id);
    return preloadImage ? { ...head, preloadImage } : head;
  }

  /**
   * The head of the page `page` shows with `params` (the path's, undecoded); `filtered`: the URL has a query
   * string (filters, sort or a page).
   */
  return async function headFor(
    page: PageEntry,
    params: Record<string, string>,
    filtered = false,
  ): Promise<PageHead | undefined> {
    switch (page.dataHead) {
      case 'listing':
        return listingPage(params.id ?? '');
      case 'category':
        return categoryPage(params.id ?? '', filtered);
      case 'seller':
        return sellerPage(params.id ?? '');
      case 'priceGuide':
        // a build without a price guide wired keeps its page as built
        return deps.priceGuide ? priceGuidePage(params.modelKey ?? '') : described(page);
      case 'blogs': {
        const head = described(page);
        return head && deps.blogs
          ? { ...head, served: { element: SERVED_BLOGS_ELEMENT, data: await deps.blogs() } }
          : head;
      }
      default:
        return described(page);
    }
  };
}

export type HeadFor = ReturnType<typeof pageHeads>;
