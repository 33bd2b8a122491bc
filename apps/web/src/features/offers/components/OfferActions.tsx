import { offerWords, type Offer } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { LinkButton } from '@recell/ui/LinkButton';
import { useState } from 'react';
import { Link } from 'wouter';
import { errorMessage, useToast } from '../../../lib/toast';
import { useAcceptOffer } from '../api/accept-offer';
import { useDeclineOffer } from '../api/decline-offer';
import type { OfferSide } from '../api/list-offers';
import { useWithdrawOffer } from '../api/withdraw-offer';
import { CounterDialog } from './CounterDialog';
import { money, offerPaymentPath } from './offer-words';
import * as styles from './Offers.css';

/**
 * What each side can do with an offer now, the same in the Offers tabs and in the conversation: the buyer holds
 * the card (for the offer, or for a counter, which accepts it), withdraws or declines a counter; the seller
 * accepts, counters or declines. An accepted one links to its deal.
 */
export function OfferActions({ offer, side }: { offer: Offer; side: OfferSide }) {
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const withdraw = useWithdrawOffer();
  const toast = useToast();
  const [countering, setCountering] = useState(false);
  const done = (message: string) => ({
    onSuccess: () => toast.success(message),
    onError: (error: unknown) => toast.error(errorMessage(error)),
  });
  const name = offer.MobileName;

  if (offer.status === 'accepted') {
    return (
      <div className={styles.actions}>
        <p className={styles.promise}>
          {side === 'buyer'
            ? `${offerWords.held(offer.heldAmount ?? offer.counterAmount ?? offer.amount)}: meet the seller and give them your handover code.`
            : `Accepted at ${money(offer.heldAmount ?? offer.counterAmount ?? offer.amount)}: the buyer's card is held. Enter their handover code at the meetup.`}
        </p>
        {offer.bookingId ? (
          <Link
            href={
              side === 'buyer'
                ? `/dashboard/payment/${encodeURIComponent(offer.bookingId)}`
                : '/dashboard/myBuyers'
            }
          >
            Open the deal
          </Link>
        ) : null}
      </div>
    );
  }

  if (side === 'buyer') {
    const withdrawButton = (
      <Button
        variant="secondary"
        size="sm"
        isPending={withdraw.isPending}
        aria-label={`Withdraw your offer for ${name}`}
        onPress={() => withdraw.mutate(offer._id, done('Offer withdrawn: your card was released'))}
      >
        Withdraw
      </Button>
    );
    if (offer.status === 'awaiting_card')
      return (
        <div className={styles.actions}>
          <LinkButton
            href={offerPaymentPath(offer._id)}
            size="sm"
            aria-label={`Hold ${money(offer.amount)} on your card for ${name}`}
          >
            Hold {money(offer.amount)} on your card
          </LinkButton>
          {withdrawButton}
        </div>
      );
    if (offer.status === 'pending') return <div className={styles.actions}>{withdrawButton}</div>;
    if (offer.status === 'countered' && offer.counterAmount !== undefined)
      return (
        <div className={styles.actions}>
          <LinkButton
            href={offerPaymentPath(offer._id)}
            size="sm"
            aria-label={`Accept ${money(offer.counterAmount)} for ${name}`}
          >
            Accept {money(offer.counterAmount)}
          </LinkButton>
          <Button
            variant="secondary"
            size="sm"
            isPending={decline.isPending}
            aria-label={`Decline the counter for ${name}`}
            onPress={() => decline.mutate(offer._id, done('Counter declined: your card was released'))}
          >
            Decline
          </Button>
        </div>
      );
    return null;
  }

  if (offer.status === 'countered')
    return (
      <p className={styles.muted}>
        Waiting for the buyer to accept {money(offer.counterAmount ?? offer.amount)}.
      </p>
    );
  if (offer.status !== 'pending') return null;
  return (
    <div className={styles.actions}>
      <Button
        size="sm"
        isPending={accept.isPending}
        aria-label={`Accept ${money(offer.amount)} from ${offer.buyer} for ${name}`}
        onPress={() =>
          accept.mutate(offer._id, done(`Accepted: ${money(offer.amount)} is held on the buyer's card`))
        }
      >
        Accept {money(offer.amount)}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Counter ${offer.buyer}'s offer for ${name}`}
        onPress={() => setCountering(true)}
      >
        Counter
      </Button>
      <Button
        size="sm"
        variant="secondary"
        isPending={decline.isPending}
        aria-label={`Decline ${offer.buyer}'s offer for ${name}`}
        onPress={() => decline.mutate(offer._id, done("Offer declined: the buyer's card was released"))}
      >
        Decline
      </Button>
      {countering ? <CounterDialog offer={offer} onClose={() => setCountering(false)} /> : null}
    </div>
  );
}
