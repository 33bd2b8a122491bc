import { Link } from '@recell/ui/Link';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import * as styles from './Pager.css';

/** The pages to show as numbers: the first, the last, and two either side of the current; null is a gap. */
export function pageNumbers(current: number, last: number): (number | null)[] {
  const shown = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  const pages = [...shown].filter((page) => page >= 1 && page <= last).sort((a, b) => a - b);
  return pages.flatMap((page, index) => {
    const previous = pages[index - 1];
    if (previous === undefined || page === previous + 1) return [page];
    // a gap of one page shows that page rather than an ellipsis standing for it
    return page === previous + 2 ? [previous + 1, page] : [null, page];
  });
}

function PageLink({
  page,
  href,
  current,
  onPress,
  children,
  label,
}: {
  page: number;
  href: (page: number) => string;
  current?: boolean;
  onPress: () => void;
  children: ReactNode;
  label: string;
}) {
  return (
    <Link
      href={href(page)}
      className={styles.pageLink}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      onPress={onPress}
    >
      {children}
    </Link>
  );
}

/**
 * Numbered pages with Previous and Next, as links (each page has its own URL, so it can be opened in a new tab
 * or shared). `onNavigate` runs after a press, for the page to move focus to the new results.
 */
export function Pager({
  page,
  last,
  href,
  onNavigate,
}: {
  page: number;
  last: number;
  href: (page: number) => string;
  onNavigate: () => void;
}) {
  if (last <= 1) return null;
  const link = { href, onPress: onNavigate };
  return (
    <nav aria-label="Pages">
      <ul className={styles.pager}>
        <li>
          {page > 1 ? (
            <PageLink {...link} page={page - 1} label="Previous page">
              <ChevronLeft aria-hidden size={18} />
              Previous
            </PageLink>
          ) : (
            <span className={styles.pageDisabled}>
              <ChevronLeft aria-hidden size={18} />
              Previous
            </span>
          )}
        </li>
        {pageNumbers(page, last).map((number, index) => (
          <li key={number ?? `gap-${index}`}>
            {number === null ? (
              <span className={styles.pageGap}>…</span>
            ) : (
              <PageLink {...link} page={number} label={`Page ${number}`} current={number === page}>
                {number}
              </PageLink>
            )}
          </li>
        ))}
        <li>
          {page < last ? (
            <PageLink {...link} page={page + 1} label="Next page">
              Next
              <ChevronRight aria-hidden size={18} />
            </PageLink>
          ) : (
            <span className={styles.pageDisabled}>
              Next
              <ChevronRight aria-hidden size={18} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
