// /dashboard/myBuyers: the seller feature's screen, for who is signed in.
import { ReviewDialog } from '../../features/reviews/components/ReviewDialog';
import { MyBuyersPage } from '../../features/seller/components/MyBuyersPage';
import type { SignedInScreenProps } from '../shell/screen';
import { DashboardTabs } from './DashboardTabs';

export function MyBuyersScreen({ session }: SignedInScreenProps) {
  return (
    <>
      <DashboardTabs side="seller" />
      <MyBuyersPage
        email={session.user.email}
        renderReview={(booking, onClose) => (
          <ReviewDialog booking={booking} side="seller" onClose={onClose} />
        )}
      />
    </>
  );
}
