import { Button } from '@recell/ui/Button';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SearchBox } from '../../../components/SearchBox';
import { parseSearch, searchString, withChanges } from '../search-params';
import * as styles from './search.css';

export const SEARCH_PATH = '/search';

/** The navbar's box (every page): searches every brand and opens the results at /search?q=... */
export function NavbarSearch() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  // on the results page the box shows what was searched; elsewhere it starts empty
  const shown = path === SEARCH_PATH ? (parseSearch(search).q ?? '') : '';
  const [text, setText] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  if (shown !== lastShown) {
    // the URL changed (a search, Back, a chip removed): the box follows it
    setLastShown(shown);
    setText(shown);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // a new search starts afresh, on the results page too: the last phone's price and condition
    // would otherwise hide a different phone ("No phones"); the page's own fields refine a search
    const query = searchString(withChanges({ sort: 'newest', page: 1 }, { q: text.trim() }));
    navigate(query ? `${SEARCH_PATH}?${query}` : SEARCH_PATH);
  };
  return (
    <form role="search" aria-label="All phones" className={styles.navbarSearch} onSubmit={submit}>
      <SearchBox
        label="Search all phones"
        hideLabel
        placeholder="Search phones"
        value={text}
        onChange={setText}
        className={styles.navbarBox}
      />
      <Button type="submit" variant="secondary" size="icon" aria-label="Search all phones">
        <Search aria-hidden size={18} />
      </Button>
    </form>
  );
}
