// The code texted to a phone: the second step of signing in, and turning that step on. The identity service's
// failures (a wrong code, an expired one, too many tries) are said in words under the form; in demo mode (the
// Auth emulator, or the mocked QA build) the code it "sent" can be shown, since no text message comes.
import { Button } from '@recell/ui/Button';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../lib/api';
import { FormTextField } from '../../../components/FormField';
import { FormAlert } from '../../../components/FormAlert';
import { getDemoSignInCode } from '../api/get-demo-sign-in-code';
import { identityErrorMessage } from '../identity-errors';
import { AuthForm, formText } from './AuthForm';

export function validateCode(code: string): { code?: string } {
  return /^\d{6}$/.test(code.trim()) ? {} : { code: 'Type the six digits from the text message' };
}

interface CodeStepProps {
  /** Where the code went, as the identity service shows it (`+*******0100`). */
  sentTo: string;
  confirm: (code: string) => Promise<void>;
  confirmLabel: string;
  /** Texts the code (on first show, unless `sent`) and again on "Send a new code". */
  send?: () => Promise<void>;
  /** Demo mode: a button that shows the code the emulator "sent". */
  demo?: boolean;
}

export function CodeStep({ sentTo, confirm, confirmLabel, send, demo }: CodeStepProps) {
  const api = useApi();
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const first = useRef(false);
  // the code being sent: the demo code is asked only once it is out, or an earlier code for this phone shows
  const sending = useRef<Promise<void> | null>(null);
  const phoneEnding = sentTo.replace(/\D/g, '').slice(-4);

  async function sendCode(again: boolean) {
    if (!send) return;
    setSendFailure(null);
    try {
      sending.current = send();
      await sending.current;
      if (again) setNotice(`A new code is on its way to ${sentTo}.`);
    } catch (error) {
      setSendFailure(identityErrorMessage(error));
    }
  }

  // Once (a ref, as React may run an effect twice): the first code goes out as the step shows.
  useEffect(() => {
    if (first.current) return;
    first.current = true;
    void sendCode(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div>
      <p>
        We texted a six-digit code to <strong>{sentTo}</strong>. Type it here.
      </p>
      <AuthForm
        validate={(form) => validateCode(formText(form, 'code'))}
        submit={(form) => confirm(formText(form, 'code').trim())}
        submitLabel={confirmLabel}
        pendingLabel="Checking the code…"
      >
        {(errors) => (
          <FormTextField
            label="Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            error={errors.code}
          />
        )}
      </AuthForm>
      {send && (
        <Button variant="ghost" onPress={() => void sendCode(true)}>
          Send a new code
        </Button>
      )}
      {demo && (
        <Button
          variant="ghost"
          onPress={() =>
            void (sending.current ?? Promise.resolve())
              .catch(() => undefined)
              .then(() => getDemoSignInCode(api, phoneEnding))
              .then(
                (code) =>
                  setNotice(
                    `Demo mode: no text message is sent. The code sent to …${phoneEnding} is ${code}.`,
                  ),
                () => setNotice('Demo mode: no code has been sent to this phone yet.'),
              )
          }
        >
          Show the demo code
        </Button>
      )}
      <FormAlert message={sendFailure} />
      {notice && <p role="status">{notice}</p>}
    </div>
  );
}
