// /dashboard/wishlist: the cart (wishlist feature), each item bought through the bookings feature.
import { BuyButton } from '../../features/bookings/components/BuyButton';
import { CartPage } from '../../features/wishlist/components/CartPage';
import type { SignedInScreenProps } from '../shell/screen';

export function CartScreen({ session }: SignedInScreenProps) {
  const { email } = session.user;
  return (
    <CartPage
      email={email}
      renderBuy={(item) => <BuyButton mobileId={item.wishlistedID} title={item.MobileName} email={email} />}
    />
  );
}
