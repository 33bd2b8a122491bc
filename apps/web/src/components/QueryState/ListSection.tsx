import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useRef, type ReactNode } from 'react';
import { Link } from '@recell/ui/Link';
import { Pager } from '../Pager';
import { QueryState, type SkeletonShape } from './QueryState';

/** A page of a list as the contract returns it (`MobilePage`, `BookingPage`, `UserPage`, ...). */
type ListPage = { items: unknown[]; total: number; page: number; pageSize: number };

/**
 * A screen that is one list: its heading, then the list's loading, failure, empty or loaded state. Given
 * `paging` (from `usePageParam`), the pages follow the list, and moving to a page puts focus on the heading so
 * a screen-reader user hears where they are and reads on from the top of the new page.
 */
export function ListSection<T extends { items: unknown[] }>({
  title,
  query,
  label,
  empty,
  skeleton,
  paging,
  controls,
  after,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  label: string;
  empty: string;
  skeleton?: SkeletonShape;
  paging?: T extends ListPage ? { page: number; href: (page: number) => string } : never;
  /** Filters between the heading and the list: they stay while the list loads, fails or is empty. */
  controls?: ReactNode;
  /** What follows the list and its pages (a seller's listings, after their reviews). */
  after?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const data = query.data as (T & Partial<ListPage>) | undefined;
  const last = data?.total && data.pageSize ? Math.ceil(data.total / data.pageSize) : 1;
  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {controls}
      <QueryState
        query={query}
        label={label}
        // past the last page (a shared link to a list that shrank): say so, the pager leads back
        empty={paging && paging.page > 1 ? `There is nothing on page ${paging.page}.` : empty}
        {...(skeleton ? { skeleton } : {})}
      >
        {children}
      </QueryState>
      {paging && data ? (
        paging.page > last ? (
          <p>
            <Link href={paging.href(last)}>Go to page {last}</Link>
          </p>
        ) : (
          <Pager
            page={paging.page}
            last={last}
            href={paging.href}
            onNavigate={() => heading.current?.focus()}
          />
        )
      ) : null}
      {after}
    </section>
  );
}
