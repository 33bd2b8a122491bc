import { ApiError, HANDOVER_ATTEMPTS, type Booking } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { formatMoney } from '@recell/ui/format';
import { useState, type FormEvent } from 'react';
import { FormTextField } from '../../../components/FormField';
import { ModalDialog } from '../../../components/ModalDialog';
import { formStack } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCompleteHandover } from '../api/complete-handover';
import * as styles from './MyProductPage.css';

const LOCKED = `The handover is locked after ${HANDOVER_ATTEMPTS} wrong codes. No code is accepted now: decline the deal, or the hold ends when it expires.`;

/**
 * The seller types the 6 digits the buyer shows at the meetup. A wrong code says how many tries are left, under
 * the field; after the fifth the handover is locked and the dialog says so instead of asking again.
 */
export function HandoverDialog({
  booking,
  onClose,
  onCompleted = onClose,
}: {
  booking: Booking;
  onClose: () => void;
  /** The deal completed: its row's buttons are gone (the board moves focus on). */
  onCompleted?: () => void;
}) {
  const [error, setError] = useState<string>();
  const [locked, setLocked] = useState(Boolean(booking.handoverLocked));
  const handover = useCompleteHandover();
  const toast = useToast();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code') ?? '').replace(/\s/g, '');
    if (!/^[0-9]{6}$/.test(code)) {
      setError('Enter the 6 digits the buyer shows you.');
      return;
    }
    handover.mutate(
      { id: booking._id, code },
      {
        onSuccess: () => {
          toast.success(
            `Deal complete: ${formatMoney({ dollars: booking.price })} for ${booking.MobileName} is yours`,
          );
          onCompleted();
        },
        onError: (failure) => {
          const body = failure instanceof ApiError ? failure.body : undefined;
          const left = body?.details?.attemptsLeft;
          if (body?.code === 'handover_locked' || (body?.code === 'wrong_code' && left === 0)) {
            setLocked(true);
          } else if (body?.code === 'wrong_code') {
            // the rulebook's sentence, as the server (or the mocks) worded it: "That code is not right: 4 tries left"
            setError(body.message);
          } else {
            // ended meanwhile (expired, cancelled by the buyer) or the network: say it, the board refreshes
            toast.error(errorMessage(failure));
            onClose();
          }
        },
      },
    );
  }

  return (
    <ModalDialog title={`Handover of ${booking.MobileName}`} onClose={onClose}>
      {locked ? (
        <>
          <p role="alert">{LOCKED}</p>
          <div className={styles.actions}>
            <Button onPress={onClose}>Done</Button>
          </div>
        </>
      ) : (
        <form className={formStack} onSubmit={onSubmit} noValidate>
          <p>
            {booking.buyer} checks the phone on their own screen (its IMEI on *#06#), then shows their
            handover code. Entering it completes the deal and releases{' '}
            {formatMoney({ dollars: booking.price })} to you.
          </p>
          <FormTextField
            label="Handover code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            description="6 digits, shown on the buyer's My Orders"
            error={error}
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={handover.isPending} pendingLabel="Checking the code">
              Complete the deal
            </Button>
            <Button variant="secondary" onPress={onClose}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
