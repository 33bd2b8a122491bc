import { OFFER_RULES, offerRefusal, offerWords, type Offer } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { wholeDollarsField } from '@recell/ui/format';
import { NumberField } from '@recell/ui/NumberField';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormTextArea } from '../../../components/FormField';
import { ModalDialog } from '../../../components/ModalDialog';
import { formStack } from '../../../components/styles.css';
import type { ListingRef } from '../../../lib/listing';
import { errorMessage } from '../../../lib/toast';
import { useOffers } from '../api/list-offers';
import { useMakeOffer } from '../api/make-offer';
import { endedWords, money } from './offer-words';
import * as styles from './Offers.css';

/**
 * Make an offer: an amount in dollars and an optional note, with the promise (the card is held, not charged)
 * and how many offers are left said where the decision is made. The rulebook's refusal shows before sending
 * and the server's after, in words, in the dialog. A made offer goes on to the card; one the seller's floor
 * declined at once stays here, said so.
 */
export function MakeOfferDialog({
  listing,
  onClose,
  onMade,
}: {
  listing: ListingRef;
  onClose: () => void;
  /** The offer made, waiting for the card. */
  onMade: (offer: Offer) => void;
}) {
  const made = useMakeOffer();
  const mine = useOffers({ as: 'buyer', mobileId: listing._id });
  const left = mine.data?.offersLeft;
  const [amount, setAmount] = useState<number>(NaN);
  const [problem, setProblem] = useState<string | null>(null);
  const [floored, setFloored] = useState<Offer | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('text') ?? '').trim();
    const refusal = Number.isFinite(amount)
      ? offerRefusal(amount, listing.resale_price, OFFER_RULES.perListing - (left ?? OFFER_RULES.perListing))
      : { message: 'Enter the amount you offer' };
    setProblem(refusal?.message ?? null);
    if (refusal) return;
    made.mutate(
      { mobileId: listing._id, amount, ...(text ? { text } : {}) },
      {
        onSuccess: (offer) => (offer.status === 'awaiting_card' ? onMade(offer) : setFloored(offer)),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  }

  const stillLeft = floored ? floored.offersLeft : left;
  return (
    <ModalDialog title={`Make an offer for ${listing.title}`} onClose={onClose}>
      <form className={formStack} onSubmit={onSubmit} noValidate>
        <p className={styles.promise}>Asking price: {money(listing.resale_price)}</p>
        <p className={styles.promise}>{offerWords.promise()}</p>
        {stillLeft !== undefined ? (
          <p className={styles.promise} aria-live="polite">
            {offerWords.left(stillLeft)}
          </p>
        ) : null}
        <NumberField
          label="Your offer (dollars)"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setProblem(null);
            setFloored(null);
          }}
          minValue={0}
          formatOptions={wholeDollarsField}
          isInvalid={Boolean(problem)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's question; the promise before it is text
          autoFocus
        />
        <FormTextArea label="Note to the seller (optional)" name="text" />
        <FormAlert message={problem ?? (floored ? endedWords(floored, 'buyer') : null)} />
        <Button type="submit" isPending={made.isPending} isDisabled={stillLeft === 0}>
          Offer and hold my card
        </Button>
      </form>
    </ModalDialog>
  );
}
