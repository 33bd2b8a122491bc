import { HANDOVER_ATTEMPTS, type Booking } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { formatMoney } from '@recell/ui/format';
import { TextField } from '@recell/ui/TextField';
import { useState } from 'react';
import { Link } from 'wouter';
import { Confirm } from '../../../components/Confirm';
import { ModalDialog } from '../../../components/ModalDialog';
import { timeLeft } from '../../../lib/deal-time';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCancelBooking } from '../api/cancel-booking';
import { useReportNotAsDescribed } from '../api/report-not-as-described';
import { BuyerCheckStep } from './BuyerCheckStep';
import * as styles from './Deal.css';
import { HandoverCode } from './HandoverCode';
import { MeetupChecklist } from './MeetupChecklist';
import { MeetupSummary } from './MeetupSummary';

type Step = 'details' | 'cancel' | 'not-as-described';

/**
 * A held deal: the buyer's check of the phone, then the handover code (large, and as a QR) the buyer
 * gives the seller once satisfied, the time left, the meeting place and the checklist; or walking away (Cancel,
 * Not as described), each asked first.
 */
export function HeldDeal({ booking: opened, onClose }: { booking: Booking; onClose: () => void }) {
  const [step, setStep] = useState<Step>('details');
  // the booking as the buyer's check last answered it (their code shows once it is done or skipped)
  const [booking, setBooking] = useState(opened);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const cancel = useCancelBooking();
  const report = useReportNotAsDescribed();
  const toast = useToast();
  const done = (message: string) => ({
    onSuccess: () => {
      toast.success(message);
      onClose();
    },
    onError: (error: unknown) => toast.error(errorMessage(error)),
  });

  if (step === 'cancel') {
    return (
      <Confirm
        title={`Walk away from ${booking.MobileName}?`}
        action="Cancel the deal"
        keep="Keep the deal"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(booking._id, done('Deal cancelled: the hold on your card is released'))
        }
        onClose={() => setStep('details')}
      >
        <p>The hold on your card is released and the phone goes back on sale.</p>
      </Confirm>
    );
  }
  if (step === 'not-as-described') {
    return (
      <Confirm
        title={`${booking.MobileName} is not as described?`}
        action="Walk away and report"
        keep="Go back"
        pending={report.isPending}
        onConfirm={() => {
          if (reason.trim().length < 3) {
            setReasonError('Say what did not match (at least 3 characters).');
            return;
          }
          report.mutate(
            { id: booking._id, reason: reason.trim() },
            done('Deal cancelled and reported: the hold on your card is released'),
          );
        }}
        onClose={() => setStep('details')}
      >
        <p>The hold on your card is released, and the listing is reported to our moderators.</p>
        <TextField
          label="What did not match?"
          value={reason}
          onChange={(value) => {
            setReason(value);
            setReasonError(undefined);
          }}
          isRequired
          maxLength={500}
          isInvalid={Boolean(reasonError)}
          errorMessage={reasonError}
          validationBehavior="aria"
          multiline
        />
      </Confirm>
    );
  }

  const code = booking.handoverCode;
  return (
    <ModalDialog title={`Your deal for ${booking.MobileName}`} onClose={onClose}>
      <p>
        Your payment of <strong>{formatMoney({ dollars: booking.price })}</strong> is held. The seller gets it
        only when you give this code at the meetup.
      </p>
      {booking.handoverLocked ? (
        <p role="note">
          The handover is locked: {HANDOVER_ATTEMPTS} wrong codes were entered. The code no longer works; you
          can walk away, or the hold ends on its own when it expires.
        </p>
      ) : code ? (
        <>
          {booking.buyerCheck?.state === 'skipped' ? (
            <p className={styles.note}>
              You skipped the check: this deal does not count as a verified handover.
            </p>
          ) : booking.buyerCheck?.state === 'checked' ? (
            <p className={styles.note}>You checked the phone: this deal counts as a verified handover.</p>
          ) : null}
          <HandoverCode code={code} />
        </>
      ) : (
        <BuyerCheckStep booking={booking} onChange={setBooking} onWalkAway={() => setStep('cancel')} />
      )}
      <p>
        Meet at <strong>{booking.location || 'the place you agree with the seller'}</strong>.{' '}
        {timeLeft(booking.holdExpiresAt)} before the hold ends.
      </p>
      {booking.meetup ? <MeetupSummary bookingId={booking._id} meetup={booking.meetup} /> : null}
      <MeetupChecklist />
      <p className={styles.note}>
        Only give the code once you are satisfied.{' '}
        <Link href={`/mobile/${booking.mobileId}`}>See the listing</Link>
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => setStep('cancel')}>
          Cancel
        </Button>
        <Button variant="secondary" onPress={() => setStep('not-as-described')}>
          Not as described
        </Button>
        <Button onPress={onClose}>Done</Button>
      </div>
    </ModalDialog>
  );
}
