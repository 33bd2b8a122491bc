import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { safeReturnPath } from '../../../lib/safe-return';
import { SecondStepRequired, type SecondStep } from '../identity';
import { useSentCodesShown } from '../identity-loader';
import { useAuthActions } from '../use-auth-actions';
import { useContinueWithGoogle } from '../use-continue-with-google';
import { AuthForm, EmailField, formText, PasswordField, type FieldErrors } from './AuthForm';
import { CodeStep } from './CodeStep';

export function validateLogin(email: string, password: string): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!email.trim()) errors.email = 'Email Address is required';
  if (!password) errors.password = 'Password is required';
  else if (password.length < 6) errors.password = 'Password must be 6 characters or longer';
  return errors;
}

/** Said after "Forgot password?": the same whether or not the email has an account. */
export const resetSentText = (email: string) =>
  `If an account uses ${email}, a link to reset its password is on its way.`;

/** Demo mode sends no email (the Auth emulator keeps the link): the link itself, to this app's reset page. */
export function resetSentMessage(email: string, { demoResetPath }: { demoResetPath: string | null }) {
  if (!demoResetPath) return resetSentText(email);
  return (
    <>
      {resetSentText(email)} Demo mode: no email is sent.{' '}
      <Link href={demoResetPath}>Open the reset link</Link>
    </>
  );
}

/** /login: after signing in, back to where the guard sent the user from, or to / (§2). */
export function LoginPage() {
  const { signIn, finishSecondStep, sendPasswordReset } = useAuthActions();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const returnTo = safeReturnPath(search.get('from'));
  const google = useContinueWithGoogle(() => ({ returnTo }));
  const codesShown = useSentCodesShown();
  // An account with a second step: the password was right, the code texted to its phone comes next.
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  if (secondStep) {
    return (
      <section aria-labelledby="login-title">
        <h1 id="login-title">Login: the second step</h1>
        <CodeStep
          sentTo={secondStep.phoneHint}
          send={secondStep.sendCode}
          confirm={async (code) => {
            await finishSecondStep(secondStep, code);
            navigate(returnTo, { replace: true });
          }}
          confirmLabel="Login"
          demo={codesShown}
        />
      </section>
    );
  }
  return (
    <section aria-labelledby="login-title">
      <h1 id="login-title">Login</h1>
      <AuthForm
        validate={(form) => validateLogin(formText(form, 'email'), formText(form, 'password'))}
        submit={async (form) => {
          try {
            await signIn(formText(form, 'email').trim(), formText(form, 'password'));
          } catch (error) {
            if (!(error instanceof SecondStepRequired)) throw error;
            setSecondStep(error.step);
            return;
          }
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
