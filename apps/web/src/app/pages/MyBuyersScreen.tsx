// /dashboard/myBuyers: the seller feature's screen, for who is signed in.
import { ReviewDialog } from '../../features/reviews/components/ReviewDialog';
import { MyBuyersPage } from '../../features/seller/components/MyBuyersPage';
import type { SignedInScreenProps } from '../shell/screen';

export function MyBuyersScreen({ session }: SignedInScreenProps) {
  return (
    <MyBuyersPage
      email={session.user.email}
      renderReview={(booking, onClose) => <ReviewDialog booking={booking} side="seller" onClose={onClose} />}
    />
  );
}
