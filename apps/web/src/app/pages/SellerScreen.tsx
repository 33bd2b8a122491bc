// /seller/:id: a seller's public profile and reviews.
import { SellerProfilePage } from '../../features/sellers/components/SellerProfilePage';
import type { ScreenProps } from '../shell/screen';

export function SellerScreen({ params: { id = '' } }: ScreenProps) {
  return <SellerProfilePage id={id} />;
}
