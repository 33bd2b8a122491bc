// Verified seller phones, as the server answers: the number comes from the confirmation's ID token
// (its phone_number claim, from a phone sign-in), never from the body alone; a number belongs to one account.
import { phoneRefusals, type PhoneRefusal } from '../../seller-phones';
import type { MockStore } from '../store';
import { fail, http, type OperationHandlers, requireUser } from '../support';
import { readClaims } from '../tokens';

const refuse = ({ status, message, code }: PhoneRefusal): never => fail(status, message, code);

export function sellerPhoneHandlers(store: MockStore) {
  const status = (userId: string) => {
    const phoneNumber = store.phones.get(userId);
    return phoneNumber ? { phoneNumber, phoneVerified: true } : { phoneVerified: false };
  };

  return {
    getMyPhone: http.get('/me/phone', ({ request, response }) =>
      response(200).json(status(requireUser(store, request)._id)),
    ),

    confirmPhone: http.put('/me/phone', async ({ request, response }) => {
      const seller = requireUser(store, request);
      const { phoneNumber, idToken } = await request.json();
      const claims = readClaims(`Bearer ${idToken}`);
      if (!claims || claims.firebase?.sign_in_provider !== 'phone' || !claims.phone_number) {
        return refuse(phoneRefusals.notConfirmed);
      }
      if (claims.email !== seller.email) fail(403, 'That confirmation is for another account');
      if (claims.phone_number !== phoneNumber) refuse(phoneRefusals.mismatch);
      const holder = [...store.phones].find(([id, held]) => held === phoneNumber && id !== seller._id);
      if (holder) refuse(phoneRefusals.taken);
      store.phones.set(seller._id, phoneNumber);
      for (const mobile of store.mobiles) {
        if (mobile.sellerId !== seller._id) continue;
        mobile.number_of_seller = phoneNumber;
        mobile.sellerPhoneVerified = true;
      }
      return response(200).json(status(seller._id));
    }),
  } satisfies OperationHandlers;
}
