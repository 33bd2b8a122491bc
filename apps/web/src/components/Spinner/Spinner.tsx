import { visuallyHidden } from '../styles.css';
import { ring, wrapper } from './Spinner.css';

/** A loading indicator that screen readers announce as "Loading". */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className={wrapper}>
      <span className={ring} aria-hidden="true" />
      <span className={visuallyHidden}>{label}</span>
    </div>
  );
}
