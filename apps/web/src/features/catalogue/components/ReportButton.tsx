import { Button } from '@recell/ui/Button';
import { lazy, Suspense, useState } from 'react';

const ReportDialog = lazy(() =>
  import('./ReportDialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * Report opens a dialog: a reason, an optional note, then 'Report Submitted'. It is there for whoever needs it,
 * quieter than Book: one mis-tap should not file a report instead of booking.
 */
export function ReportButton({ mobileId, title }: { mobileId: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={`Report ${title}`} onPress={() => setOpen(true)}>
        Report
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog mobileId={mobileId} title={title} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
