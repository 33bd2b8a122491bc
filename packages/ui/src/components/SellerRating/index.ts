export { SellerRating, type SellerRatingProps } from './SellerRating';
