// schema.org Product + Offer for a listing page (what Google's product results and most shopping crawlers
// read): price as a decimal string in USD, the condition as UsedCondition (every ReCell phone is used), and
// whether it can still be bought.
import type { PublicMobile, SellerProfile } from '@recell/api';

export const IN_STOCK = 'https://schema.org/InStock';
export const SOLD_OUT = 'https://schema.org/SoldOut';

/**
 * A seller's profile: schema.org ProfilePage about a Person and, once published reviews exist, their
 * AggregateRating (1 to 5 stars); none at zero reviews, as schema.org's consumers require a count.
 */
export function sellerJsonLd(profile: SellerProfile, page: string) {
  const person = { '@type': 'Person', name: profile.name, url: page };
  const { average, count } = profile.rating;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: page,
    dateCreated: profile.memberSince,
    mainEntity:
      average !== null && count > 0
        ? {
            ...person,
            // itemReviewed may be any Thing; the rating is the seller's as a trading party
            subjectOf: {
              '@type': 'AggregateRating',
              itemReviewed: person,
              ratingValue: average.toFixed(1),
              ratingCount: count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : person,
  };
}

export function productJsonLd(mobile: PublicMobile, urls: { page: string; picture: string | undefined }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: mobile.title,
    description: mobile.details,
    ...(urls.picture ? { image: [urls.picture] } : {}),
    sku: mobile._id,
    brand: { '@type': 'Brand', name: mobile.category_name },
    offers: {
      '@type': 'Offer',
      url: urls.page,
      price: mobile.resale_price.toFixed(2),
      priceCurrency: 'USD',
      itemCondition: 'https://schema.org/UsedCondition',
      availability: mobile.stock > 0 ? IN_STOCK : SOLD_OUT,
      seller: { '@type': 'Person', name: mobile.Seller_name },
    },
  };
}
