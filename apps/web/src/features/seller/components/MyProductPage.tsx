import { Badge } from '@recell/ui/Badge';
import type { components, Mobile } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { formatMoney } from '@recell/ui/format';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { DataTable, type Column } from '../../../components/DataTable';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { thumb } from '../../../components/styles.css';
import { focusHeadingAfterDialog } from '../../../lib/focus';
import { availability } from '../../../lib/listing';
import type { RenderPriceGuide } from '../../../lib/price-guide';
import { errorMessage, useToast } from '../../../lib/toast';
import { useAdvertiseMobile } from '../api/advertise-mobile';
import { useSellerMobiles } from '../api/list-seller-mobiles';
import { ConfirmDeleteProduct } from './ConfirmDeleteProduct';
import { ImeiModelNote } from './ImeiModelNote';
import * as styles from './MyProductPage.css';
import { ProductActions } from './ProductActions';

// the edit form (file picker, select, text area) loads when Edit is pressed, not with the list
const EditProductDialog = lazy(() =>
  import('./EditProductDialog').then((module) => ({ default: module.EditProductDialog })),
);

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

/** The phone just added (?added=<id>): its name takes focus once, so the seller starts from their new row. */
function AddedTitle({ mobile }: { mobile: Mobile }) {
  const mark = useRef<HTMLSpanElement>(null);
  useEffect(() => mark.current?.focus(), []);
  return (
    <span ref={mark} tabIndex={-1} className={styles.added}>
      {mobile.title} (new)
    </span>
  );
}

/** /dashboard/myProduct (sellers): the seller's listings with stock, availability, Advertise and their actions. */
export function MyProductPage({
  email,
  sellerPhone,
  renderPriceGuide,
}: {
  email: string;
  /** The account's phone (GET /me/phone), which Edit shows in place of a number field; undefined until known. */
  sellerPhone: components['schemas']['PhoneStatus'] | undefined;
  /** Edit's price guide, from the prices feature. */
  renderPriceGuide?: RenderPriceGuide;
}) {
  const paging = usePageParam();
  const added = new URLSearchParams(useSearch()).get('added');
  const query = useSellerMobiles(email, paging.page);
  const [editing, setEditing] = useState<Mobile | null>(null);
  const [deleting, setDeleting] = useState<Mobile | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const justAdded = query.data?.items.find((mobile) => mobile._id === added);

  const columns: Column<Mobile>[] = [
    {
      header: 'Picture',
      cell: (mobile) => <img src={mobile.picture} alt="" width={64} height={48} className={thumb} />,
    },
    {
      header: 'Phone',
      cell: (mobile) => (
        <>
          {mobile._id === added ? <AddedTitle mobile={mobile} /> : mobile.title}
          <ImeiModelNote mobile={mobile} onFix={setEditing} />
        </>
      ),
    },
    { header: 'Price', cell: (mobile) => formatMoney({ dollars: mobile.resale_price }) },
    { header: 'Stock', cell: (mobile) => mobile.stock },
    { header: 'Status', cell: (mobile) => <Badge status={availability(mobile)} /> },
    { header: 'Advertise', cell: (mobile) => <AdvertiseButton mobile={mobile} email={email} /> },
    {
      header: 'Actions',
      cell: (mobile) => <ProductActions mobile={mobile} onEdit={setEditing} onDelete={setDeleting} />,
    },
  ];

  return (
    <div ref={list}>
      <ListSection
        skeleton="rows"
        title="My Product"
        query={query}
        paging={paging}
        label="your products"
        empty="You have not listed a phone yet."
      >
        {({ items }) => (
          <>
            <p role="status">
              {justAdded ? `${justAdded.title} is listed: its row is marked “(new)” below.` : null}
            </p>
            <DataTable label="Products table" rows={items} columns={columns} />
          </>
        )}
      </ListSection>
      <p>
        <Link href="/dashboard/addProduct">Add a product</Link>
      </p>
      {editing ? (
        <Suspense fallback={null}>
          <EditProductDialog
            mobile={editing}
            sellerPhone={sellerPhone}
            onClose={() => setEditing(null)}
            renderPriceGuide={renderPriceGuide}
          />
        </Suspense>
      ) : null}
      {deleting ? (
        <ConfirmDeleteProduct
          mobile={deleting}
          onClose={() => setDeleting(null)}
          // the row and its buttons are gone: focus goes to the list's heading
          onDeleted={() => {
            setDeleting(null);
            focusHeadingAfterDialog(list.current);
          }}
        />
      ) : null}
    </div>
  );
}
