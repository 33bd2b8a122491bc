// /dashboard/offers (the buyer's Offers tab of My Orders), /dashboard/myBuyers/offers (the seller's tab of My
// Buyers, with each listing's decline floor), and /dashboard/payment/offer/{id} (holding the card for an offer).
import { OfferFloorField } from '../../features/offers/components/OfferFloorField';
import { OffersPage } from '../../features/offers/components/OffersPage';
import { useSellerMobiles } from '../../features/seller/api/list-seller-mobiles';
import type { SignedInScreenProps } from '../shell/screen';
import { DashboardTabs } from './DashboardTabs';

export function MyOffersScreen() {
  return <OffersPage side="buyer" tabs={<DashboardTabs side="buyer" />} />;
}

/** Each of the seller's listings in stock, with its floor: set before any offer comes, or after. */
function OfferFloors({ email }: { email: string }) {
  const listings = useSellerMobiles(email).data?.items.filter((listing) => listing.stock > 0) ?? [];
  if (listings.length === 0) return null;
  return (
    <section aria-labelledby="offer-floors">
      <h2 id="offer-floors">Automatic decline</h2>
      <p>Offers under a phone&apos;s floor are declined at once. Buyers are not told the number.</p>
      {listings.map((listing) => (
        <OfferFloorField key={listing._id} listing={listing} />
      ))}
    </section>
  );
}

export function OffersReceivedScreen({ session }: SignedInScreenProps) {
  return (
    <OffersPage
      side="seller"
      tabs={<DashboardTabs side="seller" />}
      after={<OfferFloors email={session.user.email} />}
    />
  );
}
