import type { Booking } from '@recell/api';
import { Badge } from '@recell/ui/Badge';
import { formatMoney } from '@recell/ui/format';
import * as styles from './OrderSummary.css';

/** Who sells the phone, from its listing (absent when the listing is gone or still loading). */
export interface Seller {
  name: string;
  verified: boolean;
}

/** What is being paid for, above the card form and the receipt: the phone, its seller, the price, the place. */
export function OrderSummary({ booking, seller }: { booking: Booking; seller?: Seller | undefined }) {
  return (
    <section aria-labelledby="order-summary" className={styles.summary}>
      <h2 id="order-summary" className={styles.title}>
        Order summary
      </h2>
      <img src={booking.picture} alt="" width={96} height={72} className={styles.picture} />
      <dl className={styles.facts}>
        <dt className={styles.term}>Phone</dt>
        <dd>{booking.MobileName}</dd>
        {seller ? (
          <>
            <dt className={styles.term}>Seller</dt>
            <dd>
              {seller.name} {seller.verified ? <Badge status="verified" /> : null}
            </dd>
          </>
        ) : null}
        <dt className={styles.term}>Price</dt>
        <dd>
          {formatMoney({ dollars: booking.price })}
          {booking.bookedPrice ? (
            <>
              {' '}
              <s aria-hidden="true">{formatMoney({ dollars: booking.bookedPrice })}</s>
              <span className={styles.note}>
                The seller lowered the price from {formatMoney({ dollars: booking.bookedPrice })} after you
                booked: you pay the lower one.
              </span>
            </>
          ) : null}
        </dd>
        <dt className={styles.term}>Meeting place</dt>
        <dd>{booking.location}</dd>
      </dl>
    </section>
  );
}
