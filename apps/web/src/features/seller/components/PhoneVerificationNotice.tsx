// A seller without a verified phone number may not add or edit a listing: the server answers 403
// phone_verification_required, and the form says where to verify it instead of a bare toast.
import { ApiError } from '@recell/api';
import { Link } from '@recell/ui/Link';

export const needsPhoneVerification = (error: unknown) =>
  error instanceof ApiError && error.code === 'phone_verification_required';

export function PhoneVerificationNotice({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <p role="alert">
      Verify your phone number first: listings show only a verified number.{' '}
      <Link href="/account/security">Verify your phone</Link>
    </p>
  );
}
