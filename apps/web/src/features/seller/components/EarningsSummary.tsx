import { webLinks } from '@recell/api';
import { Link } from '@recell/ui/Link';
import { LoadingRegion, Skeleton } from '@recell/ui/Skeleton';
import { formatMoney } from '@recell/ui/format';
import { useSellerEarnings } from '../api/get-seller-earnings';
import * as styles from './Deals.css';

/**
 * What the seller's deals brought in (captured by handover code) and what is held, waiting for a handover; the
 * money's states and the payouts are on the Payouts page it links to. The earnings come in cents, a booking's
 * price in dollars.
 */
export function EarningsSummary({ email }: { email: string }) {
  const earnings = useSellerEarnings(email);
  return (
    <section aria-labelledby="earnings-title" className={styles.earnings}>
      <h2 id="earnings-title">Earnings</h2>
      {earnings.isPending ? (
        <LoadingRegion label="Loading your earnings">
          <Skeleton height={48} />
        </LoadingRegion>
      ) : earnings.isError ? (
        <p>Could not load your earnings: {earnings.error.message}</p>
      ) : (
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>Completed deals</dt>
            <dd>
              {formatMoney({ cents: earnings.data.completedCents })} from {earnings.data.completedCount}{' '}
              {earnings.data.completedCount === 1 ? 'deal' : 'deals'}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>Held for handover</dt>
            <dd>
              {formatMoney({ cents: earnings.data.heldCents })} in {earnings.data.heldCount}{' '}
              {earnings.data.heldCount === 1 ? 'deal' : 'deals'}
            </dd>
          </div>
        </dl>
      )}
      <p>
        <Link href={webLinks.payouts()}>Payouts: your money by state, your bank account and payouts</Link>
      </p>
    </section>
  );
}
