// A signed-in buyer's actions on a phone's own page: the compact bar (price and the one main action:
// Book, or the open deal's next step), then the safe-deal line and the other actions in the page, so the bar never
// covers the price and "Ask the seller" is not pushed under it.
import { formatMoney } from '@recell/ui/format';
import { ConfirmImeiModel } from '../../features/admin/components/ConfirmImeiModel';
import { useOpenBookingOf } from '../../features/bookings/api/list-bookings';
import { BookButton } from '../../features/bookings/components/BookButton';
import type { Buyer } from '../../features/bookings/components/BookModal';
import { DealNextStep } from '../../features/bookings/components/ListingDeal';
import { ReportButton } from '../../features/catalogue/components/ReportButton';
import { AskSeller } from '../../features/messages/components/AskSeller';
import { MakeOfferButton } from '../../features/offers/components/MakeOfferButton';
import { AddToWishlistButton } from '../../features/wishlist/components/AddToWishlistButton';
import { SafeDealNote } from '../../components/SafeDealNote';
import type { ListingRef } from '../../lib/listing';
import * as styles from './pages.css';

export function ListingPageActions({
  listing,
  buyer,
  admin,
}: {
  listing: ListingRef;
  buyer: Buyer;
  admin: boolean;
}) {
  // a Book pressed before this answers still lands on the open deal: the server answers it with that booking
  const deal = useOpenBookingOf(buyer.email, listing._id).data;
  return (
    <>
      <div className={styles.actionBar}>
        <span className={styles.barPrice} aria-hidden="true">
          {formatMoney({ dollars: listing.resale_price })}
        </span>
        {deal ? (
          <DealNextStep booking={deal} />
        ) : (
          // Book and, beside it, less than the asking price: one row at 375 px
          <span className={styles.barActions}>
            <BookButton listing={listing} buyer={buyer} />
            {listing.stock > 0 && !admin ? <MakeOfferButton listing={listing} /> : null}
          </span>
        )}
      </div>
      {listing.stock > 0 && deal?.status !== 'held' ? <SafeDealNote /> : null}
      <div className={styles.actions}>
        <AskSeller mobileId={listing._id} title={listing.title} />
        <AddToCartButton listing={listing} email={buyer.email} />
        <ReportButton mobileId={listing._id} title={listing.title} />
      </div>
      {admin && listing.imeiCheck?.model.outcome === 'unknown' ? (
        <ConfirmImeiModel mobileId={listing._id} title={listing.title} />
      ) : null}
    </>
  );
}

/** The spec's Add To Cart (the wishlist, named a cart on category, search and listing pages). */
export function AddToCartButton({ listing, email }: { listing: ListingRef; email: string }) {
  return (
    <AddToWishlistButton
      listing={listing}
      email={email}
      label="Add To Cart"
      successMessage="Added to cart Confirmed"
    />
  );
}
