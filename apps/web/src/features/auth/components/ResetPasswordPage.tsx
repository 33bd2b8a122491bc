import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { FormAlert } from '../../../components/FormAlert';
import { FormTextField } from '../../../components/FormField';
import { identityErrorMessage } from '../identity-errors';
import { useAuthActions } from '../use-auth-actions';
import { AuthForm, formText, type FieldErrors } from './AuthForm';

export const MISSING_CODE =
  'This reset link is not complete. Ask for a new one: Login, then Forgot password.';

export function validateNewPassword(password: string): FieldErrors<'password'> {
  if (!password) return { password: 'Password is required' };
  if (password.length < 6) return { password: 'Password must be 6 characters or longer' };
  return {};
}

/**
 * /reset?oobCode=...: the app's own page for a reset link, where demo mode's link leads and where a
 * production project's action URL can point: whose password it resets, a new one, then Login. An expired, used
 * or made-up code says so and how to get a new one.
 */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const code = search.get('oobCode') ?? '';
  const { checkPasswordResetCode, resetPassword } = useAuthActions();
  const [changed, setChanged] = useState(false);
  const account = useQuery({
    queryKey: ['password-reset', code],
    queryFn: () => checkPasswordResetCode(code),
    enabled: code !== '' && !changed,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  return (
    <section aria-labelledby="reset-title">
      <h1 id="reset-title">Reset your password</h1>
      {changed ? (
        <p role="status">
          Your password is changed. <Link href="/login">Log in</Link> with your new password.
        </p>
      ) : !code || account.isError ? (
        <>
          <FormAlert message={code ? identityErrorMessage(account.error) : MISSING_CODE} />
          <p>
            <Link href="/login">Back to Login</Link>
          </p>
        </>
      ) : account.data === undefined ? (
        <p role="status">Checking your reset link…</p>
      ) : (
        <>
          <p>Choose a new password for {account.data}.</p>
          <AuthForm
            validate={(form) => validateNewPassword(formText(form, 'password'))}
            submit={async (form) => {
              await resetPassword(code, formText(form, 'password'));
              setChanged(true);
            }}
            submitLabel="Set the new password"
            pendingLabel="Setting the new password…"
          >
            {(errors) => (
              <FormTextField
                label="New password"
                name="password"
                type="password"
                autoComplete="new-password"
                error={errors.password}
              />
            )}
          </AuthForm>
        </>
      )}
    </section>
  );
}
