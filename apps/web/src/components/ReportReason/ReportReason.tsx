import { Select } from '@recell/ui/Select';
import { TextField } from '@recell/ui/TextField';
import { useState } from 'react';

const NOTE_MAX = 400;

/**
 * A report dialog's fields: a reason the person must choose (none is preselected: a default filed a report
 * nobody meant on one click) and an optional note. `text()` is what the report sends, 'Reason: note'
 * (the moderation queues split it again), or null while no reason is chosen, and the field then says so.
 */
export function useReportReason(options: readonly { id: string; label: string }[], noteDescription: string) {
  const [reason, setReason] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [note, setNote] = useState('');
  const label = options.find((option) => option.id === reason)?.label;
  const text = (): string | null => {
    if (!label) {
      setMissing(true);
      return null;
    }
    return note.trim() ? `${label}: ${note.trim()}` : label;
  };
  const fields = (
    <>
      <Select
        label="Reason"
        options={options.map(({ id, label: words }) => ({ id, label: words }))}
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
        description={noteDescription}
        multiline
        maxLength={NOTE_MAX}
        value={note}
        onChange={setNote}
      />
    </>
  );
  return { fields, text };
}
