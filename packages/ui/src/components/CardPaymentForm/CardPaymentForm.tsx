import { Lock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import { requiredOr } from '../Field/Field';
import { Form } from '../Form/Form';
import { TextField } from '../TextField/TextField';
import { digitsOnly, formatCardNumber, formatExpiry, isExpired, luhnValid, parseExpiry } from './card';
import * as styles from './CardPaymentForm.css';

export interface CardDetails {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  name: string;
}

/**
 * The outward props of every card form in the app. The web app's Stripe Elements form takes the same
 * props, so pages can swap one for the other (test-mode processor offline, Stripe when keys are set).
 */
export interface CardPaymentFormProps {
  /** The button's words, with the amount: "Pay $140". */
  amountLabel: string;
  /** Called with checked details; the page creates/confirms the payment and sets `pending`/`error`. */
  onSubmit: (details: CardDetails) => void;
  /** While the processor works: the button shows progress and ignores presses. */
  pending?: boolean;
  disabled?: boolean;
  /** The processor's answer when it refused ("Your card was declined."), announced as an alert. */
  error?: ReactNode;
  /** For tests and clocks that are not now: decides which expiry dates are past. */
  now?: Date;
  /** "Name on card" to start with (the account's name); the payer may change it. */
  defaultName?: string;
  /** Any field changed: the page clears a refusal that was about the card as it was. */
  onEdit?: () => void;
}

function expiryError(value: string, now: Date): string | null {
  const expiry = parseExpiry(value);
  if (!expiry) return 'Enter the expiry date as MM / YY';
  return isExpired(expiry, now) ? "Your card's expiration date is in the past." : null;
}

export function CardPaymentForm({
  amountLabel,
  onSubmit,
  pending = false,
  disabled = false,
  error,
  now = new Date(),
  defaultName = '',
  onEdit,
}: CardPaymentFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState(defaultName);
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      onEdit?.();
    };

  return (
    <Form
      aria-label="Card payment"
      formError={error}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseExpiry(expiry);
        if (!parsed || pending || disabled) return;
        onSubmit({
          number: digitsOnly(number),
          expMonth: parsed.month,
          expYear: parsed.year,
          cvc,
          name: name.trim(),
        });
      }}
    >
      <TextField
        label="Name on card"
        name="cc-name"
        autoComplete="cc-name"
        isRequired
        isDisabled={disabled}
        value={name}
        onChange={edited(setName)}
        errorMessage="Enter the name on the card"
      />
      <TextField
        label="Card number"
        name="cc-number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        isRequired
        isDisabled={disabled}
        value={number}
        onChange={edited((value: string) => setNumber(formatCardNumber(value)))}
        validate={(value) => (value && !luhnValid(value) ? 'Your card number is invalid.' : null)}
        errorMessage={requiredOr('Enter your card number')}
        className={styles.numeric}
      />
      <div className={styles.row}>
        <TextField
          label="Expiry (MM / YY)"
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM / YY"
          isRequired
          isDisabled={disabled}
          value={expiry}
          onChange={edited((value: string) => setExpiry(formatExpiry(value)))}
          validate={(value) => (value ? expiryError(value, now) : null)}
          errorMessage={requiredOr('Enter the expiry date')}
        />
        <TextField
          label="CVC"
          name="cc-csc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          isRequired
          isDisabled={disabled}
          value={cvc}
          onChange={edited((value: string) => setCvc(digitsOnly(value).slice(0, 4)))}
          validate={(value) =>
            value && value.length < 3 ? "Your card's security code is incomplete." : null
          }
          errorMessage={requiredOr('Enter the CVC')}
        />
      </div>
      <Button type="submit" isPending={pending} isDisabled={disabled} pendingLabel="Paying">
        {amountLabel}
      </Button>
      <p className={styles.note}>
        <Lock aria-hidden size={14} /> Test mode: use 4242 4242 4242 4242 with any future date and CVC.
      </p>
    </Form>
  );
}
