import type { Mobile } from '@recell/api';
import type { BadgeStatus } from '@recell/ui/Badge';
import { formatMoney } from '@recell/ui/format';
import { PhoneCard } from '@recell/ui/PhoneCard';
import { formatPostedTime, type RenderListingActions } from '../../../lib/listing';

/**
 * One listing with every field (§2), the condition first after the price (what a buyer sorts phones by).
 * `priority`: the first card of a page, whose picture is the page's largest paint, loads at once.
 */
export function MobileCard({
  mobile,
  renderActions,
  priority = false,
}: {
  mobile: Mobile;
  renderActions: RenderListingActions;
  priority?: boolean;
}) {
  const facts: [string, string | number][] = [
    ['Condition', mobile.condition],
    ['Details', mobile.details],
    ['Seller', mobile.Seller_name],
    ['Verified', mobile.Verified ? 'Yes' : 'No'],
    ['Category', mobile.category_name],
    ['Buying price', formatMoney({ dollars: mobile.buying_price })],
    ['Sale price', formatMoney({ dollars: mobile.resale_price })],
    ['Posted', formatPostedTime(mobile.the_time_it_posted)],
    ['Year of purchase', mobile.Year_of_purchase],
    ['Years of use', mobile.Year_of_uses],
    ['Address', mobile.location],
    ['Booking ID', mobile.bookingId],
  ];
  const badges: BadgeStatus[] = [mobile.stock > 0 ? 'available' : 'sold'];
  if (mobile.Verified) badges.push('verified');
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
      facts={facts}
      priority={priority}
      actions={renderActions(mobile)}
    />
  );
}
