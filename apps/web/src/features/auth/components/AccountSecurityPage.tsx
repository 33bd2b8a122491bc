// /account/security: anyone turns on the second step of signing in (a code texted to their phone). Admins must
// have it: without it the server refuses every call their token makes, so every signed-in page sends them here
// first (app/shell/guards.tsx).
// A seller also verifies the phone number their listings show here.
import { Button } from '@recell/ui/Button';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { FormTextField } from '../../../components/FormField';
import { safeReturnPath } from '../../../lib/safe-return';
import type { PhoneEnrolment } from '../identity';
import { useSentCodesShown } from '../identity-loader';
import { useAuthActions } from '../use-auth-actions';
import { useSession } from '../use-session';
import { AuthForm, formText } from './AuthForm';
import { CodeStep } from './CodeStep';
import { validatePhone } from './validate-phone';
import { VerifyPhoneSection } from './VerifyPhoneSection';

export { validatePhone } from './validate-phone';

/** What the page shows first: the step is on, it is off, or (an admin without it) it must be turned on. */
export function SecondStepStatus({ on, required }: { on: boolean | null; required: boolean }) {
  if (on) return <p role="status">The second step is on: signing in asks for a code texted to your phone.</p>;
  if (required)
    return (
      <p role="alert">
        Admins must sign in with a second step. Turn it on here to go on signed in; the next sign-in then asks
        for a code texted to your phone.
      </p>
    );
  return on === false ? (
    <p>The second step is off. Turn it on, and signing in will also ask for a code texted to your phone.</p>
  ) : null;
}

export function AccountSecurityPage() {
  const { session } = useSession();
  const { secondStepEnrolled, enrolPhone, confirmEnrolment } = useAuthActions();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const codesShown = useSentCodesShown();
  const [on, setOn] = useState<boolean | null>(null);
  const [pending, setPending] = useState<{ phone: string; enrolment: PhoneEnrolment } | null>(null);

  useEffect(() => {
    let current = true;
    secondStepEnrolled().then(
      (enrolled) => current && setOn(enrolled),
      () => current && setOn(false),
    );
    return () => {
      current = false;
    };
  }, [secondStepEnrolled]);

  const required = session?.role === 'admin' && session.secondStep !== true;
  return (
    <section aria-labelledby="security-title">
      <h1 id="security-title">Sign-in security</h1>
      <SecondStepStatus on={on} required={required && !on} />
      {!on && pending && (
        <>
          <CodeStep
            sentTo={pending.phone}
            confirm={async (code) => {
              await confirmEnrolment(pending.enrolment, code);
              setPending(null);
              setOn(true);
              const from = search.get('from');
              if (from) navigate(safeReturnPath(from), { replace: true });
            }}
            confirmLabel="Turn on the second step"
            demo={codesShown}
          />
          <Button variant="ghost" onPress={() => setPending(null)}>
            Use another number
          </Button>
        </>
      )}
      {!on && !pending && (
        <AuthForm
          validate={(form) => validatePhone(formText(form, 'phone'))}
          submit={async (form) => {
            const phone = formText(form, 'phone').replace(/[\s-]/g, '');
            setPending({ phone, enrolment: await enrolPhone(phone) });
          }}
          submitLabel="Text me a code"
          pendingLabel="Sending the code…"
        >
          {(errors) => (
            <FormTextField
              label="Phone number"
              name="phone"
              type="tel"
              autoComplete="tel"
              error={errors.phone}
            />
          )}
        </AuthForm>
      )}
      {/* a seller's number on their listings */}
      {session?.role === 'seller' && <VerifyPhoneSection />}
    </section>
  );
}
