import { formatMoney } from '@recell/ui/format';
import type { Paying } from '../api/create-payment-intent';

export interface Payer {
  name: string;
  email: string;
  /** The account's own name, if it has one: "Name on card" starts with it. */
  cardName?: string;
}

/** What every card form of the payment page takes (the test-mode form and the Stripe Elements form alike). */
export interface PaymentFormProps {
  /** The booking, or the offer, the card is held for. */
  paying: Paying;
  /** What the card is held for, in dollars (the booking's price, the offer's or its counter's amount). */
  amount: number;
  payer: Payer;
  onPaid: (transaction: string) => void;
}

/**
 * The card form's button names what it does: the amount is held on the card, not charged, until the
 * handover code is given at the meetup.
 */
export const holdLabel = (amount: number) => `Hold ${formatMoney({ dollars: amount })}`;
