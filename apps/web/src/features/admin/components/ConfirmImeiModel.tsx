import { modelWords } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { useId } from 'react';
import { errorMessage, useToast } from '../../../lib/toast';
import { useConfirmImeiModel } from '../api/confirm-imei-model';

/**
 * On a listing whose IMEI names a model ReCell does not know yet: an admin who has seen the phone
 * confirms it is the listed model, and its TAC takes that model (an admin row). Offered only then: a TAC that already
 * names a model keeps it here, so a mismatch is the seller's to fix; buyers' confirmations that disagree are decided
 * on the IMEI page.
 */
export function ConfirmImeiModel({ mobileId, title }: { mobileId: string; title: string }) {
  const confirm = useConfirmImeiModel();
  const toast = useToast();
  const note = useId();
  return (
    <div>
      <p id={note}>
        The model this IMEI names is not known yet. Seen the phone? Confirm it is a {title}: listings with the
        same first 8 digits are then compared with it.
      </p>
      <Button
        size="sm"
        variant="secondary"
        aria-describedby={note}
        isPending={confirm.isPending}
        pendingLabel="Confirming the model"
        onPress={() =>
          confirm.mutate(mobileId, {
            onSuccess: (check) => toast.success(`Model confirmed: ${modelWords(check)}`),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        Confirm the model
      </Button>
    </div>
  );
}
