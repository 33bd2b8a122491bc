import type { Mobile } from '@recell/api';
import type { BadgeStatus } from '@recell/ui/Badge';
import { PhoneCard } from '@recell/ui/PhoneCard';
import type { ReactNode } from 'react';
import { availability, formatSpecs, type RenderListingActions } from '../../../lib/listing';
import { ListingSellerRating } from '../../../lib/seller-rating';

/** "Used 2 years, bought 2021": a phone's age as a buyer compares it. */
export function formatAge(mobile: Pick<Mobile, 'Year_of_uses' | 'Year_of_purchase'>): string {
  const years = mobile.Year_of_uses;
  const used = years === 0 ? 'Unused' : `Used ${years} year${years === 1 ? '' : 's'}`;
  return `${used}, bought ${mobile.Year_of_purchase}`;
}

/**
 * One listing as a buyer compares it: picture, model, price, condition, age and place, and only the
 * positive marks (Verified when it is, never "Verified: No"). Every other field is on the listing's page, which
 * the title links to. `priority`: the first card of a page, whose picture is the page's largest paint, loads at once.
 */
export function MobileCard({
  mobile,
  renderActions,
  priority = false,
}: {
  mobile: Omit<Mobile, 'number_of_seller'>;
  renderActions: RenderListingActions;
  priority?: boolean;
}) {
  const specs = formatSpecs(mobile);
  const facts: [string, ReactNode][] = [
    ['Condition', mobile.condition],
    ...(specs ? [['Phone', specs] satisfies [string, ReactNode]] : []),
    ['Age', formatAge(mobile)],
    ['Location', mobile.location],
  ];
  const badges: BadgeStatus[] = [availability(mobile)];
  if (mobile.Verified) badges.push('verified');
  // the seller confirmed their number by SMS code
  if (mobile.sellerPhoneVerified) badges.push('phoneVerified');
  return (
    <PhoneCard
      as="li"
      headingLevel={2}
      title={mobile.title}
      href={`/mobile/${mobile._id}`}
      picture={mobile.picture}
      price={mobile.resale_price}
      originalPrice={mobile.buying_price}
      badges={badges}
      // the seller's rating where buyers compare: "★ 4.6 (12)" or "New seller", on the badges' row
      // so a card is no taller (8 whole cards in the first 2,000 px at 1280 px)
      badgesEnd={<ListingSellerRating mobile={mobile} />}
      facts={facts}
      priority={priority}
      actions={renderActions(mobile)}
    />
  );
}
