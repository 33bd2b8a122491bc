import type { Report } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { Card } from '@recell/ui/Card';
import { Link } from '@recell/ui/Link';
import { Select } from '@recell/ui/Select';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Confirm } from '../../../components/Confirm';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { grid } from '../../../components/styles.css';
import { formatPostedTime } from '../../../lib/listing';
import { errorMessage, useToast } from '../../../lib/toast';
import { useReports, type ReportFilter } from '../api/list-reports';
import { useResolveReport, type ResolveAction } from '../api/resolve-report';
import { splitReason } from '../report-reason';
import { useFilterParam } from '../use-filter-param';
import { ReviewQueue } from './ReviewQueue';
import * as styles from './admin.css';

const FILTERS: { id: ReportFilter; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'dismissed', label: 'Dismissed' },
  { id: 'removed', label: 'Removed' },
  { id: 'all', label: 'All' },
];

const EMPTY: Record<ReportFilter, string> = {
  open: 'No reports. Nothing to review.',
  dismissed: 'No dismissed reports.',
  removed: 'No listings removed after a report.',
  all: 'No reports yet.',
};

const statusWords: Record<Report['status'], string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  removed: 'Listing removed',
};

/** The reports on one listing, newest first. */
export interface ReportGroup {
  mobileId: string;
  name: string;
  reports: Report[];
}

/** Groups a page of reports by listing, in the order the listings were last reported (the page is newest first). */
export function groupByListing(reports: readonly Report[]): ReportGroup[] {
  const groups = new Map<string, ReportGroup>();
  for (const report of reports) {
    const group = groups.get(report.mobileId);
    if (group) group.reports.push(report);
    else
      groups.set(report.mobileId, { mobileId: report.mobileId, name: report.MobileName, reports: [report] });
  }
  return [...groups.values()];
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const openReports = (group: ReportGroup) => group.reports.filter((report) => report.status === 'open');

function ConfirmResolve({
  group,
  action,
  onClose,
  onDone,
}: {
  group: ReportGroup;
  action: ResolveAction;
  onClose: () => void;
  onDone: () => void;
}) {
  const resolve = useResolveReport();
  const toast = useToast();
  const open = openReports(group);
  const dismiss = action === 'dismiss';
  return (
    <Confirm
      title={dismiss ? `Dismiss ${plural(open.length, 'report')} on ${group.name}?` : `Remove ${group.name}?`}
      action={dismiss ? 'Dismiss' : 'Remove listing'}
      pending={resolve.isPending}
      onConfirm={() =>
        resolve.mutate(
          { reportIds: open.map((report) => report._id), action },
          {
            onSuccess: () => {
              toast.success(dismiss ? 'Reports dismissed' : 'Listing removed');
              onDone();
            },
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
      onClose={onClose}
    >
      {dismiss ? (
        <p>
          The listing stays up. {open.length === 1 ? 'The report leaves' : 'The reports leave'} the open queue
          and can be found under Dismissed.
        </p>
      ) : (
        <p>
          The listing is taken down: its page says it is not found, and it leaves the categories, search and
          every cart. Its unpaid bookings are cancelled (the buyers see why); paid bookings stay as history.
          Every open report on it is closed as removed.
        </p>
      )}
    </Confirm>
  );
}

function ReportGroupCard({
  group,
  showStatus,
  onResolve,
}: {
  group: ReportGroup;
  /** Not in the open queue, where every report is open. */
  showStatus: boolean;
  onResolve: (action: ResolveAction) => void;
}) {
  const removed = group.reports.every((report) => report.status === 'removed');
  const open = openReports(group).length;
  return (
    <Card
      as="li"
      headingLevel={2}
      // a removed listing has no page to go to
      title={removed ? group.name : <Link href={`/mobile/${group.mobileId}`}>{group.name}</Link>}
      actions={
        open > 0 ? (
          <>
            <Button
              variant="secondary"
              aria-label={`Dismiss reports on ${group.name}`}
              onPress={() => onResolve('dismiss')}
            >
              Dismiss
            </Button>
            <Button aria-label={`Remove listing ${group.name}`} onPress={() => onResolve('remove-listing')}>
              Remove listing
            </Button>
          </>
        ) : null
      }
    >
      <p className={styles.count}>{plural(group.reports.length, 'report')}</p>
      <ul className={styles.reports} aria-label={`Reports on ${group.name}`}>
        {group.reports.map((report) => {
          const { reason, note } = splitReason(report.Report);
          return (
            <li key={report._id} className={styles.report}>
              <p className={styles.line}>Reason: {reason}</p>
              {note ? <p className={styles.line}>Note: {note}</p> : null}
              <p className={styles.muted}>
                By {report.reporterEmail},{' '}
                <time dateTime={report.createdAt}>{formatPostedTime(report.createdAt)}</time>
              </p>
              {showStatus ? <p className={styles.muted}>Status: {statusWords[report.status]}</p> : null}
              {report.messageId ? (
                // an admin reads a thread only through a report naming one of its messages (audited)
                <p className={styles.line}>
                  <Link
                    href={`/dashboard/report/${report._id}/conversation`}
                    aria-label={`Read the reported conversation (report by ${report.reporterEmail})`}
                  >
                    Read the reported conversation
                  </Link>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

type Kind = 'listings' | 'reviews';
const KINDS: { id: Kind; label: string }[] = [
  { id: 'listings', label: 'Listings and messages' },
  { id: 'reviews', label: 'Reviews' },
];

/**
 * /dashboard/report (admins): the moderation queues. `?kind=reviews` shows the reported reviews (ReviewQueue);
 * without it, the listings' and messages' reports.
 */
export function ReportsPage() {
  const [kind, setKind] = useFilterParam(
    'kind',
    KINDS.map((option) => option.id),
    'listings',
  );
  const kindControl = (
    <Select
      label="Reported"
      options={KINDS}
      selectedKey={kind}
      onSelectionChange={(key) => setKind((key as Kind | null) ?? 'listings')}
    />
  );
  return kind === 'reviews' ? (
    <ReviewQueue kindControl={kindControl} />
  ) : (
    <ListingReports kindControl={kindControl} />
  );
}

/**
 * The listings' queue. Reports are grouped by listing within the page shown (the
 * contract pages reports, not listings); Dismiss closes a listing's open reports, Remove listing takes it down.
 * `?status=` picks open (the default), dismissed, removed or all, beside `?page=`.
 */
function ListingReports({ kindControl }: { kindControl: ReactNode }) {
  const [filter, setFilter] = useFilterParam(
    'status',
    FILTERS.map((option) => option.id),
    'open',
  );
  const paging = usePageParam();
  const reports = useReports(filter, paging.page);
  const [resolving, setResolving] = useState<{ group: ReportGroup; action: ResolveAction } | null>(null);
  const controls = useRef<HTMLDivElement>(null);
  const [resolved, setResolved] = useState(0);
  // The card just resolved leaves the list, and with it the button the dialog would give focus back to: the
  // page's heading takes it (after the dialog has closed, so the dialog does not move it again).
  useEffect(() => {
    if (resolved) controls.current?.closest('section')?.querySelector<HTMLElement>('h1')?.focus();
  }, [resolved]);
  return (
    <>
      <ListSection
        title="Reports"
        query={reports}
        paging={paging}
        label="reports"
        empty={EMPTY[filter]}
        controls={
          <div ref={controls} className={styles.filters}>
            {kindControl}
            <Select
              label="Status"
              options={FILTERS}
              selectedKey={filter}
              onSelectionChange={(key) => setFilter((key as ReportFilter | null) ?? 'open')}
            />
          </div>
        }
      >
        {({ items }) => (
          <ul className={grid} aria-label="Reported listings">
            {groupByListing(items).map((group) => (
              <ReportGroupCard
                key={group.mobileId}
                group={group}
                showStatus={filter !== 'open'}
                onResolve={(action) => setResolving({ group, action })}
              />
            ))}
          </ul>
        )}
      </ListSection>
      {resolving ? (
        <ConfirmResolve
          {...resolving}
          onClose={() => setResolving(null)}
          onDone={() => {
            setResolving(null);
            setResolved((count) => count + 1);
          }}
        />
      ) : null}
    </>
  );
}
