import type { Booking } from '@recell/api';
import { formatMoney } from '@recell/ui/format';

export interface Payer {
  name: string;
  email: string;
  /** The account's own name, if it has one: "Name on card" starts with it. */
  cardName?: string;
}

/** What every card form of the payment page takes (the test-mode form and the Stripe Elements form alike). */
export interface PaymentFormProps {
  booking: Booking;
  payer: Payer;
  onPaid: (transaction: string) => void;
}

/**
 * The card form's button names what it does: the amount is held on the card, not charged, until the
 * handover code is given at the meetup.
 */
export const holdLabel = (booking: Pick<Booking, 'price'>) =>
  `Hold ${formatMoney({ dollars: booking.price })}`;
