import type { components } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { Link } from '@recell/ui/Link';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatPostedTime } from '../../../lib/listing';
import { errorMessage, useToast } from '../../../lib/toast';
import { useConfirmTacModel } from '../api/confirm-tac-model';
import { useTacConflicts } from '../api/list-tac-conflicts';
import * as styles from './admin.css';

type TacConflict = components['schemas']['TacConflict'];
type Confirmation = TacConflict['confirmations'][number];

const notCountedWords: Record<NonNullable<Confirmation['notCounted']>, string> = {
  same_person: 'No: one person on both sides',
  young_account: 'No: an account younger than 7 days',
  repeat_pair: 'No: the two had dealt before',
};

const columns: Column<Confirmation>[] = [
  {
    header: 'Listing',
    cell: (confirmation) => <Link href={`/mobile/${confirmation.mobileId}`}>{confirmation.title}</Link>,
  },
  { header: 'Model', cell: (confirmation) => confirmation.modelName },
  { header: 'Buyer', cell: (confirmation) => confirmation.buyerEmail },
  { header: 'Seller', cell: (confirmation) => confirmation.sellerEmail },
  {
    header: 'When',
    cell: (confirmation) => (
      <time dateTime={confirmation.confirmedAt}>{formatPostedTime(confirmation.confirmedAt)}</time>
    ),
  },
  {
    header: 'Counts',
    cell: (confirmation) => (confirmation.notCounted ? notCountedWords[confirmation.notCounted] : 'Yes'),
  },
];

/** One confirmation per model named, the newest of each: what the admin may choose from. */
function choices(conflict: TacConflict): Confirmation[] {
  const seen = new Map<string, Confirmation>();
  for (const confirmation of conflict.confirmations) {
    if (!seen.has(confirmation.modelName)) seen.set(confirmation.modelName, confirmation);
  }
  return [...seen.values()];
}

function Conflict({ conflict }: { conflict: TacConflict }) {
  const confirm = useConfirmTacModel();
  const toast = useToast();
  const heading = `TAC ${conflict.tac}`;
  return (
    <article aria-label={heading}>
      <h3>{heading}</h3>
      <p className={styles.line}>
        {conflict.modelName
          ? `Learned so far: ${conflict.modelName}. Buyers' checks at handovers now name different models.`
          : "Buyers' checks at handovers name different models, so none is learned until an admin confirms one."}
      </p>
      <DataTable
        label={`Confirmations of TAC ${conflict.tac}`}
        rows={conflict.confirmations}
        columns={columns}
      />
      <div className={styles.actions}>
        {choices(conflict).map((choice) => (
          <Button
            key={choice._id}
            size="sm"
            variant="secondary"
            isPending={confirm.isPending && confirm.variables?.confirmationId === choice._id}
            pendingLabel={`Confirming ${choice.modelName}`}
            onPress={() =>
              confirm.mutate(
                { tac: conflict.tac, confirmationId: choice._id },
                {
                  onSuccess: (tac) =>
                    toast.success(`TAC ${tac.tac} confirmed as ${tac.modelName ?? choice.modelName}`),
                  onError: (error) => toast.error(errorMessage(error)),
                },
              )
            }
          >
            It is a {choice.modelName}
          </Button>
        ))}
      </div>
    </article>
  );
}

/**
 * TACs whose buyer-witnessed confirmations name different models: nothing is learned for them until
 * an admin, having weighed the evidence, confirms one model; that admin row is never overridden by learning.
 */
export function TacConflicts() {
  const conflicts = useTacConflicts();
  return (
    <section aria-labelledby="tac-conflicts-title">
      <h2 id="tac-conflicts-title">Models in dispute</h2>
      <div role="status">
        {conflicts.error ? (
          <p className={styles.line}>Could not load them: {errorMessage(conflicts.error)}</p>
        ) : conflicts.data?.length === 0 ? (
          <p className={styles.line}>No TAC is in dispute.</p>
        ) : null}
      </div>
      {conflicts.data?.map((conflict) => (
        <Conflict key={conflict.tac} conflict={conflict} />
      ))}
    </section>
  );
}
