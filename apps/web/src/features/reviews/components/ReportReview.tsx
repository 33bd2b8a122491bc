import { Button } from '@recell/ui/Button';
import { useState } from 'react';
import { Confirm } from '../../../components/Confirm';
import { useReportReason } from '../../../components/ReportReason';
import { errorMessage, useToast } from '../../../lib/toast';
import { useReportReview } from '../api/report-review';

/** Why a review is reported; the admins' review queue reads the reason (and the note) from the report's text. */
export const REVIEW_REPORT_REASONS = [
  { id: 'untrue', label: 'Not what happened' },
  { id: 'personal', label: 'Personal details' },
  { id: 'offensive', label: 'Offensive' },
  { id: 'unrelated', label: 'Not about this deal' },
  { id: 'other', label: 'Other' },
] as const;

function ReportReviewDialog({ reviewId, onClose }: { reviewId: string; onClose: () => void }) {
  const report = useReportReview();
  const toast = useToast();
  const reason = useReportReason(REVIEW_REPORT_REASONS, 'What is wrong with it? Only admins read this.');
  return (
    <Confirm
      title="Report this review"
      action="Send report"
      pending={report.isPending}
      onConfirm={() => {
        const text = reason.text();
        if (!text) return;
        report.mutate(
          { id: reviewId, reason: text },
          {
            onSuccess: () => {
              toast.success('Thank you: an admin will read the review');
              onClose();
            },
            onError: (error) => toast.error(errorMessage(error)),
          },
        );
      }}
      onClose={onClose}
    >
      <p>
        An admin reads it and may hide a review that breaks the rules. Its author is not told who reported it.
      </p>
      {reason.fields}
    </Confirm>
  );
}

/** Quiet on purpose (a ghost button): there for the party who needs it, never in the way of reading. */
export function ReportReview({ reviewId, heading }: { reviewId: string; heading: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Report ${heading.toLowerCase()}`}
        onPress={() => setOpen(true)}
      >
        Report
      </Button>
      {open ? <ReportReviewDialog reviewId={reviewId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
