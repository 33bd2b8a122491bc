// What the login and sign-up forms share: field errors from a validator, the identity service's failure in
// red under the form (§8), a submit button that waits, and Continue with Google, whose failures (a blocked or
// closed popup) land in the same place and leave the form as it was.
import { Button } from '@recell/ui/Button';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormTextField } from '../../../components/FormField';
import { FormAlert } from '../../../components/FormAlert';
import { formStack } from '../../../components/styles.css';
import { identityErrorMessage } from '../identity-errors';
import type { GoogleSignInForm } from '../use-continue-with-google';

type Pending = 'form' | 'google' | 'reset' | null;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

interface AuthFormProps<K extends string> {
  validate: (form: FormData) => FieldErrors<K>;
  submit: (form: FormData) => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
  children: (errors: FieldErrors<K>) => ReactNode;
  google?: GoogleSignInForm;
  /** Forgot password: sends the reset link to the email typed above; resolves with what to tell the person. */
  forgotPassword?: (email: string) => Promise<ReactNode>;
}

export function AuthForm<K extends string>({
  validate,
  submit,
  submitLabel,
  pendingLabel,
  children,
  google,
  forgotPassword,
}: AuthFormProps<K>) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // A redirect from Google coming back to this page is being finished from the first frame.
  const [pending, setPending] = useState<Pending>(() => (google?.returning() ? 'google' : null));
  const [notice, setNotice] = useState<ReactNode>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function failed(error: unknown) {
    setFailure(identityErrorMessage(error));
    setPending(null);
  }

  async function attempt(which: Exclude<Pending, null>, work: () => Promise<void>) {
    setFailure(null);
    setNotice(null);
    setPending(which);
    try {
      await work();
    } catch (error) {
      failed(error);
    }
  }

  // Once per page load (a ref, as React may run an effect twice): finish that redirect, or show its failure.
  const finishRedirect = google?.finishRedirect;
  const finished = useRef(false);
  useEffect(() => {
    if (finished.current || !finishRedirect) return;
    finished.current = true;
    // settled: signed in and gone, or back to a usable form (a return without a result: they came back)
    finishRedirect()?.then(() => setPending(null), failed);
  }, [finishRedirect]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const found = validate(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    await attempt('form', () => submit(form));
  }

  return (
    <form ref={formRef} className={formStack} onSubmit={onSubmit} noValidate>
      {children(errors)}
      <Button
        type="submit"
        isPending={pending === 'form'}
        isDisabled={pending === 'google'}
        pendingLabel={pendingLabel}
      >
        {submitLabel}
      </Button>
      {google && (
        <Button
          variant="secondary"
          isPending={pending === 'google'}
          isDisabled={pending === 'form'}
          pendingLabel="Signing in with Google…"
          onPress={() => void attempt('google', () => google.start(new FormData(formRef.current!)))}
        >
          Continue with Google
        </Button>
      )}
      {forgotPassword && (
        <Button
          variant="ghost"
          isPending={pending === 'reset'}
          isDisabled={pending !== null && pending !== 'reset'}
          pendingLabel="Sending the reset link…"
          onPress={() => {
            const email = formText(new FormData(formRef.current!), 'email').trim();
            if (!email) {
              setNotice(null);
              setFailure('Enter your email above, then choose Forgot password.');
              return;
            }
            void attempt('reset', async () => {
              const said = await forgotPassword(email);
              setPending(null);
              setNotice(said);
            });
          }}
        >
          Forgot password?
        </Button>
      )}
      <FormAlert message={failure} />
      {notice && <p role="status">{notice}</p>}
    </form>
  );
}

export function EmailField({ error }: { error: string | undefined }) {
  return <FormTextField label="Email" name="email" type="email" autoComplete="email" error={error} />;
}

export function PasswordField({ error, autoComplete }: { error: string | undefined; autoComplete: string }) {
  return (
    <FormTextField
      label="Password"
      name="password"
      type="password"
      autoComplete={autoComplete}
      error={error}
    />
  );
}

export const formText = (form: FormData, name: string) => String(form.get(name) ?? '');
