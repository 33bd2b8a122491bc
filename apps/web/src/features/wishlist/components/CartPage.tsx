import type { WishlistItem } from '@recell/api';
import type { ReactNode } from 'react';
import { ListSection } from '../../../components/QueryState';
import { card, grid, picture } from '../../../components/styles.css';
import { useWishlist } from '../api/list-wishlist';

/** /dashboard/wishlist: the cart, each item with a Buy button that the app supplies (it books). */
export function CartPage({
  email,
  renderBuy,
}: {
  email: string;
  renderBuy: (item: WishlistItem) => ReactNode;
}) {
  return (
    <ListSection title="Cart" query={useWishlist(email)} label="your cart" empty="Your cart is empty.">
      {({ items }) => (
        <ul className={grid}>
          {items.map((item) => (
            <li key={item._id} className={card}>
              <img src={item.picture} alt={item.MobileName} className={picture} width={400} height={300} />
              <h2>{item.MobileName}</h2>
              <p>Price: ${item.price}</p>
              {renderBuy(item)}
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
