// schema.org Product + Offer for a listing page (what Google's product results and most shopping crawlers
// read): price as a decimal string in USD, the condition as UsedCondition (every ReCell phone is used), and
// whether it can still be bought.
import type { PublicMobile } from '@recell/api';

export const IN_STOCK = 'https://schema.org/InStock';
export const SOLD_OUT = 'https://schema.org/SoldOut';

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
