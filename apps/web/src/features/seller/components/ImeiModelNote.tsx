import type { Mobile } from '@recell/api';
import { Button } from '@recell/ui/Button';
import * as styles from './MyProductPage.css';

/** The words for a listing whose IMEI names another model than its title. */
export const mismatchWords = (mobile: Mobile) =>
  `Its IMEI names ${mobile.imeiCheck?.model.name ?? 'another model'}, not the model this listing names.`;

/**
 * Under a listing's name on My Product, when its IMEI does not say it is that model: a mismatch the seller fixes
 * (a typo in the IMEI, or the wrong name) or keeps, since buyers are told either way; a model ReCell does not know
 * yet waits for an admin who has seen the phone.
 */
export function ImeiModelNote({ mobile, onFix }: { mobile: Mobile; onFix: (mobile: Mobile) => void }) {
  const outcome = mobile.imeiCheck?.model.outcome;
  if (outcome === 'mismatch')
    return (
      <span className={styles.imeiNote} data-outcome="mismatch">
        <span>
          {mismatchWords(mobile)} Buyers see that it does not match until you correct the name or the IMEI.
        </span>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Fix ${mobile.title}`}
          onPress={() => onFix(mobile)}
        >
          Fix
        </Button>
      </span>
    );
  if (outcome === 'unknown')
    return (
      <span className={styles.imeiNote} data-outcome="unknown">
        IMEI model not yet known: an admin confirms it once they have seen the phone.
      </span>
    );
  return null;
}
