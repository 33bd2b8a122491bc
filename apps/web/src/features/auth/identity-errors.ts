// The identity service's failures in readable words (spec §8 lists the codes seen), shown in red under the form.
import { IdentityError } from './identity';

const messages: Record<string, string> = {
  'internal-error': 'The sign-in service had a problem. Please try again.',
  'popup-blocked': 'The sign-in window was blocked by the browser. Allow pop-ups and try again.',
  'popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'cancelled-popup-request': 'Another sign-in window was opened, so this one was cancelled.',
  'web-storage-unsupported':
    'This browser does not allow the storage sign-in needs. Enable cookies and storage.',
  'network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'unauthorized-domain': 'Sign-in is not allowed from this web address.',
  'invalid-api-key': 'The sign-in service is not set up correctly (invalid API key).',
  'argument-error': 'Sign-in was called incorrectly. Please try again.',
  'auth-domain-config-required': 'The sign-in service is not set up correctly (missing auth domain).',
  'invalid-auth-event': 'Sign-in received an unexpected answer. Please try again.',
  'no-auth-event': 'Sign-in received no answer. Please try again.',
  // Continue with Google's others
  'account-exists-with-different-credential':
    'This email already has a ReCell account. Log in with its password; Google then signs in to the same account.',
  'operation-not-allowed': 'Signing in with Google is not switched on for this site.',
  'google-unreachable':
    "Could not reach Google's sign-in: it needs an internet connection. Check yours, or log in with your email and password.",
  'user-cancelled': 'Signing in with Google was cancelled.',
  'redirect-cancelled-by-user': 'Signing in with Google was cancelled.',
  'popup-redirect-operation-not-supported':
    'This browser cannot open the Google sign-in. Try another browser.',
  'operation-not-supported-in-this-environment':
    'This browser cannot open the Google sign-in. Try another browser.',
  // the everyday ones
  'invalid-credential': 'The email or password is incorrect.',
  'wrong-password': 'The email or password is incorrect.',
  'user-not-found': 'The email or password is incorrect.',
  'invalid-email': 'That email address is not valid.',
  'email-already-in-use': 'An account with this email already exists. Log in instead.',
  'weak-password': 'That password is too weak: use at least 6 characters.',
  'too-many-requests': 'Too many tries. Please wait a few minutes, then send a new code or try again.',
  'user-disabled': 'This account has been disabled.',
  // the second step (a code texted to the phone)
  'invalid-verification-code':
    'That code is not right. Check the text message and type the six digits again.',
  'code-expired': 'That code has expired. Send a new code and type the one in the new message.',
  'missing-code': 'Type the six-digit code from the text message.',
  'invalid-verification-id': 'That code is no longer valid. Send a new code.',
  'missing-verification-id': 'Send a code to your phone first.',
  'invalid-phone-number':
    'That phone number is not valid. Type it with its country code, like +8801712345678.',
  'second-factor-already-in-use': 'That phone is already your second step.',
  // verifying a seller's phone
  'credential-already-in-use': 'This phone number is already verified on another ReCell account.',
  'provider-already-linked': 'A phone number is already verified on this account.',
  'unverified-email': 'Verify your email address before turning on the second step.',
  'requires-recent-login': 'Please sign in again first: this change needs a recent sign-in.',
  'unsupported-first-factor': 'This way of signing in cannot have a second step.',
  'quota-exceeded': 'Too many codes were sent. Please wait a few minutes, then try again.',
  'no-current-user': 'Please sign in again.',
  // a password reset link
  'invalid-action-code':
    'This reset link is not valid or was already used. Ask for a new one: Login, then Forgot password.',
  'expired-action-code': 'This reset link has expired. Ask for a new one: Login, then Forgot password.',
};

export function identityErrorMessage(error: unknown): string {
  if (error instanceof IdentityError) {
    const code = error.code.replace(/^auth\//, '');
    return messages[code] ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
