// /dashboard/payment/offer/{id}: an offer paid as a booking is (the offers and payments features together): the
// card is held for the offer's amount (it then reaches the seller), or for the seller's counter (which accepts it).
import { offerWords, type Offer } from '@recell/api';
import { Spinner } from '@recell/ui/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { SafeDealNote } from '../../components/SafeDealNote';
import { useOffer } from '../../features/offers/api/get-offer';
import { invalidateOffers } from '../../features/offers/api/invalidate-offers';
import { OfferCard } from '../../features/offers/components/OfferCard';
import { PaymentForm } from '../../features/payments/components/PaymentForm';
import type { Payer } from '../../features/payments/components/payment-form-props';
import { useToast } from '../../lib/toast';
import type { SignedInScreenProps } from '../shell/screen';

export function OfferPaymentScreen({ params: { id = '' }, session: { user } }: SignedInScreenProps) {
  const payer = {
    name: user.displayName ?? user.email,
    email: user.email,
    ...(user.displayName ? { cardName: user.displayName } : {}),
  };
  return <OfferPaymentPage id={id} payer={payer} />;
}

/** What the card is asked for now: the offer's amount, or the counter's; nothing once it is not open to a card. */
const amountDue = (offer: Offer) =>
  offer.status === 'awaiting_card'
    ? offer.amount
    : offer.status === 'countered'
      ? offer.counterAmount
      : undefined;

export function OfferPaymentPage({ id, payer }: { id: string; payer: Payer }) {
  const offer = useOffer(id);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [paid, setPaid] = useState(false);
  if (offer.isPending) return <Spinner label="Loading the offer" />;
  if (offer.isError) throw offer.error;
  const due = paid ? undefined : amountDue(offer.data);
  const onPaid = () => {
    setPaid(true);
    toast.success(
      offer.data.status === 'countered'
        ? 'Counter accepted: the deal is held'
        : 'Offer sent: the seller has 24 hours',
    );
    invalidateOffers(queryClient);
  };
  return (
    <section aria-labelledby="offer-payment-title">
      <h1 id="offer-payment-title">
        {offer.data.status === 'countered' ? 'Accept the counter for' : 'Your offer for'}{' '}
        {offer.data.MobileName}
      </h1>
      {due !== undefined ? (
        <>
          <p>Please hold {offerWords.dollars(due)} on your card</p>
          <p>{offerWords.promise()}</p>
          <SafeDealNote />
          <PaymentForm paying={{ offerId: offer.data._id }} amount={due} payer={payer} onPaid={onPaid} />
        </>
      ) : null}
      <OfferCard offer={offer.data} side="buyer" actions={due === undefined} />
      <p>
        <Link href="/dashboard/offers">All your offers</Link>
      </p>
    </section>
  );
}
