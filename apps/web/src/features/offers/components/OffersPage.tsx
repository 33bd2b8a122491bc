import type { ReactNode } from 'react';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { useOffers, type OfferSide } from '../api/list-offers';
import { OfferCard } from './OfferCard';
import * as styles from './Offers.css';

const words: Record<OfferSide, { title: string; label: string; empty: string }> = {
  buyer: {
    title: 'My Offers',
    label: 'your offers',
    empty:
      'You have not made an offer yet. On a phone\'s page, "Make an offer" offers less than the asking price.',
  },
  seller: {
    title: 'Offers on your phones',
    label: 'the offers on your phones',
    empty: "No offers on your phones yet. A buyer's offer shows here once their card is held for it.",
  },
};

/**
 * The Offers tab of My Orders (the buyer's offers) or of My Buyers (the offers on the seller's listings), newest
 * first, each with what can be done with it now. `tabs` (the app's) sits above the heading; `after` below the list.
 */
export function OffersPage({ side, tabs, after }: { side: OfferSide; tabs?: ReactNode; after?: ReactNode }) {
  const paging = usePageParam();
  const { title, label, empty } = words[side];
  return (
    <>
      {tabs}
      <ListSection
        skeleton="rows"
        title={title}
        query={useOffers({ as: side, page: paging.page })}
        paging={paging}
        label={label}
        empty={empty}
        after={after}
      >
        {({ items }) => (
          <ul className={styles.list}>
            {items.map((offer) => (
              <li key={offer._id}>
                <OfferCard offer={offer} side={side} />
              </li>
            ))}
          </ul>
        )}
      </ListSection>
    </>
  );
}
