import type { WishlistItem } from '@recell/api';
import { PhoneCard } from '@recell/ui/PhoneCard';
import type { ReactNode } from 'react';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { grid } from '../../../components/styles.css';
import { useWishlist } from '../api/list-wishlist';

/** /dashboard/wishlist: the cart, each item with a Buy button that the app supplies (it books). */
export function CartPage({
  email,
  renderBuy,
}: {
  email: string;
  renderBuy: (item: WishlistItem) => ReactNode;
}) {
  const paging = usePageParam();
  return (
    <ListSection
      title="Cart"
      query={useWishlist(email, paging.page)}
      paging={paging}
      label="your cart"
      empty="Your cart is empty."
    >
      {({ items }) => (
        <ul className={grid}>
          {items.map((item) => (
            <PhoneCard
              key={item._id}
              as="li"
              headingLevel={2}
              title={item.MobileName}
              picture={item.picture}
              price={item.price}
              actions={renderBuy(item)}
            />
          ))}
        </ul>
      )}
    </ListSection>
  );
}
