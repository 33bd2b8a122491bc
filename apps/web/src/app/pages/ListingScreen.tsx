// /mobile/:id: a phone's own page, public; a visitor's actions are links to log in.
import { MobilePage } from '../../features/catalogue/components/MobilePage';
import type { ScreenProps } from '../shell/screen';
import { ListingActions } from './ListingActions';

export function ListingScreen({ params: { id = '' } }: ScreenProps) {
  return (
    <MobilePage id={id} renderActions={(listing) => <ListingActions listing={listing} place="detail" />} />
  );
}
