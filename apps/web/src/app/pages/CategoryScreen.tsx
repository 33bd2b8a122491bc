// /category/:id: a brand's listings with the buying actions; an id that is no category is not found.
import { isCategoryId } from '../../features/catalogue/categories';
import { CategoryPage } from '../../features/catalogue/components/CategoryPage';
import { ErrorPage } from '../shell/ErrorPage';
import type { ScreenProps } from '../shell/screen';
import { ListingActions } from './ListingActions';

export { preloadFilterFields } from '../../features/catalogue/components/SearchControls';

export function CategoryScreen({ params: { id = '' } }: ScreenProps) {
  return isCategoryId(id) ? (
    <CategoryPage
      id={id}
      renderActions={(listing) => <ListingActions listing={listing} place="category" />}
    />
  ) : (
    <ErrorPage statusText="Not Found" />
  );
}
