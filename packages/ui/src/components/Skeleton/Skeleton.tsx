import type { CSSProperties, ReactNode } from 'react';
import { visuallyHidden } from '../../theme/styles.css';
import * as styles from './Skeleton.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** `full` for round shapes (avatars). */
  radius?: 'control' | 'card' | 'full';
  className?: string;
}

/** A grey placeholder shape; hidden from screen readers (the loading region says what is loading). */
export function Skeleton({ width = '100%', height = '1em', radius = 'control', className }: SkeletonProps) {
  const borderRadius = radius === 'full' ? '9999px' : radius === 'card' ? '12px' : undefined;
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, className].filter(Boolean).join(' ')}
      style={{ width, height, borderRadius }}
    />
  );
}

/** The shape of a PhoneCard while it loads, with the same 4:3 frame so nothing jumps when it arrives. */
export function PhoneCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.frame}>
        <Skeleton height="100%" className={styles.square} />
      </div>
      <div className={styles.cardBody}>
        <Skeleton width="70%" height="1.4em" />
        <Skeleton width="40%" height="1.6em" />
        <Skeleton width="90%" />
        <Skeleton width="60%" />
      </div>
    </div>
  );
}

export interface LoadingRegionProps {
  /** What is loading, for screen readers: "Loading phones". */
  label: string;
  children: ReactNode;
}

/** Wraps skeletons: marks the area busy and says in words what is loading. */
export function LoadingRegion({ label, children }: LoadingRegionProps) {
  return (
    <div aria-busy="true">
      <span role="status" className={visuallyHidden}>
        {label}
      </span>
      {children}
    </div>
  );
}
