import { offerRefusals } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { wholeDollarsField } from '@recell/ui/format';
import { NumberField } from '@recell/ui/NumberField';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { errorMessage, useToast } from '../../../lib/toast';
import { useOfferFloor } from '../api/get-offer-floor';
import { useSetOfferFloor } from '../api/set-offer-floor';
import { money } from './offer-words';
import * as styles from './Offers.css';

/**
 * A listing's automatic decline floor: offers under it are declined at once, without the buyer learning the
 * number. Empty means every offer from half the asking price up reaches the seller.
 */
type FloorListing = { _id: string; title: string; resale_price: number };

export function OfferFloorField({ listing }: { listing: FloorListing }) {
  const floor = useOfferFloor(listing._id);
  // the form starts from the saved floor once it is known
  return (
    <FloorForm
      key={floor.isPending ? 'loading' : 'loaded'}
      listing={listing}
      current={floor.data?.floor ?? null}
      loading={floor.isPending}
    />
  );
}

function FloorForm({
  listing,
  current,
  loading,
}: {
  listing: FloorListing;
  current: number | null;
  loading: boolean;
}) {
  const save = useSetOfferFloor(listing._id);
  const toast = useToast();
  const [value, setValue] = useState<number>(current ?? NaN);
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = Number.isFinite(value) && value > 0 ? value : null;
    if (next !== null && next >= listing.resale_price) {
      setProblem(offerRefusals.floorNotBelowPrice(listing.resale_price).message);
      return;
    }
    setProblem(null);
    save.mutate(next, {
      onSuccess: ({ floor: saved }) =>
        toast.success(
          saved === null ? `No floor on ${listing.title}` : `Floor of ${money(saved)} on ${listing.title}`,
        ),
      onError: (error) => setProblem(errorMessage(error)),
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Offer floor for ${listing.title}`}
      className={styles.actions}
    >
      <NumberField
        label={`Decline offers under (dollars) for ${listing.title}, asking ${money(listing.resale_price)}`}
        description="Empty: every offer from half the asking price up reaches you."
        value={value}
        onChange={(next) => {
          setValue(next);
          setProblem(null);
        }}
        minValue={0}
        formatOptions={wholeDollarsField}
        isDisabled={loading}
        isInvalid={Boolean(problem)}
      />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        isPending={save.isPending}
        aria-label={`Save the floor for ${listing.title}`}
      >
        Save
      </Button>
      <FormAlert message={problem} />
    </form>
  );
}
