import { ListSection } from '../../../components/QueryState';
import { StatusBadge } from '../../../components/StatusBadge';
import { card, grid } from '../../../components/styles.css';
import { formatPostedTime } from '../../../lib/listing';
import { useReports } from '../api/list-reports';

/** /dashboard/report (admins): one card per report, with the reason as it was written (decisions.md). */
export function ReportsPage() {
  return (
    <ListSection title="Reports" query={useReports()} label="reports" empty="No reports. Nothing to review.">
      {({ items }) => (
        <ul className={grid}>
          {items.map((report) => (
            <li key={report._id} className={card}>
              <h2>{report.MobileName}</h2>
              <p>Reason: {report.Report}</p>
              <p>
                Reported by {report.reporterEmail} on {formatPostedTime(report.createdAt)}
              </p>
              <p>
                <StatusBadge tone={report.status === 'open' ? 'bad' : 'good'}>
                  {report.status === 'open'
                    ? 'Open'
                    : report.status === 'dismissed'
                      ? 'Dismissed'
                      : 'Listing removed'}
                </StatusBadge>
              </p>
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
