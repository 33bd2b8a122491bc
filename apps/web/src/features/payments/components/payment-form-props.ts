import type { Booking } from '@recell/api';

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
