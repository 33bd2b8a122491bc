import type { CategoryId, Mobile } from '@recell/api';
import type { BadgeStatus } from '@recell/ui/Badge';
import { PhoneCard } from '@recell/ui/PhoneCard';
import { QueryState } from '../../../components/QueryState';
import { grid } from '../../../components/styles.css';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatPostedTime, type RenderListingActions } from '../../../lib/listing';
import { useCategoryMobiles } from '../api/list-category-mobiles';
import { categoryNames } from '../categories';

function MobileCard({ mobile, renderActions }: { mobile: Mobile; renderActions: RenderListingActions }) {
  const facts: [string, string | number][] = [
    ['Details', mobile.details],
    ['Seller', mobile.Seller_name],
    ['Verified', mobile.Verified ? 'Yes' : 'No'],
    ['Category', mobile.category_name],
    ['Condition', mobile.condition],
    ['Buying price', `$${mobile.buying_price}`],
    ['Sale price', `$${mobile.resale_price}`],
    ['Posted', formatPostedTime(mobile.the_time_it_posted)],
    ['Year of purchase', mobile.Year_of_purchase],
    ['Years of use', mobile.Year_of_uses],
    ['Address', mobile.location],
    ['Number', mobile.number_of_seller],
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
      actions={renderActions(mobile)}
    />
  );
}

/** /category/{id}: one card per phone of the category (§2). A failed load goes to the error page. */
export function CategoryPage({ id, renderActions }: { id: CategoryId; renderActions: RenderListingActions }) {
  const mobiles = useCategoryMobiles(id);
  const name = categoryNames[id];
  useDocumentTitle(`${name} phones`);
  if (mobiles.isError) throw mobiles.error;
  return (
    <section aria-labelledby="category-title">
      <h1 id="category-title">{name} phones</h1>
      <QueryState query={mobiles} label={`${name} phones`} empty={`No ${name} phones for sale right now.`}>
        {({ items }) => (
          <ul className={grid}>
            {items.map((mobile) => (
              <MobileCard key={mobile._id} mobile={mobile} renderActions={renderActions} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
