import { Button } from '@recell/ui/Button';
import { useState, type FormEvent } from 'react';
import { FormTextField } from '../../../components/FormField/controls';
import { errorMessage } from '../../../lib/toast';
import { useAdminStatus, useSellerStatus } from '../api/account-role';
import * as styles from './admin.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Check an email" on All Users: whether an address belongs to an admin or a seller, without paging through
 * every user (a report or a buyer names a seller by email). The server answers admins for any address.
 */
export function RoleLookup() {
  const [error, setError] = useState<string>();
  const [email, setEmail] = useState<string | null>(null);
  const admin = useAdminStatus(email);
  const seller = useSellerStatus(email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget as HTMLFormElement).get('email') ?? '').trim();
    if (!EMAIL.test(typed)) {
      setError('Enter an email address, like name@example.com');
      return;
    }
    setError(undefined);
    setEmail(typed.toLowerCase());
  };
  const failure = admin.error ?? seller.error;
  const answer =
    email === null
      ? ''
      : failure
        ? `Could not check ${email}: ${errorMessage(failure)}`
        : admin.data && seller.data
          ? `${email}: ${
              admin.data.isAdmin
                ? 'an admin'
                : seller.data.isSeller
                  ? 'a seller'
                  : 'not an admin or a seller (a buyer, or no account)'
            }`
          : `Checking ${email}…`;
  return (
    <section aria-labelledby="role-lookup-title" className={styles.lookup}>
      <h2 id="role-lookup-title">Check an email</h2>
      <form className={styles.lookupForm} onSubmit={submit} noValidate>
        <FormTextField label="Email" name="email" type="email" autoComplete="off" error={error} />
        <Button
          type="submit"
          variant="secondary"
          isPending={Boolean(email) && (admin.isFetching || seller.isFetching)}
        >
          Check role
        </Button>
      </form>
      <p role="status" className={styles.line}>
        {answer}
      </p>
    </section>
  );
}
