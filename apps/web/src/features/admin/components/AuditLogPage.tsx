import type { components } from '@recell/api';
import { usePageParam } from '../../../components/Pager';
import { DataTable, type Column } from '../../../components/DataTable';
import { ListSection } from '../../../components/QueryState';
import { formatPostedTime } from '../../../lib/listing';
import { useAuditLog } from '../api/list-audit-log';
import * as styles from './admin.css';

type AuditEntry = components['schemas']['AuditEntry'];

/** What each action did, in words, and what its target id names. */
export const actionWords: Record<AuditEntry['action'], { did: string; target: string }> = {
  'report.dismiss': { did: 'Dismissed a report', target: 'Report' },
  'report.remove-listing': { did: 'Removed a reported listing', target: 'Report' },
  'user.delete': { did: 'Deleted a user', target: 'User' },
  'user.verify': { did: 'Verified a seller', target: 'User' },
  'user.unverify': { did: 'Unverified a seller', target: 'User' },
  'conversation.read': { did: 'Read a reported conversation', target: 'Report' },
  'imei.block': { did: 'Marked an IMEI stolen or blocked', target: 'IMEI' },
  'imei.clear': { did: 'Cleared an IMEI', target: 'IMEI' },
  'imei.confirm-model': { did: "Confirmed a listing's model", target: 'Listing' },
  'imei.confirm-tac-model': { did: "Confirmed a TAC's model", target: 'TAC' },
  'review.hide': { did: 'Hid a review', target: 'Review' },
  'meetup-spot.create': { did: 'Added a meetup spot', target: 'Meetup spot' },
  'meetup-spot.update': { did: 'Changed a meetup spot', target: 'Meetup spot' },
  'meetup-spot.delete': { did: 'Removed a meetup spot', target: 'Meetup spot' },
  'claim.refund': { did: 'Refunded a buyer after a claim', target: 'Claim' },
  'claim.release': { did: "Released a claim's money to the seller", target: 'Claim' },
};

const columns: Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => <time dateTime={entry.at}>{formatPostedTime(entry.at)}</time> },
  { header: 'Admin', cell: (entry) => entry.actorEmail },
  { header: 'Action', cell: (entry) => actionWords[entry.action].did },
  {
    header: 'Target',
    // who or what, as it was when the admin acted; the id stays beside it, to search or copy
    cell: (entry) => (
      <div className={styles.target}>
        <span>{entry.targetName ?? `${actionWords[entry.action].target} ${entry.target}`}</span>{' '}
        {entry.targetName ? (
          <span className={styles.targetId}>
            {actionWords[entry.action].target} {entry.target}
          </span>
        ) : null}
      </div>
    ),
  },
];

/** /dashboard/auditLog (admins): what admins did, newest first, in pages. */
export function AuditLogPage() {
  const paging = usePageParam();
  return (
    <ListSection
      title="Audit log"
      query={useAuditLog(paging.page)}
      paging={paging}
      skeleton="rows"
      label="the audit log"
      empty="No admin actions yet."
    >
      {({ items }) => <DataTable label="Audit log table" rows={items} columns={columns} />}
    </ListSection>
  );
}
