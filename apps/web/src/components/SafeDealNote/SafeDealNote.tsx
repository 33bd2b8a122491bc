import { safeDealWords } from '@recell/api';
import { Link } from '@recell/ui/Link';
import * as styles from './SafeDealNote.css';

/** Where a safe deal is explained (the app's route table has it; a link here keeps the words and the page together). */
export const SAFE_DEAL_PATH = '/safe-deal';

/**
 * The protection in one line, said where the decision is made: beside Book and on the payment screen.
 * `id` lets the action it explains point at it (aria-describedby).
 */
export function SafeDealNote({ id }: { id?: string }) {
  return (
    <p id={id} className={styles.note}>
      {safeDealWords.short()} <Link href={SAFE_DEAL_PATH}>How a safe deal works</Link>
    </p>
  );
}
