import { NEW_SELLER_BELOW, type Mobile } from '@recell/api';
import { SellerRating } from '@recell/ui/SellerRating';

/** A listing's seller rating as buyers compare it (cards, results, the listing's page); nothing if not sent. */
export function ListingSellerRating({ mobile }: { mobile: Pick<Mobile, 'sellerRating'> }) {
  if (!mobile.sellerRating) return null;
  const { average, count } = mobile.sellerRating;
  return <SellerRating average={average} count={count} newSellerBelow={NEW_SELLER_BELOW} />;
}
