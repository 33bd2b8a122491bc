import luhn from 'fast-luhn';
import type { components } from './generated/schema';

type ErrorCode = components['schemas']['ErrorCode'];

// Stripe's published test cards and how Stripe test mode answers them. Shared by the server's built-in
// test-mode processor and the mocks, so both decline alike.

export type CardOutcome =
  { ok: true; brand: string } | { ok: false; code: ErrorCode; declineCode?: ErrorCode; message: string };

const DECLINED = 'Your card was declined.';

const CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true, brand: 'visa' },
  '4000056655665556': { ok: true, brand: 'visa' },
  '5555555555554444': { ok: true, brand: 'mastercard' },
  '2223003122003222': { ok: true, brand: 'mastercard' },
  '378282246310005': { ok: true, brand: 'amex' },
  '6011111111111117': { ok: true, brand: 'discover' },
  '4000000000000002': { ok: false, code: 'card_declined', declineCode: 'generic_decline', message: DECLINED },
  '4000000000009995': {
    ok: false,
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': { ok: false, code: 'card_declined', declineCode: 'lost_card', message: DECLINED },
  '4000000000009979': { ok: false, code: 'card_declined', declineCode: 'stolen_card', message: DECLINED },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': {
    ok: false,
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  '4000000000000119': {
    ok: false,
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/** The Luhn check digit test (cards, IMEIs): digits only, at least one. */
export function luhnValid(digits: string): boolean {
  return luhn(digits);
}

/** `digits` with its Luhn check digit appended: a test IMEI from a TAC and a serial, a test card number. */
export function withCheckDigit(digits: string): string {
  const sum = [...digits].reverse().reduce((total, char, index) => {
    const digit = Number(char);
    if (index % 2 === 1) return total + digit;
    const doubled = digit * 2;
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

export interface TestCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** What Stripe test mode would answer for this card, today. */
export function testCardOutcome(card: TestCard, today = new Date()): CardOutcome {
  const number = card.number.replace(/\s+/g, '');
  if (!luhnValid(number))
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  const expired =
    card.exp_year < today.getUTCFullYear() ||
    (card.exp_year === today.getUTCFullYear() && card.exp_month < today.getUTCMonth() + 1);
  if (expired)
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  return (
    CARDS[number] ?? {
      ok: false,
      code: 'card_declined',
      declineCode: 'live_mode_test_card',
      message: 'Your card was declined. Your request was in test mode, but used a non test (live) card.',
    }
  );
}
