import type { Report } from '@recell/api';
import { Card } from '@recell/ui/Card';
import { ListSection } from '../../../components/QueryState';
import { grid } from '../../../components/styles.css';
import { formatPostedTime } from '../../../lib/listing';
import { useReports } from '../api/list-reports';

const statusWords: Record<Report['status'], string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  removed: 'Listing removed',
};

/** /dashboard/report (admins): one card per report, with the reason as it was written (decisions.md). */
export function ReportsPage() {
  return (
    <ListSection title="Reports" query={useReports()} label="reports" empty="No reports. Nothing to review.">
      {({ items }) => (
        <ul className={grid}>
          {items.map((report) => (
            <Card key={report._id} as="li" title={report.MobileName} headingLevel={2}>
              <p>Reason: {report.Report}</p>
              <p>
                Reported by {report.reporterEmail} on {formatPostedTime(report.createdAt)}
              </p>
              <p>Status: {statusWords[report.status]}</p>
            </Card>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
