// Verified seller phones. The browser has Firebase text a code and links the confirmed number to the
// person's Firebase account; the server then takes the ID token Firebase issued for that confirmation and reads
// the number from its `phone_number` claim, never from the browser's word. Chosen over checking the code here
// through the Identity Toolkit REST API because that API's sendVerificationCode needs the browser's reCAPTCHA
// token in a real project (the code must be asked for by the browser anyway) and its signInWithPhoneNumber
// would make the server hold the person's session; the claim is signed by Google (held to the emulator's record
// on the embedded default: auth/emulator-sign-ins.ts).
import { PHONE_CONFIRMATION_SECONDS, phoneRefusals, type components, type PhoneRefusal } from '@recell/api';
import { toE164 } from '@recell/api/phone-numbers';
import type { Identity } from '../../auth/identity';
import type { CurrentUser } from '../../auth/policy';
import { isConstraintViolation } from '../../db/database';
import { forbidden, HttpError } from '../../http/errors';
import type { SellerPhonesRepository } from './repository';

type PhoneStatus = components['schemas']['PhoneStatus'];
type PhoneConfirmation = components['schemas']['PhoneConfirmation'];

function refuse({ status, message, code }: PhoneRefusal): never {
  throw new HttpError(status, message, code ? { code } : {});
}

export function sellerPhonesService(deps: {
  phones: SellerPhonesRepository;
  identity: Pick<Identity, 'verifyIdToken'>;
  clock: { now(): Date };
}) {
  const { phones } = deps;

  async function status(user: CurrentUser): Promise<PhoneStatus> {
    const row = await phones.find(user.id);
    return row?.phone_e164 ? { phoneNumber: row.phone_e164, phoneVerified: true } : { phoneVerified: false };
  }

  return {
    getMyPhone: status,

    async confirmPhone(user: CurrentUser, body: PhoneConfirmation): Promise<PhoneStatus> {
      const typed = toE164(body.phoneNumber);
      if (!typed) refuse(phoneRefusals.invalid);
      const claims = await deps.identity.verifyIdToken(body.idToken);
      if (!claims || !user.firebase_uid) refuse(phoneRefusals.notConfirmed);
      // Another person's confirmation proves nothing about this account.
      if (claims.uid !== user.firebase_uid) forbidden('That confirmation is for another account');
      if (claims.signInProvider !== 'phone' || !claims.phoneNumber) refuse(phoneRefusals.notConfirmed);
      const age = deps.clock.now().getTime() / 1000 - claims.authTime;
      if (age > PHONE_CONFIRMATION_SECONDS) refuse(phoneRefusals.expired);
      if (claims.phoneNumber !== typed) refuse(phoneRefusals.mismatch);
      try {
        await phones.verify(user.id, typed, deps.clock.now().toISOString());
      } catch (error) {
        if (isConstraintViolation(error)) refuse(phoneRefusals.taken);
        throw error;
      }
      return { phoneNumber: typed, phoneVerified: true };
    },

    /** Adding or editing a listing: the seller's verified number; without one they are asked to verify (403). */
    async requireVerified(user: CurrentUser): Promise<string> {
      return (await phones.find(user.id))?.phone_e164 ?? refuse(phoneRefusals.verificationRequired);
    },
  };
}

export type SellerPhonesService = ReturnType<typeof sellerPhonesService>;
