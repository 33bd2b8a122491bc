import { Link, useLocation } from 'wouter';
import { FormTextField } from '../../../components/FormField';
import { RadioGroup } from '@recell/ui/RadioGroup';
import { useAuthActions, type SignUpInput } from '../use-auth-actions';
import { useContinueWithGoogle } from '../use-continue-with-google';
import { AuthForm, EmailField, formText, PasswordField, type FieldErrors } from './AuthForm';

type RegisterField = 'name' | 'email' | 'password';

export function validateRegister({
  name,
  email,
  password,
}: Omit<SignUpInput, 'role'>): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  if (!name.trim()) errors.name = 'Name is Required';
  // the earlier version had no words for this one; the login form's are reused so the field is not silent
  if (!email.trim()) errors.email = 'Email Address is required';
  if (!password) errors.password = 'Password is required';
  else if (password.length < 6) errors.password = 'Password must be 6 characters long';
  return errors;
}

function readForm(form: FormData): SignUpInput {
  return {
    name: formText(form, 'name').trim(),
    email: formText(form, 'email').trim(),
    password: formText(form, 'password'),
    role: form.get('role') === 'seller' ? 'seller' : 'buyer',
  };
}

/** /register: name, email, password and the buyer/seller role (admins never come from a sign-up). */
export function RegisterPage() {
  const { signUp } = useAuthActions();
  const [, navigate] = useLocation();
  // Google brings the name and email; the role is the one chosen below (for an account Google makes now).
  const google = useContinueWithGoogle((form) => ({ returnTo: '/', role: readForm(form).role }));
  return (
    <section aria-labelledby="register-title">
      <h1 id="register-title">Sign Up</h1>
      <AuthForm
        validate={(form) => validateRegister(readForm(form))}
        submit={async (form) => {
          await signUp(readForm(form));
          navigate('/', { replace: true });
        }}
        submitLabel="Sign Up"
        pendingLabel="Signing up…"
        google={google}
      >
        {(errors) => (
          <>
            <FormTextField label="Name" name="name" autoComplete="name" error={errors.name} />
            <EmailField error={errors.email} />
            <PasswordField error={errors.password} autoComplete="new-password" />
            <RadioGroup
              label="I want to"
              name="role"
              defaultValue="buyer"
              options={[
                { value: 'buyer', label: 'Buy phones (buyer)' },
                { value: 'seller', label: 'Sell phones (seller)' },
              ]}
            />
          </>
        )}
      </AuthForm>
      <p>
        Already have an account? <Link href="/login">Login</Link>
      </p>
    </section>
  );
}
