// What the login and sign-up forms share: field errors from a validator, the identity service's failure in
// red under the form (§8), and a submit button that waits.
import { Button } from '@recell/ui/Button';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormTextField } from '../../../components/FormField';
import { FormAlert } from '../../../components/FormAlert';
import { formStack } from '../../../components/styles.css';
import { identityErrorMessage } from '../identity-errors';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

interface AuthFormProps<K extends string> {
  validate: (form: FormData) => FieldErrors<K>;
  submit: (form: FormData) => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
  children: (errors: FieldErrors<K>) => ReactNode;
}

export function AuthForm<K extends string>({
  validate,
  submit,
  submitLabel,
  pendingLabel,
  children,
}: AuthFormProps<K>) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const found = validate(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await submit(form);
    } catch (error) {
      setFailure(identityErrorMessage(error));
      setPending(false);
    }
  }

  return (
    <form className={formStack} onSubmit={onSubmit} noValidate>
      {children(errors)}
      <Button type="submit" isPending={pending} pendingLabel={pendingLabel}>
        {submitLabel}
      </Button>
      <FormAlert message={failure} />
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
