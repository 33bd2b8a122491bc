import { Confirm } from '../../../components/Confirm';
import { useReportReason } from '../../../components/ReportReason';
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
  const reason = useReportReason(
    REPORT_REASONS,
    'What did you notice? Moderators read it; the seller does not.',
  );
  return (
    <Confirm
      title={`Report ${title}`}
      action="Send report"
      pending={report.isPending}
      onConfirm={() => {
        const text = reason.text();
        if (!text) return;
        report.mutate(
          { mobileId, Report: text },
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
      {reason.fields}
    </Confirm>
  );
}
