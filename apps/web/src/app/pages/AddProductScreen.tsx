// /dashboard/addProduct: the seller feature's screen, for who is signed in, with the account's verified phone
// (the auth feature's) that the new listing will show and the price guide (the prices feature's) by its price.
import { useMyPhone } from '../../features/auth/api/get-my-phone';
import { PriceGuideLine } from '../../features/prices/components/PriceGuideLine';
import { AddProductPage } from '../../features/seller/components/AddProductPage';
import type { SignedInScreenProps } from '../shell/screen';

export function AddProductScreen({ session }: SignedInScreenProps) {
  const phone = useMyPhone();
  return (
    <AddProductPage
      sellerName={session.user.displayName ?? ''}
      sellerPhone={phone.data}
      renderPriceGuide={(priced) => <PriceGuideLine {...priced} />}
    />
  );
}
