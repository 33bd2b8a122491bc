import { PhoneCard } from '@recell/ui/PhoneCard';
import { useId, useRef } from 'react';
import { Pager, usePageParam } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { grid } from '../../../components/styles.css';
import { useSellerListings } from '../api/list-seller-listings';

/**
 * The seller's listings in stock on their profile, paged by `?listings=` (the reviews keep `?page=`). Each card
 * links to the listing's page, where a signed-in buyer books.
 */
export function SellerListings({ id }: { id: string }) {
  const paging = usePageParam('listings');
  const query = useSellerListings(id, paging.page);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const data = query.data;
  const last = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Listings
      </h2>
      <QueryState query={query} label="the seller's listings" empty="Nothing for sale right now.">
        {({ items }) => (
          <ul className={grid} aria-label="The seller's listings">
            {items.map((mobile) => (
              <PhoneCard
                key={mobile._id}
                as="li"
                headingLevel={3}
                title={mobile.title}
                href={`/mobile/${mobile._id}`}
                picture={mobile.picture}
                price={mobile.resale_price}
                originalPrice={mobile.buying_price}
                badges={mobile.Verified ? ['available', 'verified'] : ['available']}
                facts={[
                  ['Condition', mobile.condition],
                  ['Location', mobile.location],
                ]}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <Pager page={paging.page} last={last} href={paging.href} onNavigate={() => heading.current?.focus()} />
    </section>
  );
}
