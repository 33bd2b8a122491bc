import {
  AREAS,
  hoursText,
  localTime,
  MEETUP_SPOT_KINDS,
  MEETUP_UTC_OFFSET_MINUTES,
  meetupRefusals,
  meetupTimeRefusal,
  type AreaId,
  type MeetupSpot,
} from '@recell/api';
import { Button } from '@recell/ui/Button';
import { formatMoney } from '@recell/ui/format';
import { RadioGroup } from '@recell/ui/RadioGroup';
import { Select } from '@recell/ui/Select';
import { useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/ModalDialog';
import { FormTextField } from '../../../components/FormField';
import { formStack } from '../../../components/styles.css';
import type { ListingRef } from '../../../lib/listing';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCreateBooking } from '../api/create-booking';
import { useMeetupSuggestions } from '../api/suggest-meetup-spots';
import * as styles from './Deal.css';

export interface Buyer {
  name: string;
  email: string;
}

/** A number the seller can call: digits with the usual spacing, 6 to 20 characters (as listings' numbers). */
const PHONE = /^\+?[0-9 ()-]{6,20}$/;
/** The choice that is not a suggested spot: a place in the buyer's words, as before spots. */
const ANOTHER_PLACE = 'another-place';

/** A datetime-local value ("2026-11-30T19:59") read as Dhaka time, where the spots' hours are kept. */
export const fromDhakaTime = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(Date.parse(`${value}:00Z`) - MEETUP_UTC_OFFSET_MINUTES * 60_000);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** A suggested spot as a choice: its name, kind, distance, cameras and today's hours in words. */
function spotLabel({ spot, distanceKm }: { spot: MeetupSpot; distanceKm: number }) {
  const today = spot.hours[localTime(new Date()).day];
  return `${spot.name} (${MEETUP_SPOT_KINDS[spot.kind]}, ${distanceKm} km${spot.cctv ? ', CCTV' : ''}; today ${
    today ? hoursText(today) : 'closed'
  })`;
}

/**
 * The booking modal (§2): who books, when and for how much, as text (read-only fields looked editable
 * and took seven Tabs to pass); then the buyer's phone number, focused at once, and a meeting place, both required
 * so the seller can reach them and knows where to meet. The spec's random "Booking ID" is gone: it was never sent
 * nor kept, so it named nothing.
 */
export function BookModal({
  listing,
  buyer,
  onClose,
  onBooked,
}: {
  listing: ListingRef;
  buyer: Buyer;
  onClose: () => void;
  /** The booking made (or the open one there already was): its next step is holding the card. */
  onBooked: (bookingId: string) => void;
}) {
  const booking = useCreateBooking(buyer.email);
  const toast = useToast();
  const [today] = useState(() => new Date().toLocaleDateString('en-US', { dateStyle: 'medium' }));

  const [errors, setErrors] = useState<{ phone?: string; location?: string; meetupAt?: string }>({});
  // The buyer's area: the three spots between it and the listing's are offered, or another place.
  const [area, setArea] = useState<AreaId | null>(null);
  const [choice, setChoice] = useState<string>(ANOTHER_PLACE);
  const suggestions = useMeetupSuggestions(listing._id, area);
  const offered = suggestions.data?.spots ?? [];
  const spot = offered.find((one) => one.spot._id === choice)?.spot;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const phone = String(form.get('phone') ?? '').trim();
    const location = spot ? '' : String(form.get('location') ?? '').trim();
    const when = String(form.get('meetupAt') ?? '').trim();
    const at = when ? fromDhakaTime(when) : null;
    // the rulebook the server holds the time to, so the words are the same before and after sending
    const timeProblem = spot
      ? at
        ? meetupTimeRefusal(spot, at, new Date())
        : meetupRefusals.timeNeeded
      : when
        ? at
          ? meetupTimeRefusal(null, at, new Date())
          : meetupRefusals.timeNeeded
        : null;
    const found = {
      ...(PHONE.test(phone)
        ? {}
        : { phone: phone ? 'Enter a phone number, e.g. +880 1711 000000' : 'Phone is required' }),
      ...(spot || location ? {} : { location: 'Meeting location is required' }),
      ...(timeProblem ? { meetupAt: timeProblem } : {}),
    };
    setErrors(found);
    if (found.phone || found.location || found.meetupAt) return;
    booking.mutate(
      {
        mobileId: listing._id,
        phone,
        ...(location ? { location } : {}),
        ...(area ? { area } : {}),
        ...(spot ? { meetupSpotId: spot._id } : {}),
        ...(at ? { meetupAt: at.toISOString() } : {}),
      },
      {
        onSuccess: ({ insertedId }) => {
          toast.success('Booking Confirmed');
          onBooked(insertedId);
        },
        onError: (error) => {
          // a time the spot's hours refuse (or one that has passed meanwhile) is said under the time
          const message = errorMessage(error);
          if (at) setErrors((current) => ({ ...current, meetupAt: message }));
          toast.error(message);
        },
      },
    );
  }

  return (
    <ModalDialog title={listing.title} onClose={onClose}>
      <form className={formStack} onSubmit={onSubmit} noValidate>
        <dl className={styles.facts}>
          <dt>Name</dt>
          <dd>{buyer.name}</dd>
          <dt>Email</dt>
          <dd>{buyer.email}</dd>
          <dt>Date</dt>
          <dd>{today}</dd>
          <dt>Price</dt>
          <dd>{formatMoney({ dollars: listing.resale_price })}</dd>
        </dl>
        <FormTextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's first question; its facts come before it as text
          autoFocus
        />
        <Select
          label="Your area"
          description="We suggest three safe spots between you and the seller"
          options={AREAS.map((one) => ({ id: one.id, label: one.name }))}
          selectedKey={area}
          onSelectionChange={(key) => {
            setArea(key as AreaId);
            setChoice(ANOTHER_PLACE);
          }}
        />
        {area ? (
          <RadioGroup
            label="Where to meet"
            value={choice}
            onChange={setChoice}
            description={suggestions.isPending ? 'Finding spots near you both…' : undefined}
            options={[
              ...offered.map((one) => ({ value: one.spot._id, label: spotLabel(one) })),
              { value: ANOTHER_PLACE, label: 'Another place' },
            ]}
          />
        ) : null}
        {spot ? (
          <p className={styles.note}>{spot.address}</p>
        ) : (
          <FormTextField label="Meeting location" name="location" error={errors.location} />
        )}
        <FormTextField
          label="When to meet (Dhaka time)"
          name="meetupAt"
          type="datetime-local"
          description={spot ? 'Within the spot’s opening hours' : 'Optional for another place'}
          error={errors.meetupAt}
        />
        <div className={styles.submitBar}>
          <Button type="submit" isPending={booking.isPending}>
            Book to meet the seller
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
