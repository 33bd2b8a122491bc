import {
  ApiError,
  IMEI_CHECK_LOCKED_TEXT,
  imeiNotMatchedText,
  type Booking,
  type BuyerCheck,
} from '@recell/api';
import { Button } from '@recell/ui/Button';
import { Checkbox } from '@recell/ui/Checkbox';
import { useState, type FormEvent } from 'react';
import { FormTextField } from '../../../components/FormField';
import { formStack } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCheckHandoverImei } from '../api/check-handover-imei';
import { useRecordHandoverChecks } from '../api/record-handover-checks';
import { useSkipHandoverCheck } from '../api/skip-handover-check';
import * as styles from './Deal.css';

const NOT_STARTED: BuyerCheck = {
  state: 'not_started',
  imeiListed: true,
  imeiAttemptsLeft: 5,
  conditionMatched: false,
  signedOut: false,
};

/**
 * The buyer's own check at the meetup, before their handover code shows: the IMEI the phone shows on
 * *#06# (matched or not, with the tries left; locked after the last, when the only way is to walk away), then
 * what they saw (two boxes); or "Skip the check", which shows the code at once but makes no verified handover.
 * `onChange` gets the booking as the server now tells it.
 */
export function BuyerCheckStep({
  booking,
  onChange,
  onWalkAway,
}: {
  booking: Booking;
  onChange: (booking: Booking) => void;
  onWalkAway: () => void;
}) {
  const check = booking.buyerCheck ?? NOT_STARTED;
  const [imeiError, setImeiError] = useState<string>();
  const [condition, setCondition] = useState(check.conditionMatched);
  const [signedOut, setSignedOut] = useState(check.signedOut);
  const [boxesError, setBoxesError] = useState<string>();
  const checkImei = useCheckHandoverImei();
  const recordChecks = useRecordHandoverChecks();
  const skip = useSkipHandoverCheck();
  const toast = useToast();

  /** A refusal that says the check changed meanwhile (locked, skipped, done): shown as the server says it. */
  const refused = (failure: unknown) => {
    const body = failure instanceof ApiError ? failure.body : undefined;
    if (body?.code === 'imei_check_locked') {
      onChange({ ...booking, buyerCheck: { ...check, state: 'locked', imeiAttemptsLeft: 0 } });
    } else toast.error(errorMessage(failure));
  };

  function onImei(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const imei = String(new FormData(event.currentTarget).get('imei') ?? '').replace(/\s/g, '');
    if (!/^[0-9]{15}$/.test(imei)) {
      setImeiError('Type the 15 digits the phone shows when you dial *#06#.');
      return;
    }
    checkImei.mutate(
      { id: booking._id, imei },
      {
        onSuccess: (answer) => {
          setImeiError(answer.matched ? undefined : imeiNotMatchedText(answer.attemptsLeft));
          onChange({ ...booking, buyerCheck: answer.buyerCheck });
        },
        onError: (failure) => {
          const body = failure instanceof ApiError ? failure.body : undefined;
          // a wrong check digit: the contract's 400, worded for a person
          if (failure instanceof ApiError && failure.status === 400) {
            setImeiError('That is not an IMEI: check the 15 digits again (the last one is a check digit).');
          } else if (body?.code === 'imei_check_locked') refused(failure);
          else toast.error(errorMessage(failure));
        },
      },
    );
  }

  function onBoxes(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!condition || !signedOut) {
      setBoxesError(
        'Tick both once you have seen them. If either is not right, walk away: nothing is charged to your card.',
      );
      return;
    }
    recordChecks.mutate(booking._id, { onSuccess: onChange, onError: refused });
  }

  const skipLink = (
    <p className={styles.note}>
      <Button
        variant="ghost"
        size="sm"
        isPending={skip.isPending}
        pendingLabel="Showing your code"
        onPress={() => skip.mutate(booking._id, { onSuccess: onChange, onError: refused })}
      >
        Skip the check
      </Button>{' '}
      Your code shows at once, and the deal does not count as a verified handover.
    </p>
  );

  if (check.state === 'locked') {
    return (
      <section aria-labelledby="buyer-check-heading" className={formStack}>
        <h3 id="buyer-check-heading">Check the phone</h3>
        <p role="alert">{IMEI_CHECK_LOCKED_TEXT}</p>
        <div className={styles.actions}>
          <Button variant="danger" onPress={onWalkAway}>
            Walk away from the deal
          </Button>
        </div>
      </section>
    );
  }

  const imeiStep = check.imeiListed && check.state !== 'matched';
  if (imeiStep) {
    const error =
      imeiError ?? (check.state === 'not_matched' ? imeiNotMatchedText(check.imeiAttemptsLeft) : undefined);
    return (
      <section aria-labelledby="buyer-check-heading" className={formStack}>
        <h3 id="buyer-check-heading">Check the phone</h3>
        <p>
          Before you give your code, dial *#06# on the phone the seller brought and type the 15 digits it
          shows. We tell you whether it is the phone you booked.
        </p>
        <form className={formStack} onSubmit={onImei} noValidate>
          <FormTextField
            label="IMEI shown on the phone"
            name="imei"
            inputMode="numeric"
            autoComplete="off"
            description={`15 digits; ${check.imeiAttemptsLeft} ${check.imeiAttemptsLeft === 1 ? 'try' : 'tries'} left`}
            error={error}
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={checkImei.isPending} pendingLabel="Checking the IMEI">
              Check the IMEI
            </Button>
          </div>
        </form>
        {skipLink}
      </section>
    );
  }

  return (
    <section aria-labelledby="buyer-check-heading" className={formStack}>
      <h3 id="buyer-check-heading">Check the phone</h3>
      {check.state === 'matched' ? (
        <p role="status">IMEI matched: this is the phone you booked.</p>
      ) : (
        <p>This listing gave no IMEI to check. Look the phone over before you give your code.</p>
      )}
      <form className={formStack} onSubmit={onBoxes} noValidate>
        <fieldset className={formStack}>
          <legend>What you saw</legend>
          <Checkbox
            isSelected={condition}
            onChange={(value) => {
              setCondition(value);
              setBoxesError(undefined);
            }}
          >
            The condition matches the listing: screen, body, buttons, camera and charging
          </Checkbox>
          <Checkbox
            isSelected={signedOut}
            onChange={(value) => {
              setSignedOut(value);
              setBoxesError(undefined);
            }}
          >
            The phone is signed out of its cloud account (Apple ID or Google account)
          </Checkbox>
        </fieldset>
        {boxesError ? <p role="alert">{boxesError}</p> : null}
        <div className={styles.actions}>
          <Button type="submit" isPending={recordChecks.isPending} pendingLabel="Saving your check">
            Show my handover code
          </Button>
        </div>
      </form>
      {skipLink}
    </section>
  );
}
