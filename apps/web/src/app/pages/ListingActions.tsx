// Book, Add To Cart / Add to Wishlist, Report and Ask the seller come from four features; the app puts them together
// for the screens that list phones, and only for signed-in non-sellers (§5). A phone's own page is public:
// there a visitor gets the same actions as links to log in, and an admin also confirms a model its IMEI left unknown.
import { BookButton } from '../../features/bookings/components/BookButton';
import { ReportButton } from '../../features/catalogue/components/ReportButton';
import { useSession } from '../../features/auth/use-session';
import { AddToWishlistButton } from '../../features/wishlist/components/AddToWishlistButton';
import type { ListingRef } from '../../lib/listing';
import { AddToCartButton, ListingPageActions } from './ListingPageActions';
import { LogInToBuy } from './LogInToBuy';
import * as styles from './pages.css';

export function ListingActions({
  listing,
  place,
}: {
  listing: ListingRef;
  place: 'home' | 'category' | 'detail';
}) {
  const { status, session } = useSession();
  if (status === 'signed-out' && place === 'detail') return <LogInToBuy listing={listing} />;
  if (status !== 'signed-in' || session.role === 'seller') return null;
  const buyer = { name: session.user.displayName ?? session.user.email, email: session.user.email };
  if (place === 'detail')
    return <ListingPageActions listing={listing} buyer={buyer} admin={session.role === 'admin'} />;
  return (
    <div className={styles.actions}>
      <BookButton listing={listing} buyer={buyer} />
      {place === 'home' ? (
        <AddToWishlistButton
          listing={listing}
          email={buyer.email}
          label="Add to Wishlist"
          successMessage="Wishlisted Confirmed"
        />
      ) : (
        <>
          <AddToCartButton listing={listing} email={buyer.email} />
          <ReportButton mobileId={listing._id} title={listing.title} />
        </>
      )}
    </div>
  );
}
