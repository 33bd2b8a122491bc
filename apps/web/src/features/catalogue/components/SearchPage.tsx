import type { RenderListingActions } from '../../../lib/listing';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSearchMobiles } from '../api/search-mobiles';
import { PAGE_SIZE } from '../search-params';
import { useSearchState } from '../use-search-state';
import { MobileCard } from './MobileCard';
import { SearchPanel } from './SearchPanel';
import * as styles from './search.css';

/**
 * /search?q=...: the navbar's search over every brand, with the category pages' filters, sort and pages. The
 * navbar's box holds the words here (a second box under it would say the same), and keeps the filters.
 */
export function SearchPage({ renderActions }: { renderActions: RenderListingActions }) {
  const { state, go } = useSearchState();
  const results = useSearchMobiles(state, PAGE_SIZE);
  useDocumentTitle(state.q ? `${state.q}: search` : 'Search');
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title" className={styles.title}>
        {state.q ? `Phones matching “${state.q}”` : 'All phones'}
      </h1>
      <SearchPanel
        state={state}
        go={go}
        results={results}
        label="phones"
        empty="No phones for sale right now."
      >
        {(mobile, index) => (
          <MobileCard mobile={mobile} renderActions={renderActions} priority={index === 0} />
        )}
      </SearchPanel>
    </section>
  );
}
