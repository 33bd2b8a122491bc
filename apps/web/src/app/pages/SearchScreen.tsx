// /search: the navbar's search over every brand, with the buying actions a category page has.
import { SearchPage } from '../../features/catalogue/components/SearchPage';
import { ListingActions } from './ListingActions';

export { preloadFilterFields } from '../../features/catalogue/components/SearchControls';

export function SearchScreen() {
  return <SearchPage renderActions={(listing) => <ListingActions listing={listing} place="category" />} />;
}
