import type { CategoryId } from '@recell/api';
import { Link } from '@recell/ui/Link';
import { useDocumentTitle } from '../../../lib/document-title';
import type { RenderListingActions } from '../../../lib/listing';
import { useCategoryMobiles } from '../api/list-category-mobiles';
import { categoryNames } from '../categories';
import { PAGE_SIZE, searchString } from '../search-params';
import { useSearchState } from '../use-search-state';
import { MobileCard } from './MobileCard';
import { SEARCH_PATH } from './NavbarSearch';
import { SearchPanel } from './SearchPanel';

/**
 * /category/{id}: the category's phones (§2) with search, filters, sort and pages, all in the URL
 * (`?q=&minPrice=&maxPrice=&condition=&minYear=&sort=&page=`).
 */
export function CategoryPage({ id, renderActions }: { id: CategoryId; renderActions: RenderListingActions }) {
  const { state, go } = useSearchState();
  const mobiles = useCategoryMobiles(id, state, PAGE_SIZE);
  const name = categoryNames[id];
  useDocumentTitle(`${name} phones`);
  return (
    <section aria-labelledby="category-title">
      <h1 id="category-title">{name} phones</h1>
      <SearchPanel
        state={state}
        go={go}
        results={mobiles}
        searchLabel={`Search ${name} phones`}
        label={`${name} phones`}
        empty={`No ${name} phones for sale right now.`}
        widen={
          state.q && (
            <Link href={`${SEARCH_PATH}?${searchString({ q: state.q, sort: 'newest', page: 1 })}`}>
              Search every brand for “{state.q}”
            </Link>
          )
        }
      >
        {(mobile, index) => (
          <MobileCard mobile={mobile} renderActions={renderActions} priority={index === 0} />
        )}
      </SearchPanel>
    </section>
  );
}
