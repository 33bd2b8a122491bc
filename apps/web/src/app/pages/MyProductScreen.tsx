// /dashboard/myProduct: the seller feature's screen, for who is signed in.
import { MyProductPage } from '../../features/seller/components/MyProductPage';
import type { SignedInScreenProps } from '../shell/screen';

export function MyProductScreen({ session }: SignedInScreenProps) {
  return <MyProductPage email={session.user.email} />;
}
