import { claimKindWords, type Claim, type Role } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { useRef, useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormTextArea } from '../../../components/FormField';
import { QueryState } from '../../../components/QueryState';
import { formStack } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { useClaim } from '../api/get-claim';
import { useDecideClaim, type ClaimDecision } from '../api/decide-claim';
import * as styles from './Payouts.css';
import { cents, claimStateWord, when } from './payout-words';

/** What each side reads while a claim is open, and once it is decided. */
function sideNote(claim: Claim, role: Role): string {
  if (claim.status === 'refunded')
    return role === 'seller'
      ? 'The buyer was refunded: this deal pays you nothing.'
      : `${cents(claim.amountCents)} is refunded to the buyer's card.`;
  if (claim.status === 'released')
    return role === 'buyer'
      ? 'The claim was not upheld: the money goes to the seller.'
      : `${cents(claim.amountCents)} is the seller's again.`;
  if (role === 'buyer') return "ReCell decides and tells you both. The seller's money waits until then.";
  if (role === 'seller') return 'The buyer reported a problem: this money is on hold until ReCell decides.';
  return 'Refund the buyer through the processor, or release the money to the seller. Both sides read your reason.';
}

/** The admin's decision: a reason, then Refund or Release. */
function Decide({ claim }: { claim: Claim }) {
  const decide = useDecideClaim(claim._id);
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const send = (outcome: ClaimDecision['outcome']) => {
    const reason = String(new FormData(form.current ?? undefined).get('reason') ?? '').trim();
    setMissing(reason.length < 3 ? 'Give a reason: both sides read it' : undefined);
    setFailure(null);
    if (reason.length < 3) return;
    decide.mutate(
      { outcome, reason },
      {
        onSuccess: (decided) => toast.success(`Claim decided: ${claimStateWord[decided.status]}`),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };
  const pending = (outcome: ClaimDecision['outcome']) =>
    decide.isPending && decide.variables?.outcome === outcome;
  return (
    <form ref={form} className={formStack} onSubmit={(event) => event.preventDefault()} noValidate>
      <h2>Decide</h2>
      <FormTextArea label="Reason" name="reason" error={missing} />
      <div className={styles.actions}>
        <Button isPending={pending('refund')} isDisabled={decide.isPending} onPress={() => send('refund')}>
          Refund {cents(claim.amountCents)} to the buyer
        </Button>
        <Button
          variant="secondary"
          isPending={pending('release')}
          isDisabled={decide.isPending}
          onPress={() => send('release')}
        >
          Release {cents(claim.amountCents)} to the seller
        </Button>
      </div>
      <FormAlert message={failure} />
    </form>
  );
}

/** /dashboard/claims/:id: the claim to its buyer, its seller and admins; admins decide an open one. */
export function ClaimPage({ id, role }: { id: string; role: Role }) {
  const claim = useClaim(id);
  return (
    <QueryState query={claim} label="the claim">
      {(loaded) => (
        <article aria-labelledby="claim-title" className={styles.stack}>
          <h1 id="claim-title">Claim on {loaded.MobileName}</h1>
          <div className={styles.card}>
            <p className={styles.heading}>{claimStateWord[loaded.status]}</p>
            <p>{sideNote(loaded, role)}</p>
          </div>
          <dl className={styles.facts}>
            <dt>Amount</dt>
            <dd>{cents(loaded.amountCents)}</dd>
            <dt>Problem</dt>
            <dd>{claimKindWords[loaded.kind]}</dd>
            <dt>Opened by</dt>
            <dd>{loaded.openedBy === 'device_check' ? 'The automatic IMEI check' : loaded.buyer}</dd>
            <dt>Opened</dt>
            <dd>{when(loaded.createdAt)}</dd>
            <dt>Buyer</dt>
            <dd>{loaded.buyer}</dd>
            <dt>Seller</dt>
            <dd>{loaded.seller}</dd>
            {loaded.decidedAt ? (
              <>
                <dt>Decided</dt>
                <dd>{when(loaded.decidedAt)}</dd>
              </>
            ) : null}
            {loaded.decisionReason ? (
              <>
                <dt>Reason</dt>
                <dd>{loaded.decisionReason}</dd>
              </>
            ) : null}
          </dl>
          <section aria-labelledby="claim-text" className={styles.state}>
            <h2 id="claim-text">What happened</h2>
            <blockquote className={styles.quote}>{loaded.text}</blockquote>
            {loaded.pictures.length > 0 ? (
              <ul className={styles.pictures} aria-label="Pictures">
                {loaded.pictures.map((url, index) => (
                  <li key={url}>
                    <img src={url} alt={`The buyer’s evidence ${index + 1}`} className={styles.picture} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          {role === 'admin' && loaded.status === 'open' ? <Decide claim={loaded} /> : null}
        </article>
      )}
    </QueryState>
  );
}
