// "Verify your phone" on /account/security, for sellers: the number, a code texted to it (Firebase
// links the confirmed number to the account), then the server reads the number from that confirmation. Listings
// show only a verified number, with "Phone verified"; adding or editing a listing needs one.
import { Badge } from '@recell/ui/Badge';
import { Button } from '@recell/ui/Button';
import { useState } from 'react';
import { FormTextField } from '../../../components/FormField';
import { useConfirmPhone } from '../api/confirm-phone';
import { useMyPhone } from '../api/get-my-phone';
import type { PhoneLink } from '../identity';
import { useSentCodesShown } from '../identity-loader';
import { useAuthActions } from '../use-auth-actions';
import { AuthForm, formText } from './AuthForm';
import { CodeStep } from './CodeStep';
import { validatePhone } from './validate-phone';

export function VerifyPhoneSection() {
  const phone = useMyPhone();
  const { verifyPhone } = useAuthActions();
  const confirmPhone = useConfirmPhone();
  const codesShown = useSentCodesShown();
  const [pending, setPending] = useState<{ phone: string; link: PhoneLink } | null>(null);
  const [changing, setChanging] = useState(false);

  const verified = phone.data?.phoneVerified === true ? phone.data.phoneNumber : undefined;
  return (
    <section aria-labelledby="verify-phone-title">
      <h2 id="verify-phone-title">Verify your phone</h2>
      {verified && !changing && !pending && (
        <>
          <p role="status">
            <Badge status="phoneVerified" /> Buyers you deal with see <strong>{verified}</strong> on your
            listings.
          </p>
          <Button variant="ghost" onPress={() => setChanging(true)}>
            Change the number
          </Button>
        </>
      )}
      {phone.data && !phone.data.phoneVerified && !pending && (
        <p>
          Your listings show a phone number only once it is verified, and you can add or edit a listing after
          that. We text a code to the number to confirm it is yours.
        </p>
      )}
      {pending && (
        <>
          <CodeStep
            sentTo={pending.phone}
            confirm={async (code) => {
              const idToken = await pending.link.confirm(code);
              await confirmPhone.mutateAsync({ phoneNumber: pending.phone, idToken });
              setPending(null);
              setChanging(false);
            }}
            confirmLabel="Verify the number"
            demo={codesShown}
          />
          <Button variant="ghost" onPress={() => setPending(null)}>
            Use another number
          </Button>
        </>
      )}
      {phone.data && (!verified || changing) && !pending && (
        <AuthForm
          validate={(form) => validatePhone(formText(form, 'phone'))}
          submit={async (form) => {
            const typed = formText(form, 'phone').replace(/[\s-]/g, '');
            setPending({ phone: typed, link: await verifyPhone(typed) });
          }}
          submitLabel="Text me a code"
          pendingLabel="Sending the code…"
        >
          {(errors) => (
            <FormTextField
              label="Your phone number"
              name="phone"
              type="tel"
              autoComplete="tel"
              error={errors.phone}
            />
          )}
        </AuthForm>
      )}
    </section>
  );
}
