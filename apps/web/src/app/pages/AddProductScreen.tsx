// /dashboard/addProduct: the seller feature's screen, for who is signed in.
import { AddProductPage } from '../../features/seller/components/AddProductPage';
import type { SignedInScreenProps } from '../shell/screen';

export function AddProductScreen({ session }: SignedInScreenProps) {
  return <AddProductPage sellerName={session.user.displayName ?? ''} />;
}
