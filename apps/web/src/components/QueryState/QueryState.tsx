import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@recell/ui/Spinner';
import { errorText } from '../styles.css';

/** Loading, failure and empty states of a list, said the same way on every screen. */
export function QueryState<T extends { items: unknown[] }>({
  query,
  empty,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  empty: string;
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${label}`} />;
  if (query.isError)
    return (
      <p role="alert" className={errorText}>
        Could not load {label}: {query.error.message}
      </p>
    );
  if (query.data.items.length === 0) return <p>{empty}</p>;
  return children(query.data);
}
