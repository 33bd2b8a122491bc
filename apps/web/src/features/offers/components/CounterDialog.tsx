import { counterRefusal, type Offer } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { wholeDollarsField } from '@recell/ui/format';
import { NumberField } from '@recell/ui/NumberField';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormTextArea } from '../../../components/FormField';
import { ModalDialog } from '../../../components/ModalDialog';
import { formStack } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCounterOffer } from '../api/counter-offer';
import { money } from './offer-words';
import * as styles from './Offers.css';

/**
 * The seller answers with a price between the offer and the asking price; the buyer accepts it by holding that
 * amount on their card. The rulebook's refusal is said before sending, the server's if it still refuses.
 */
export function CounterDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const counter = useCounterOffer();
  const toast = useToast();
  const [amount, setAmount] = useState<number>(NaN);
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('text') ?? '').trim();
    const refusal = Number.isFinite(amount)
      ? counterRefusal(amount, offer.amount, offer.askingPrice)
      : { message: 'Enter the price you would take' };
    setProblem(refusal?.message ?? null);
    if (refusal) return;
    counter.mutate(
      { id: offer._id, counter: { amount, ...(text ? { text } : {}) } },
      {
        onSuccess: () => {
          toast.success(`Countered at ${money(amount)}`);
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  }

  return (
    <ModalDialog title={`Counter ${offer.buyer}'s offer`} onClose={onClose}>
      <form className={formStack} onSubmit={onSubmit} noValidate>
        <p className={styles.promise}>
          {offer.buyer} offered {money(offer.amount)} for {offer.MobileName}, asking{' '}
          {money(offer.askingPrice)}. They have 24 hours to accept your price by holding it on their card.
        </p>
        <NumberField
          label="Your price (dollars)"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setProblem(null);
          }}
          minValue={0}
          formatOptions={wholeDollarsField}
          isInvalid={Boolean(problem)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one question
          autoFocus
        />
        <FormTextArea label="Note to the buyer (optional)" name="text" />
        <FormAlert message={problem} />
        <Button type="submit" isPending={counter.isPending}>
          Send counter
        </Button>
      </form>
    </ModalDialog>
  );
}
