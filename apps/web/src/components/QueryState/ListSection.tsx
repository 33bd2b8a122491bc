import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { QueryState, type SkeletonShape } from './QueryState';

/** A screen that is one list: its heading, then the list's loading, failure, empty or loaded state. */
export function ListSection<T extends { items: unknown[] }>({
  title,
  query,
  label,
  empty,
  skeleton,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  label: string;
  empty: string;
  skeleton?: SkeletonShape;
  children: (data: T) => ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <QueryState query={query} label={label} empty={empty} {...(skeleton ? { skeleton } : {})}>
        {children}
      </QueryState>
    </section>
  );
}
