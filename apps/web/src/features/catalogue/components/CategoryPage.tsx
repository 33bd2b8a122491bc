import type { CategoryId, Mobile } from '@recell/api';
import { QueryState } from '../../../components/QueryState';
import { Availability, StatusBadge } from '../../../components/StatusBadge';
import { card, grid, picture } from '../../../components/styles.css';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatPostedTime, type RenderListingActions } from '../../../lib/listing';
import { useCategoryMobiles } from '../api/list-category-mobiles';

const categoryNames: Record<CategoryId, string> = { '01': 'Xiaomi', '02': 'Samsung', '03': 'Apple' };

function MobileCard({ mobile, renderActions }: { mobile: Mobile; renderActions: RenderListingActions }) {
  const facts: [string, string | number][] = [
    ['Seller', mobile.Seller_name],
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
  return (
    <li className={card}>
      <img src={mobile.picture} alt={mobile.title} className={picture} width={400} height={300} />
      <h2>{mobile.title}</h2>
      <p>
        <Availability stock={mobile.stock} />{' '}
        {mobile.Verified ? <StatusBadge tone="good">Verified</StatusBadge> : <span>Not verified</span>}
      </p>
      <p>{mobile.details}</p>
      <dl>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {renderActions(mobile)}
    </li>
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

export function isCategoryId(value: string): value is CategoryId {
  return value in categoryNames;
}
