// /mobile/:id: a phone's own page, public; a visitor's actions are links to log in. A buyer with an open deal of
// the phone sees where it stands instead of "Available".
import type { ReactNode } from 'react';
import { useSession } from '../../features/auth/use-session';
import { useOpenBookingOf } from '../../features/bookings/api/list-bookings';
import { DealStanding } from '../../features/bookings/components/ListingDeal';
import { MobilePage } from '../../features/catalogue/components/MobilePage';
import { PriceGuideLine } from '../../features/prices/components/PriceGuideLine';
import type { ListingRef } from '../../lib/listing';
import type { ScreenProps } from '../shell/screen';
import { ListingActions } from './ListingActions';

function Standing({ listing, standing }: { listing: ListingRef; standing: ReactNode }) {
  const { status, session } = useSession();
  const buyer = status === 'signed-in' && session.role !== 'seller' ? session.user.email : undefined;
  const deal = useOpenBookingOf(buyer, listing._id).data;
  return deal ? <DealStanding booking={deal} /> : standing;
}

export function ListingScreen({ params: { id = '' } }: ScreenProps) {
  return (
    <MobilePage
      id={id}
      renderActions={(listing) => <ListingActions listing={listing} place="detail" />}
      renderStatus={(listing, standing) => <Standing listing={listing} standing={standing} />}
      renderPriceGuide={(priced) => <PriceGuideLine {...priced} />}
    />
  );
}
