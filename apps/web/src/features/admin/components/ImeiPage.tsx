import { deviceWords, type components } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { Link } from '@recell/ui/Link';
import { Select } from '@recell/ui/Select';
import { useState, type FormEvent } from 'react';
import { DataTable, type Column } from '../../../components/DataTable';
import { FormTextField } from '../../../components/FormField';
import { formatPostedTime } from '../../../lib/listing';
import { errorMessage, useToast } from '../../../lib/toast';
import { useImei } from '../api/get-imei';
import { useSetImeiStatus } from '../api/set-imei-status';
import * as styles from './admin.css';
import { TacConflicts } from './TacConflicts';

type ImeiRecord = components['schemas']['ImeiRecord'];
type Listing = ImeiRecord['listings'][number];

const IMEI = /^[0-9]{15}$/;

const columns: Column<Listing>[] = [
  { header: 'Listing', cell: (listing) => <Link href={`/mobile/${listing._id}`}>{listing.title}</Link> },
  { header: 'Seller', cell: (listing) => listing.sellerEmail },
  {
    header: 'Posted',
    cell: (listing) => <time dateTime={listing.postedAt}>{formatPostedTime(listing.postedAt)}</time>,
  },
  { header: 'Holds the IMEI', cell: (listing) => (listing.active ? 'Yes' : 'No: sold through ReCell') },
];

/** Blocked (reported stolen) or clean, with the reason; audited, and its listings take the new status. */
function MarkForm({ imei }: { imei: string }) {
  const [error, setError] = useState<string>();
  const mark = useSetImeiStatus();
  const toast = useToast();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    const status = form.get('status') === 'clean' ? 'clean' : 'blocked';
    if (reason.length < 3) {
      setError('Say why, in a few words (a police case, a carrier report)');
      return;
    }
    setError(undefined);
    try {
      await mark.mutateAsync({ imei, update: { status, reason } });
      toast.success(status === 'blocked' ? 'IMEI marked stolen or blocked' : 'IMEI cleared');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <form className={styles.lookupForm} onSubmit={submit} noValidate aria-label="Mark this IMEI">
      <Select
        label="Status"
        name="status"
        options={[
          { id: 'blocked', label: 'Stolen or blocked' },
          { id: 'clean', label: 'Clean' },
        ]}
        defaultValue="blocked"
      />
      <FormTextField label="Reason" name="reason" autoComplete="off" error={error} />
      <Button type="submit" isPending={mark.isPending}>
        Mark IMEI
      </Button>
    </form>
  );
}

function Record({ record }: { record: ImeiRecord }) {
  return (
    <>
      <p className={styles.line}>
        TAC {record.tac}: {record.modelName ?? 'model not yet known'}.
      </p>
      <p className={styles.line}>{deviceWords({ model: { outcome: 'unknown' }, device: record.device })}.</p>
      <p className={styles.line}>
        {record.mark
          ? `Marked ${record.mark.status === 'blocked' ? 'stolen or blocked' : 'clean'} by ${record.mark.markedBy} ${formatPostedTime(record.mark.markedAt)}: ${record.mark.reason}`
          : 'No admin has marked this IMEI.'}
      </p>
      <MarkForm imei={record.imei} />
      <h2>Listings with this IMEI</h2>
      {record.listings.length > 0 ? (
        <DataTable label="Listings with this IMEI" rows={record.listings} columns={columns} />
      ) : (
        <p className={styles.line}>No listing has carried this IMEI.</p>
      )}
    </>
  );
}

/**
 * /dashboard/imei (admins): an IMEI's status, who marked it and why, and every listing that carried it; and the
 * TACs whose buyers' confirmations disagree, for an admin to decide.
 */
export function ImeiPage() {
  const [error, setError] = useState<string>();
  const [imei, setImei] = useState<string | null>(null);
  const record = useImei(imei);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('imei') ?? '').replace(/[\s-]/g, '');
    if (!IMEI.test(typed)) {
      setError('Enter the 15 digits of the IMEI');
      return;
    }
    setError(undefined);
    setImei(typed);
  };
  return (
    <section aria-labelledby="imei-title">
      <h1 id="imei-title">IMEI registry</h1>
      <form className={styles.lookupForm} onSubmit={submit} noValidate>
        <FormTextField label="IMEI" name="imei" inputMode="numeric" autoComplete="off" error={error} />
        <Button type="submit" variant="secondary" isPending={record.isFetching}>
          Look up
        </Button>
      </form>
      <div role="status">
        {record.error ? (
          <p className={styles.line}>Could not look it up: {errorMessage(record.error)}</p>
        ) : null}
      </div>
      {record.data ? <Record record={record.data} /> : null}
      <TacConflicts />
    </section>
  );
}
