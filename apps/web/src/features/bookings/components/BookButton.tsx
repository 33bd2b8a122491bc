import { Button } from '@recell/ui/Button';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import type { ListingRef } from '../../../lib/listing';
import type { Buyer } from './BookModal';

// the modal (and its form controls) loads on the first Book press, not with the home page
const BookModal = lazy(() => import('./BookModal').then((m) => ({ default: m.BookModal })));

/**
 * Book: opens the booking modal (§2), and a booking goes straight on to holding the card: booked is
 * not protected until the card is held, so paying is the booking's next screen, not a trip through My Orders.
 */
export function BookButton({ listing, buyer }: { listing: ListingRef; buyer: Buyer }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  return (
    <>
      <Button
        isDisabled={listing.stock === 0}
        aria-label={`Book ${listing.title}`}
        onPress={() => setOpen(true)}
      >
        Book
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <BookModal
            listing={listing}
            buyer={buyer}
            onClose={() => setOpen(false)}
            onBooked={(id) => navigate(`/dashboard/payment/${id}`)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
