import { LinkButton } from '@recell/ui/LinkButton';
import { Button } from '@recell/ui/Button';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import type { ListingRef } from '../../../lib/listing';
import { useOffers } from '../api/list-offers';
import { offerPaymentPath } from './offer-words';

// the dialog (and its form controls) loads on the first press, not with the listing
const MakeOfferDialog = lazy(() => import('./MakeOfferDialog').then((m) => ({ default: m.MakeOfferDialog })));

/**
 * "Make an offer", beside Book: the dialog, then the card (the offer reaches the seller once it is held). With an
 * offer of theirs already open on this phone, the buyer is led to it instead.
 */
export function MakeOfferButton({ listing }: { listing: ListingRef }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const current = useOffers({ as: 'buyer', mobileId: listing._id, open: true }).data?.items[0];
  if (current && current.status !== 'awaiting_card')
    return (
      <LinkButton href="/dashboard/offers" variant="secondary" aria-label={`Your offer for ${listing.title}`}>
        Your offer
      </LinkButton>
    );
  return (
    <>
      <Button
        variant="secondary"
        isDisabled={listing.stock === 0}
        aria-label={`Make an offer for ${listing.title}`}
        onPress={() => setOpen(true)}
      >
        Make an offer
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <MakeOfferDialog
            listing={listing}
            onClose={() => setOpen(false)}
            onMade={(offer) => navigate(offerPaymentPath(offer._id))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
