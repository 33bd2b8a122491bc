// Where Add Product and Edit once asked for a "Phone number" (a leftover): listings show the seller's
// verified number whatever a form sends, so the forms say which number that is and where it changes, instead of
// a field that did nothing.
import type { components } from '@recell/api';
import { Link } from '@recell/ui/Link';

type PhoneStatus = components['schemas']['PhoneStatus'];

/**
 * The number buyers with a held card get, read only. `phone` is the account's (GET /me/phone); undefined while
 * it loads or when it could not be read, then the line names no number. With none verified, the server refuses
 * to list, so the line says so before the seller fills the form.
 */
export function SellerPhoneLine({ phone }: { phone: PhoneStatus | undefined }) {
  const security = <Link href="/account/security">Sign-in security</Link>;
  if (phone && !phone.phoneVerified)
    return (
      <p>
        Buyers whose card is held for a phone see your verified number, and you have not verified one yet: a
        listing needs it. Verify yours in {security}.
      </p>
    );
  return (
    <p>
      Buyers whose card is held for this phone see your verified number
      {phone?.phoneNumber ? (
        <>
          , <strong>{phone.phoneNumber}</strong>
        </>
      ) : null}
      . Change it in {security}.
    </p>
  );
}
