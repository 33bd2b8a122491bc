import { Button } from '@recell/ui/Button';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCreateReport } from '../api/create-report';

/** Reports a listing as fake, with the spec's fixed reason. */
export function ReportButton({ mobileId, title }: { mobileId: string; title: string }) {
  const report = useCreateReport();
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      isPending={report.isPending}
      aria-label={`Report ${title}`}
      onPress={() =>
        report.mutate(
          { mobileId, Report: 'This is fake' },
          {
            onSuccess: () => toast.success('Report Submitted'),
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
    >
      Report
    </Button>
  );
}
