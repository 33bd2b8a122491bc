import { Button } from '@recell/ui/Button';
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/Field';
import { formStack } from '../../../components/styles.css';
import type { ListingRef } from '../../../lib/listing';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCreateBooking } from '../api/create-booking';

export interface Buyer {
  name: string;
  email: string;
}

/** The booking reference shown in the modal; editable, and (as in the earlier version) not sent. */
const randomBookingId = () => String(Math.floor(100000 + Math.random() * 900000));

/** The booking modal (§2): read-only name, date, email and price; phone and meeting place are free text. */
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const phone = String(form.get('phone') ?? '').trim();
    const location = String(form.get('location') ?? '').trim();
    booking.mutate(
      { mobileId: listing._id, ...(phone ? { phone } : {}), ...(location ? { location } : {}) },
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
    <Modal title={listing.title} onClose={onClose}>
      <form className={formStack} onSubmit={onSubmit}>
        <TextField label="Name" name="name" value={buyer.name} isReadOnly />
        <TextField label="Date" name="date" value={today} isReadOnly />
        <TextField label="Email" name="email" value={buyer.email} isReadOnly />
        <TextField label="Price" name="price" value={`$${listing.resale_price}`} isReadOnly />
        <TextField label="Booking ID" name="bookingId" defaultValue={bookingId} />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" />
        <TextField label="Meeting location" name="location" />
        <Button type="submit" isPending={booking.isPending}>
          Submit
        </Button>
      </form>
    </Modal>
  );
}
