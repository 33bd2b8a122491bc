// Verified seller phones: what the server, the mocks and the web say about a seller's number, in one
// place. Parsing numbers is in phone-numbers.ts (its own entry: libphonenumber's metadata stays out of the web).
import type { components } from './generated/schema';

type ErrorCode = NonNullable<components['schemas']['Error']['code']>;

export interface PhoneRefusal {
  status: 400 | 403 | 409;
  message: string;
  code?: ErrorCode;
}

export const phoneRefusals = {
  verificationRequired: {
    status: 403,
    message: 'Verify your phone number before adding or editing a listing',
    code: 'phone_verification_required',
  },
  taken: {
    status: 409,
    message: 'This phone number is already verified on another ReCell account',
    code: 'phone_taken',
  },
  notConfirmed: {
    status: 400,
    message: 'Confirm the number with the code we texted it first',
    code: 'phone_not_confirmed',
  },
  mismatch: {
    status: 400,
    message: 'The code confirmed a different number: send a code to this one',
    code: 'phone_mismatch',
  },
  expired: {
    status: 400,
    message: 'That confirmation is too old: send a new code',
    code: 'code_expired',
  },
  invalid: {
    status: 400,
    message: 'That is not a phone number we can text: check the country code and the digits',
  },
} as const satisfies Record<string, PhoneRefusal>;

/**
 * How old the confirmation a seller sends may be: the ID token Firebase issued when the code confirmed the number
 * (its auth_time). Older, the server answers 400 `code_expired` and the web asks for a new code.
 */
export const PHONE_CONFIRMATION_SECONDS = 10 * 60;
