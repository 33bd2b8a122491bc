import { Select } from '@recell/ui/Select';
import { TextField } from '@recell/ui/TextField';
import { useState } from 'react';
import { Confirm } from '../../../components/Confirm';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCreateReport } from '../api/create-report';

/** Why a listing is reported; the moderation queue reads the reason (and the note) from the report's text. */
export const REPORT_REASONS = [
  { id: 'fake', label: 'Fake listing' },
  { id: 'price', label: 'Wrong price' },
  { id: 'stolen', label: 'Stolen device' },
  { id: 'offensive', label: 'Offensive' },
  { id: 'other', label: 'Other' },
] as const;
const NOTE_MAX = 400;

/** Loaded when Report is pressed: the Select and text area stay out of the pages' first download. */
export function ReportDialog({
  mobileId,
  title,
  onClose,
}: {
  mobileId: string;
  title: string;
  onClose: () => void;
}) {
  const report = useCreateReport();
  const toast = useToast();
  // no reason until the person chooses one (issue 27): a default filed 'Fake listing' on one click
  const [reason, setReason] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [note, setNote] = useState('');
  const label = REPORT_REASONS.find((option) => option.id === reason)?.label;
  return (
    <Confirm
      title={`Report ${title}`}
      action="Send report"
      pending={report.isPending}
      onConfirm={() => {
        if (!label) {
          setMissing(true);
          return;
        }
        report.mutate(
          { mobileId, Report: note.trim() ? `${label}: ${note.trim()}` : label },
          {
            onSuccess: () => {
              toast.success('Report Submitted');
              onClose();
            },
            onError: (error) => toast.error(errorMessage(error)),
          },
        );
      }}
      onClose={onClose}
    >
      <Select
        label="Reason"
        options={REPORT_REASONS.map(({ id, label: text }) => ({ id, label: text }))}
        placeholder="Choose a reason"
        selectedKey={reason}
        onSelectionChange={(key) => {
          if (key === null) return;
          setReason(String(key));
          setMissing(false);
        }}
        isRequired
        isInvalid={missing}
        errorMessage={missing ? 'Choose a reason' : undefined}
        validationBehavior="aria"
      />
      <TextField
        label="Note (optional)"
        description="What did you notice? Moderators read it; the seller does not."
        multiline
        maxLength={NOTE_MAX}
        value={note}
        onChange={setNote}
      />
    </Confirm>
  );
}
