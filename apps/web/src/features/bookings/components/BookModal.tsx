import { Button } from '@recell/ui/Button';
import { formatMoney } from '@recell/ui/format';
import { useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/ModalDialog';
import { FormTextField } from '../../../components/FormField';
import { formStack } from '../../../components/styles.css';
import type { ListingRef } from '../../../lib/listing';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCreateBooking } from '../api/create-booking';
import * as styles from './Deal.css';

export interface Buyer {
  name: string;
  email: string;
}

/** A number the seller can call: digits with the usual spacing, 6 to 20 characters (as listings' numbers). */
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

/**
 * The booking modal (§2): who books, when and for how much, as text (issue 27: read-only fields looked editable
 * and took seven Tabs to pass); then the buyer's phone number, focused at once, and a meeting place, both required
 * so the seller can reach them and knows where to meet. The spec's random "Booking ID" is gone: it was never sent
 * nor kept, so it named nothing.
 */
export function BookModal({
  listing,
  buyer,
  onClose,
}: {
  listing: ListingRef;
  buyer: Buyer;
  onClose: () => void;
}) {
  const booking = useCreateBooking(buyer.email);
  const toast = useToast();
  const [today] = useState(() => new Date().toLocaleDateString('en-US', { dateStyle: 'medium' }));

  const [errors, setErrors] = useState<{ phone?: string; location?: string }>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const phone = String(form.get('phone') ?? '').trim();
    const location = String(form.get('location') ?? '').trim();
    const found = {
      ...(PHONE.test(phone)
        ? {}
        : { phone: phone ? 'Enter a phone number, e.g. +880 1711 000000' : 'Phone is required' }),
      ...(location ? {} : { location: 'Meeting location is required' }),
    };
    setErrors(found);
    if (found.phone || found.location) return;
    booking.mutate(
      { mobileId: listing._id, phone, location },
      {
        onSuccess: () => {
          toast.success('Booking Confirmed');
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
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
        <FormTextField label="Meeting location" name="location" error={errors.location} />
        <Button type="submit" isPending={booking.isPending}>
          Book to meet the seller
        </Button>
      </form>
    </ModalDialog>
  );
}
