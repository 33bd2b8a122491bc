// Which head each page gets. The web's route table says which pages are described and how (the web build's
// pages.json): a page with a title and description of its own gets them, with a canonical link and Open Graph;
// a page that shows a listing or a category is described here from that record. Every other path keeps the
// built index.html as it is.
import { webLinks } from '@recell/api';
import type { BlogPage, CategoryId, PublicMobile, SellerProfile } from '@recell/api';
import { SERVED_BLOGS_ELEMENT, SERVED_LISTING_ELEMENT, SERVED_PROFILE_ELEMENT } from '@recell/api/pages';
import type { PageEntry } from '@recell/api/pages';
import { publicMobile, toMobile, type CatalogueRepository } from '../catalogue/repository';
import { isOwnPicture } from '../pictures/own';
import { clip, SITE_NAME, type PageHead } from './head';
import type { SeoRepository } from './repository';
import { productJsonLd, sellerJsonLd } from './structured-data';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

const dollars = (price: number) => `$${Number.isInteger(price) ? price : price.toFixed(2)}`;

export function pageHeads(deps: {
  mobiles: CatalogueRepository;
  repo: SeoRepository;
  origin: string;
  /** A seller's public profile (the reviews module's), undefined when the id names no seller. */
  sellerProfile?: (id: string) => Promise<SellerProfile | undefined>;
  /** The posts as GET /blogs answers them (the catalogue's): served in /blogs and drawn there. */
  blogs?: () => Promise<BlogPage>;
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
