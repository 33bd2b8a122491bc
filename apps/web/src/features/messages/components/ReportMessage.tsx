import { Button } from '@recell/ui/Button';
import { TextField } from '@recell/ui/TextField';
import { useState } from 'react';
import { ModalDialog } from '../../../components/ModalDialog';
import { errorMessage, useToast } from '../../../lib/toast';
import { useReportMessage } from '../api/report-message';
import * as styles from './Messages.css';

/** Report a received message: it goes to the moderation queue, where an admin may read the thread around it. */
export function ReportMessage({ messageId, from }: { messageId: string; from: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportMessage();
  const toast = useToast();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onPress={() => setOpen(true)}
        aria-label={`Report this message from ${from}`}
      >
        Report
      </Button>
      {open ? (
        <ModalDialog title="Report this message" onClose={() => setOpen(false)}>
          <form
            className={styles.composer}
            onSubmit={(event) => {
              event.preventDefault();
              report.mutate(
                { id: messageId, reason: reason.trim() },
                {
                  onSuccess: () => {
                    toast.success('Thank you: the message was reported');
                    setOpen(false);
                  },
                  onError: (error) => toast.error(errorMessage(error)),
                },
              );
            }}
          >
            <p className={styles.bannerText}>
              A moderator will read this message and the ones around it. {from} is not told who reported it.
            </p>
            <TextField
              label="What is wrong with it?"
              multiline
              isRequired
              minLength={3}
              maxLength={500}
              value={reason}
              onChange={setReason}
            />
            <div className={styles.row}>
              <Button type="submit" isPending={report.isPending}>
                Report
              </Button>
              <Button variant="secondary" onPress={() => setOpen(false)}>
                Cancel
              </Button>
            </div>
          </form>
        </ModalDialog>
      ) : null}
    </>
  );
}
