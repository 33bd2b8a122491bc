import { ApiError, LOCAL_PAYOUT_ACCOUNTS, webLinks } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { Link } from '@recell/ui/Link';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FormAlert } from '../../../components/FormAlert';
import { FormTextField } from '../../../components/FormField';
import { formStack } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { usePayoutAccount } from '../api/get-payout-account';
import { useSubmitLocalPayoutDetails } from '../api/submit-local-payout-details';
import * as styles from './Payouts.css';
import { accountStateWord } from './payout-words';

type Problems = Partial<Record<'holderName' | 'routingNumber' | 'accountNumber', string>>;

/** The contract's patterns, said before sending. */
function check(holderName: string, routingNumber: string, accountNumber: string): Problems {
  const problems: Problems = {};
  if (holderName.length < 2) problems.holderName = 'Enter the name on the account';
  if (!/^[0-9]{9}$/.test(routingNumber)) problems.routingNumber = 'A routing number is 9 digits';
  if (!/^[0-9]{4,17}$/.test(accountNumber)) problems.accountNumber = 'An account number is 4 to 17 digits';
  return problems;
}

function Hosted() {
  return (
    <div className={styles.card}>
      <p>
        Your payouts go through a hosted provider, whose own pages take your bank details. Go back to{' '}
        <Link href={webLinks.payouts()}>Payouts</Link> and press Update bank account to open them.
      </p>
    </div>
  );
}

/**
 * /dashboard/payouts/onboarding: the local payout provider's form (the embedded default stands in for a hosted
 * onboarding). It says it is a test provider and which numbers it knows; only the last four digits are kept.
 */
export function LocalOnboardingPage({ email }: { email: string }) {
  const account = usePayoutAccount(email);
  const submit = useSubmitLocalPayoutDetails();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [problems, setProblems] = useState<Problems>({});
  const [hosted, setHosted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => String(form.get(name) ?? '').trim();
    const details = {
      holderName: read('holderName'),
      routingNumber: read('routingNumber'),
      accountNumber: read('accountNumber'),
    };
    const found = check(details.holderName, details.routingNumber, details.accountNumber);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    submit.mutate(details, {
      onSuccess: (saved) => {
        toast.success(`Bank account saved: ${accountStateWord[saved.status]}`);
        navigate(webLinks.payouts());
      },
      onError: (error) => {
        // another provider is configured: its onboarding is hosted, not this form
        if (error instanceof ApiError && error.status === 404) setHosted(true);
        else setFailure(errorMessage(error));
      },
    });
  }

  const elsewhere = hosted || (account.data !== undefined && account.data.provider !== 'local');
  return (
    <div className={styles.stack}>
      <h1>Add a bank account</h1>
      {elsewhere ? (
        <Hosted />
      ) : (
        <>
          <div className={styles.card}>
            <p>
              This is ReCell&apos;s local test payout provider: no real bank is contacted. It knows these test
              accounts (routing number {LOCAL_PAYOUT_ACCOUNTS.routingNumber}):
            </p>
            <ul className={styles.missing}>
              <li>{LOCAL_PAYOUT_ACCOUNTS.verified}: verified at once</li>
              <li>{LOCAL_PAYOUT_ACCOUNTS.restricted}: refused by the bank (restricted)</li>
              <li>Any other account number: verified after a short review</li>
            </ul>
          </div>
          <form className={formStack} onSubmit={onSubmit} noValidate>
            <FormTextField
              label="Account holder name"
              name="holderName"
              autoComplete="name"
              error={problems.holderName}
            />
            <FormTextField
              label="Routing number"
              name="routingNumber"
              inputMode="numeric"
              autoComplete="off"
              error={problems.routingNumber}
            />
            <FormTextField
              label="Account number"
              name="accountNumber"
              inputMode="numeric"
              autoComplete="off"
              description="Only its last four digits are kept."
              error={problems.accountNumber}
            />
            <FormAlert message={failure} />
            <Button type="submit" isPending={submit.isPending}>
              Save bank account
            </Button>
          </form>
          <p>
            <Link href={webLinks.payouts()}>Back to Payouts</Link>
          </p>
        </>
      )}
    </div>
  );
}
