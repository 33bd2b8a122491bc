// The payouts feature's screens (issue 48): the seller's payouts and the local provider's form, a claim to its
// buyer, seller and admins, and the admins' claims queue and payouts list.
import { AdminPayoutsPage } from '../../features/payouts/components/AdminPayoutsPage';
import { ClaimPage } from '../../features/payouts/components/ClaimPage';
import { ClaimsQueuePage } from '../../features/payouts/components/ClaimsQueuePage';
import { LocalOnboardingPage } from '../../features/payouts/components/LocalOnboardingPage';
import { PayoutsPage } from '../../features/payouts/components/PayoutsPage';
import type { SignedInScreenProps } from '../shell/screen';

export function PayoutsScreen({ session }: SignedInScreenProps) {
  return <PayoutsPage email={session.user.email} />;
}

export function PayoutOnboardingScreen({ session }: SignedInScreenProps) {
  return <LocalOnboardingPage email={session.user.email} />;
}

export function ClaimScreen({ session, params }: SignedInScreenProps) {
  return <ClaimPage id={params.id ?? ''} role={session.role} />;
}

export function ClaimsQueueScreen() {
  return <ClaimsQueuePage />;
}

export function AdminPayoutsScreen() {
  return <AdminPayoutsPage />;
}
