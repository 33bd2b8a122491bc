import { Button } from '@recell/ui/Button';
import { formatMoney } from '@recell/ui/format';
import { useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/ModalDialog';
import { FormTextField } from '../../../components/FormField';
import { formStack } from '../../../components/styles.css';
import type { ListingRef } from '../../../lib/listing';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCreateBooking } from '../api/create-booking';

export interface Buyer {
  name: string;
  email: string;
}

/** The booking reference shown in the modal (§2): for the buyer's records only, never typed and not sent. */
const randomBookingId = () => String(Math.floor(100000 + Math.random() * 900000));

/** A number the seller can call: digits with the usual spacing, 6 to 20 characters (as listings' numbers). */
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

/**
 * The booking modal (§2): read-only name, date, email, price and reference; the buyer's phone number and a
 * meeting place are required, so the seller can reach them and knows where to meet.
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
  const [bookingId] = useState(randomBookingId);

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
        <FormTextField label="Name" name="name" value={buyer.name} isReadOnly />
        <FormTextField label="Date" name="date" value={today} isReadOnly />
        <FormTextField label="Email" name="email" value={buyer.email} isReadOnly />
        <FormTextField
          label="Price"
          name="price"
          value={formatMoney({ dollars: listing.resale_price })}
          isReadOnly
        />
        <FormTextField label="Booking ID" name="bookingId" value={bookingId} isReadOnly />
        <FormTextField label="Phone" name="phone" type="tel" autoComplete="tel" error={errors.phone} />
        <FormTextField label="Meeting location" name="location" error={errors.location} />
        <Button type="submit" isPending={booking.isPending}>
          Submit
        </Button>
      </form>
    </ModalDialog>
  );
}
