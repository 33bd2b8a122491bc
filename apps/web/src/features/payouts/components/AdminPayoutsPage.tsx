import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { usePayouts } from '../api/list-payouts';
import { PayoutTable } from './PayoutsPage';

/** The admins' list of every seller's payouts, newest first. */
export function AdminPayoutsPage() {
  const paging = usePageParam();
  return (
    <ListSection
      title="All payouts"
      skeleton="rows"
      query={usePayouts({ page: paging.page })}
      paging={paging}
      label="the payouts"
      empty="No payouts yet."
    >
      {({ items }) => <PayoutTable payouts={items} withSeller />}
    </ListSection>
  );
}
