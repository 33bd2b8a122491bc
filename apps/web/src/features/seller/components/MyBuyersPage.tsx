import { Badge } from '@recell/ui/Badge';
import type { Booking } from '@recell/api';
import { DataTable, type Column } from '../../../components/DataTable';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { useSellerBuyers } from '../api/list-seller-buyers';

const columns: Column<Booking>[] = [
  { header: 'Buyer', cell: (booking) => booking.buyer },
  { header: 'Email', cell: (booking) => booking.email },
  { header: 'Phone', cell: (booking) => booking.phone || 'Not given' },
  { header: 'Booked phone', cell: (booking) => booking.MobileName },
  { header: 'Price', cell: (booking) => `$${booking.price}` },
  { header: 'Meeting location', cell: (booking) => booking.location || 'Not given' },
  {
    header: 'Payment',
    cell: (booking) => (booking.paid ? <Badge status="paid" /> : 'Not paid'),
  },
];

/** /dashboard/myBuyers (sellers): who booked the seller's phones and how to meet them (decisions.md). */
export function MyBuyersPage({ email }: { email: string }) {
  const paging = usePageParam();
  return (
    <ListSection
      skeleton="rows"
      title="My Buyers"
      query={useSellerBuyers(email, paging.page)}
      paging={paging}
      label="your buyers"
      empty="Nobody has booked your phones yet."
    >
      {({ items }) => <DataTable label="Buyers table" rows={items} columns={columns} />}
    </ListSection>
  );
}
