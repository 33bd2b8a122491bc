import { visuallyHidden } from '@recell/ui/theme';
import { lazy, Suspense } from 'react';
import * as styles from './Deal.css';

// qrcode.react only where a code is shown: no other screen pays for it
const HandoverQr = lazy(() => import('./HandoverQr'));

/**
 * The buyer's handover code, large and as a QR for the seller to scan: in a held deal's dialog and on the payment
 * screen the moment the card is held.
 */
export function HandoverCode({ code, headingLevel = 3 }: { code: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading>Handover code</Heading>
      <div className={styles.codeBox}>
        <p className={styles.code}>
          <span aria-hidden>{code}</span>
          {/* read digit by digit, as it is said at the meetup */}
          <span className={visuallyHidden}>{code.split('').join(' ')}</span>
        </p>
        <Suspense fallback={null}>
          <HandoverQr code={code} />
        </Suspense>
      </div>
    </>
  );
}
