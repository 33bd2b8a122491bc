import { Link, useLocation, useSearchParams } from 'wouter';
import { safeReturnPath } from '../../../lib/safe-return';
import { useAuthActions } from '../use-auth-actions';
import { useContinueWithGoogle } from '../use-continue-with-google';
import { AuthForm, EmailField, formText, PasswordField, type FieldErrors } from './AuthForm';

export function validateLogin(email: string, password: string): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!email.trim()) errors.email = 'Email Address is required';
  if (!password) errors.password = 'Password is required';
  else if (password.length < 6) errors.password = 'Password must be 6 characters or longer';
  return errors;
}

/** Said after "Forgot password?": the same whether or not the email has an account. */
export function resetSentMessage(email: string, { emulatorInbox }: { emulatorInbox: string | null }) {
  const sent = `If an account uses ${email}, a link to reset its password is on its way.`;
  // demo mode: the Auth emulator sends no email, it keeps the link
  return emulatorInbox ? `${sent} Demo mode: no email is sent; the link is listed at ${emulatorInbox}` : sent;
}

/** /login: after signing in, back to where the guard sent the user from, or to / (§2). */
export function LoginPage() {
  const { signIn, sendPasswordReset } = useAuthActions();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const returnTo = safeReturnPath(search.get('from'));
  const google = useContinueWithGoogle(() => ({ returnTo }));
  return (
    <section aria-labelledby="login-title">
      <h1 id="login-title">Login</h1>
      <AuthForm
        validate={(form) => validateLogin(formText(form, 'email'), formText(form, 'password'))}
        submit={async (form) => {
          await signIn(formText(form, 'email').trim(), formText(form, 'password'));
          navigate(returnTo, { replace: true });
        }}
        submitLabel="Login"
        pendingLabel="Logging in…"
        google={google}
        forgotPassword={async (email) => resetSentMessage(email, await sendPasswordReset(email))}
      >
        {(errors) => (
          <>
            <EmailField error={errors.email} />
            <PasswordField error={errors.password} autoComplete="current-password" />
          </>
        )}
      </AuthForm>
      <p>
        New to ReCell? <Link href="/register">Create an account</Link>
      </p>
    </section>
  );
}
