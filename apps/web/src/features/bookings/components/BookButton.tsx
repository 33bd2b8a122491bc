import { Button } from '@recell/ui/Button';
import { lazy, Suspense, useState } from 'react';
import type { ListingRef } from '../../../lib/listing';
import type { Buyer } from './BookModal';

// the modal (and its form controls) loads on the first Book press, not with the home page
const BookModal = lazy(() => import('./BookModal').then((m) => ({ default: m.BookModal })));

/** Book: opens the booking modal (§2). */
export function BookButton({ listing, buyer }: { listing: ListingRef; buyer: Buyer }) {
  const [open, setOpen] = useState(false);
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
          <BookModal listing={listing} buyer={buyer} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
