// /dashboard/myProduct: the seller feature's screen, for who is signed in, with the account's verified phone
// (the auth feature's) that Edit shows, and Edit's price guide (the prices feature's) by the price.
import { useMyPhone } from '../../features/auth/api/get-my-phone';
import { PriceGuideLine } from '../../features/prices/components/PriceGuideLine';
import { MyProductPage } from '../../features/seller/components/MyProductPage';
import type { SignedInScreenProps } from '../shell/screen';

export function MyProductScreen({ session }: SignedInScreenProps) {
  const phone = useMyPhone();
  return (
    <MyProductPage
      email={session.user.email}
      sellerPhone={phone.data}
      renderPriceGuide={(priced) => <PriceGuideLine {...priced} />}
    />
  );
}
