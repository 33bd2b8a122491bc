import { Button } from '@recell/ui/Button';
import { EmptyState } from '@recell/ui/EmptyState';
import { ErrorState } from '@recell/ui/ErrorState';
import { LoadingRegion, PhoneCardSkeleton, Skeleton } from '@recell/ui/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { grid } from '../styles.css';

/** What the list looks like while it loads, so the page does not jump when it arrives. */
export type SkeletonShape = 'cards' | 'rows';

function Placeholder({ shape }: { shape: SkeletonShape }) {
  return shape === 'cards' ? (
    <div className={grid}>
      <PhoneCardSkeleton />
      <PhoneCardSkeleton />
      <PhoneCardSkeleton />
    </div>
  ) : (
    <div>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height={40} />
      ))}
    </div>
  );
}

/**
 * Loading (skeletons), failure, empty and loaded states of a list, said the same way on every screen; given no
 * `empty`, the same for one record.
 */
export function QueryState<T>({
  query,
  empty,
  label,
  skeleton = 'cards',
  children,
}: {
  query: UseQueryResult<T>;
  empty?: string;
  label: string;
  skeleton?: SkeletonShape;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <LoadingRegion label={`Loading ${label}`}>
        <Placeholder shape={skeleton} />
      </LoadingRegion>
    );
  if (query.isError)
    return (
      <ErrorState
        title={`Could not load ${label}`}
        message={query.error.message}
        actions={
          <Button
            isPending={query.isFetching}
            pendingLabel="Trying again"
            onPress={() => void query.refetch()}
          >
            Try again
          </Button>
        }
      />
    );
  const { items } = query.data as { items?: unknown[] };
  if (empty !== undefined && items?.length === 0) return <EmptyState title={empty} />;
  return children(query.data);
}
