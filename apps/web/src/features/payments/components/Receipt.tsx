import { safeDealWords, type Booking } from '@recell/api';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import * as styles from './OrderSummary.css';
import type { Seller } from './OrderSummary';

/**
 * After paying: the spec's 'Congrats, Payment Completed' with the transaction id, then what happens next and
 * what to check at the meetup. It takes focus (the form and its Pay button are gone); the toast announces it.
 */
export function Receipt({
  booking,
  seller,
  transaction,
  handover,
}: {
  booking: Booking;
  seller?: Seller | undefined;
  transaction: string;
  /** The buyer's handover code and its QR, as soon as the held booking is read back (the app composes it). */
  handover?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.receipt}>
      <p>Congrats, Payment Completed</p>
      <p>
        Your transaction id: <strong>{transaction}</strong>
      </p>
      {/* a safe deal: the card is held, not charged */}
      <p>{safeDealWords.whole()}</p>
      {handover}
      <h2 ref={heading} tabIndex={-1}>
        What happens next
      </h2>
      <p>
        Meet {seller ? seller.name : 'the seller'} at the place of your booking:{' '}
        <strong>{booking.location}</strong>.
      </p>
      {/* the next step, in view under the focused heading; the code shows once the buyer has
          checked the phone (or chosen to skip the check) */}
      <p>
        <Link href="/dashboard">Check the phone and get your handover code in My Orders</Link>
      </p>
      <h3>Before you take the phone, check</h3>
      <ul className={styles.list}>
        <li>
          The IMEI matches: dial *#06# on the phone and type the 15 digits it shows in My Orders; we tell you
          whether it is the phone you booked.
        </li>
        <li>The condition is as listed: the screen, the body, the buttons, the camera and charging.</li>
        <li>
          It is signed out of its cloud account (Apple ID or Google account), so it is not locked to the
          seller.
        </li>
      </ul>
    </div>
  );
}
