// /dashboard: a buyer's or admin's orders; sellers have no orders (§6), so theirs opens on their products.
import { Redirect } from 'wouter';
import { MyOrdersPage } from '../../features/bookings/components/MyOrdersPage';
import { BookingClaim } from '../../features/payouts/components/ClaimDialog';
import { ReviewDialog } from '../../features/reviews/components/ReviewDialog';
import type { SignedInScreenProps } from '../shell/screen';
import { DashboardTabs } from './DashboardTabs';

export function DashboardHome({ session }: SignedInScreenProps) {
  return session.role === 'seller' ? (
    <Redirect to="/dashboard/myProduct" replace />
  ) : (
    <>
      <DashboardTabs side="buyer" />
      <MyOrdersPage
        email={session.user.email}
        renderReview={(booking, onClose) => <ReviewDialog booking={booking} side="buyer" onClose={onClose} />}
        renderClaim={(booking) => <BookingClaim booking={booking} />}
      />
    </>
  );
}
