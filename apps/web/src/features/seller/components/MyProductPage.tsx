import { Badge } from '@recell/ui/Badge';
import type { Mobile } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { Link } from 'wouter';
import { DataTable, type Column } from '../../../components/DataTable';
import { ListSection } from '../../../components/QueryState';
import { thumb } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { useAdvertiseMobile } from '../api/advertise-mobile';
import { useSellerMobiles } from '../api/list-seller-mobiles';

function AdvertiseButton({ mobile, email }: { mobile: Mobile; email: string }) {
  const advertise = useAdvertiseMobile(email);
  const toast = useToast();
  if (mobile.advertised || advertise.isSuccess) return <Badge status="advertised" />;
  return (
    <Button
      size="sm"
      isDisabled={mobile.stock === 0}
      isPending={advertise.isPending}
      aria-label={`Advertise ${mobile.title}`}
      onPress={() =>
        advertise.mutate(mobile._id, {
          onSuccess: () => toast.success('Mobile has been published to the advertise section'),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      Advertise
    </Button>
  );
}

const columns = (email: string): Column<Mobile>[] => [
  {
    header: 'Picture',
    cell: (mobile) => <img src={mobile.picture} alt="" width={64} height={48} className={thumb} />,
  },
  { header: 'Phone', cell: (mobile) => mobile.title },
  { header: 'Price', cell: (mobile) => `$${mobile.resale_price}` },
  { header: 'Stock', cell: (mobile) => mobile.stock },
  { header: 'Status', cell: (mobile) => <Badge status={mobile.stock > 0 ? 'available' : 'sold'} /> },
  { header: 'Advertise', cell: (mobile) => <AdvertiseButton mobile={mobile} email={email} /> },
];

/** /dashboard/myProduct (sellers): the seller's listings with stock, availability and Advertise (§4). */
export function MyProductPage({ email }: { email: string }) {
  return (
    <>
      <ListSection
        skeleton="rows"
        title="My Product"
        query={useSellerMobiles(email)}
        label="your products"
        empty="You have not listed a phone yet."
      >
        {({ items }) => <DataTable label="Products table" rows={items} columns={columns(email)} />}
      </ListSection>
      <p>
        <Link href="/dashboard/addProduct">Add a product</Link>
      </p>
    </>
  );
}
