import type { Mobile } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { errorMessage, useToast } from '../../../lib/toast';
import { useUpdateMobile } from '../api/update-mobile';
import * as styles from './MyProductPage.css';

/**
 * Mark sold (stock 0) and Restock (one back in stock; Edit sets any number) are one button whose words follow the
 * stock, so focus stays on it after a press.
 */
function StockButton({ mobile }: { mobile: Mobile }) {
  const update = useUpdateMobile();
  const toast = useToast();
  const sold = mobile.stock === 0;
  return (
    <Button
      size="sm"
      variant="secondary"
      isPending={update.isPending}
      aria-label={`${sold ? 'Restock' : 'Mark sold'} ${mobile.title}`}
      onPress={() =>
        update.mutate(
          { id: mobile._id, changes: { stock: sold ? 1 : 0 } },
          {
            onSuccess: () =>
              toast.success(sold ? `${mobile.title} is back in stock` : `${mobile.title} is marked sold`),
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
    >
      {sold ? 'Restock' : 'Mark sold'}
    </Button>
  );
}

/** A row's actions, each named after its phone ("Edit Samsung Galaxy S21") for screen readers and tests. */
export function ProductActions({
  mobile,
  onEdit,
  onDelete,
}: {
  mobile: Mobile;
  onEdit: (mobile: Mobile) => void;
  onDelete: (mobile: Mobile) => void;
}) {
  return (
    <div className={styles.actions}>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Edit ${mobile.title}`}
        onPress={() => onEdit(mobile)}
      >
        Edit
      </Button>
      <StockButton mobile={mobile} />
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Delete ${mobile.title}`}
        onPress={() => onDelete(mobile)}
      >
        Delete
      </Button>
    </div>
  );
}
