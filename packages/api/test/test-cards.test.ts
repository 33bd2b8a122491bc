import { describe, expect, it } from 'vitest';
import { luhnValid, testCardOutcome } from '../src/test-cards';

const card = (number: string, exp_year = 2099, exp_month = 12) => ({
  number,
  exp_month,
  exp_year,
  cvc: '123',
});

describe('test-mode cards', () => {
  it('answers as Stripe test mode does', () => {
    expect(testCardOutcome(card('4242 4242 4242 4242'))).toEqual({ ok: true, brand: 'visa' });
    expect(testCardOutcome(card('4000000000000002'))).toMatchObject({
      ok: false,
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(testCardOutcome(card('4000000000009995'))).toMatchObject({
      ok: false,
      declineCode: 'insufficient_funds',
    });
    expect(testCardOutcome(card('4242424242424241'))).toMatchObject({ ok: false, code: 'incorrect_number' });
    expect(testCardOutcome(card('4111111111111111'))).toMatchObject({
      ok: false,
      declineCode: 'live_mode_test_card',
    });
  });

  it('refuses an expired card', () => {
    const today = new Date('2026-11-22T00:00:00Z');
    expect(testCardOutcome(card('4242424242424242', 2026, 10), today)).toMatchObject({
      ok: false,
      code: 'invalid_expiry_year',
    });
    expect(testCardOutcome(card('4242424242424242', 2026, 11), today)).toMatchObject({ ok: true });
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('490154203237518')).toBe(true);
    expect(luhnValid('490154203237519')).toBe(false);
  });
});
