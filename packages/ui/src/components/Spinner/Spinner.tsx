import { Label, ProgressBar } from 'react-aria-components';
import * as styles from './Spinner.css';

export interface SpinnerProps {
  /** What is loading, for screen readers (and shown next to the spinner when `showLabel`). */
  label?: string;
  showLabel?: boolean;
  size?: 'md' | 'lg';
  className?: string;
}

/** An indeterminate progress indicator, announced as a progress bar with a name. */
export function Spinner({ label = 'Loading', showLabel = false, size = 'md', className }: SpinnerProps) {
  return (
    <ProgressBar
      isIndeterminate
      aria-label={showLabel ? undefined : label}
      className={[styles.root, className].filter(Boolean).join(' ')}
    >
      <span
        aria-hidden="true"
        className={[styles.circle, size === 'lg' && styles.large].filter(Boolean).join(' ')}
      />
      {showLabel && <Label>{label}</Label>}
    </ProgressBar>
  );
}
