import { claimKindWords, webLinks, type Claim } from '@recell/api';
import { Link } from '@recell/ui/Link';
import { Link as RouteLink, useSearch } from 'wouter';
import { DataTable } from '../../../components/DataTable';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { useClaims, type ClaimQueue } from '../api/list-claims';
import * as styles from './Payouts.css';
import { cents, claimStateWord, when } from './payout-words';

const queues: { status: ClaimQueue; label: string; href: string }[] = [
  { status: 'open', label: 'Open', href: webLinks.claimsQueue() },
  { status: 'decided', label: 'Decided', href: `${webLinks.claimsQueue()}?status=decided` },
];

/** /dashboard/claims: the admins' queue, open claims oldest first (a tab for the decided ones, newest first). */
export function ClaimsQueuePage() {
  const status: ClaimQueue =
    new URLSearchParams(useSearch()).get('status') === 'decided' ? 'decided' : 'open';
  const paging = usePageParam();
  return (
    <ListSection
      title="Claims"
      skeleton="rows"
      query={useClaims(status, paging.page)}
      paging={paging}
      label="the claims"
      empty={status === 'open' ? 'No open claims.' : 'No decided claims yet.'}
      controls={
        <nav aria-label="Claims">
          <ul className={styles.tabs}>
            {queues.map((queue) => (
              <li key={queue.status}>
                <RouteLink
                  href={queue.href}
                  className={styles.tab}
                  aria-current={queue.status === status ? 'page' : undefined}
                >
                  {queue.label}
                </RouteLink>
              </li>
            ))}
          </ul>
        </nav>
      }
    >
      {({ items }) => (
        <DataTable<Claim>
          label="Claims table"
          rows={items}
          columns={[
            {
              header: 'Phone',
              cell: (claim) => <Link href={webLinks.claim(claim._id)}>{claim.MobileName}</Link>,
            },
            { header: 'Amount', cell: (claim) => cents(claim.amountCents) },
            { header: 'Problem', cell: (claim) => claimKindWords[claim.kind] },
            {
              header: 'Opened by',
              cell: (claim) => (claim.openedBy === 'device_check' ? 'IMEI check' : claim.buyer),
            },
            { header: 'Seller', cell: (claim) => claim.seller },
            { header: 'Opened', cell: (claim) => when(claim.createdAt) },
            { header: 'State', cell: (claim) => claimStateWord[claim.status] },
          ]}
        />
      )}
    </ListSection>
  );
}
