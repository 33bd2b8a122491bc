import { Button } from '@recell/ui/Button';
import type { ListingRef } from '../../../lib/listing';
import { errorMessage, useToast } from '../../../lib/toast';
import { useAddToWishlist } from '../api/add-to-wishlist';

/** 'Add To Cart' on category pages, 'Add to Wishlist' on the home page, each with its own notice (§8). */
export function AddToWishlistButton({
  listing,
  email,
  label,
  successMessage,
}: {
  listing: ListingRef;
  email: string;
  label: 'Add To Cart' | 'Add to Wishlist';
  successMessage: 'Added to cart Confirmed' | 'Wishlisted Confirmed';
}) {
  const add = useAddToWishlist(email);
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      isDisabled={listing.stock === 0}
      isPending={add.isPending}
      aria-label={`${label}: ${listing.title}`}
      onPress={() =>
        add.mutate(
          { wishlistedID: listing._id },
          {
            onSuccess: () => toast.success(successMessage),
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
    >
      {label}
    </Button>
  );
}
